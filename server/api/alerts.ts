import { Hono, type Context } from "hono";
import { isDomainError } from "#server/errors.ts";
import { readFormFields, readJsonObject } from "#server/http/body.ts";
import { answerFormPost } from "#server/http/form-post.ts";
import { htmlAnswer } from "#server/http/html-page.ts";
import { spendChallenge } from "#server/api/challenge.ts";
import type { AppBindings } from "#server/http/types.ts";
import { alertSearchSchema, type AlertFormRefusal } from "#shared/alerts.ts";
import {
  confirmedPage,
  confirmPage,
  managePage,
  messagePage,
  unsubscribedPage,
  unsubscribePage,
} from "#server/alerts.ts";

/** POST /api/alerts: the home page's subscription form (JSON, like every write from the app). */
export const alertsApi = new Hono<AppBindings>().post("/alerts", async (c) => {
  const fields = await readJsonObject(c);
  await spendChallenge(c);
  return c.json(await c.get("services").alerts.subscribe({ fields, clientIp: c.get("clientIp") }), 202);
});

/** The alert form's own fields; every other field it sends is the search the alert follows (the home page's query). */
function splitAlertForm({ email, frequency, ...search }: Record<string, string>) {
  return { email, frequency, search };
}

const SEARCH_KEYS = new Set(Object.keys(alertSearchSchema.shape));
/** A search's address is a header: longer than this, a forged post goes back to the home page without its search. */
const MAX_SEARCH_CHARS = 2000;

/** The search a no-JS alert post goes back to: only the keys a search has, and not past a sane length. */
function searchToGoBackTo(fields: Record<string, string>): URLSearchParams {
  const { search } = splitAlertForm(fields);
  const query = new URLSearchParams(Object.entries(search).filter(([key]) => SEARCH_KEYS.has(key)));
  return query.toString().length > MAX_SEARCH_CHARS ? new URLSearchParams() : query;
}

/**
 * `POST /`: the home page's alert form sent by a browser without JavaScript (ADR 41). No proof of work: the honeypot
 * and the same per-address limit as the API hold it; the answer is the same search again, saying how it went.
 */
export const alertFormPost = new Hono<AppBindings>().post("/", (c) =>
  answerFormPost<AlertFormRefusal>(c, {
    submit: (fields) =>
      c.get("services").alerts.subscribe({ fields: splitAlertForm(fields), clientIp: c.get("clientIp") }),
    refusals: { VALIDATION_FAILED: "invalid", CONFLICT: "full", RATE_LIMITED: "limited" },
    back: (outcome, fields) => {
      const query = searchToGoBackTo(fields);
      query.set("alert", outcome);
      return `/?${query}#job-alert`;
    },
    notSent: "Your alert was not set up",
  }),
);

const siteName = (c: Context<AppBindings>) => c.get("services").site.name;

/** A domain refusal (an expired or forged link) as a page, since these are opened from mail, not by the app. */
async function asPage(c: Context<AppBindings>, action: () => Promise<Response>): Promise<Response> {
  try {
    return await action();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return htmlAnswer(
      c,
      messagePage(siteName(c), "This link does not work", error.message),
      error.code === "NOT_FOUND" ? 404 : 400,
    );
  }
}

/**
 * /alerts/*: the pages alert mails link to. A GET never changes anything (mail scanners follow links); the page's
 * button POSTs. The unsubscribe link also takes RFC 8058's one-click POST straight from a mail client.
 */
export const alertPages = new Hono<AppBindings>()
  .get("/confirm/:token", (c) =>
    asPage(c, async () => {
      const alerts = c.get("services").alerts;
      const { search } = await alerts.describeConfirmation({ token: c.req.param("token") });
      return htmlAnswer(c, confirmPage(siteName(c), search));
    }),
  )
  .post("/confirm/:token", (c) =>
    asPage(c, async () => {
      const { search, manageUrl } = await c.get("services").alerts.confirm({ token: c.req.param("token") });
      return htmlAnswer(c, confirmedPage(siteName(c), search, manageUrl));
    }),
  )
  .get("/unsubscribe/:token", async (c) =>
    htmlAnswer(
      c,
      unsubscribePage(siteName(c), await c.get("services").alerts.describeUnsubscribe({ token: c.req.param("token") })),
    ),
  )
  .post("/unsubscribe/:token", (c) =>
    asPage(c, async () => {
      await c.get("services").alerts.unsubscribe({ token: c.req.param("token") });
      return htmlAnswer(c, unsubscribedPage(siteName(c)));
    }),
  )
  .get("/manage/:token/", (c) =>
    asPage(c, async () => {
      const { email, alerts } = await c.get("services").alerts.listAlerts({ token: c.req.param("token") });
      return htmlAnswer(c, managePage(siteName(c), email, alerts, c.req.query("done")));
    }),
  )
  .get("/manage/:token", (c) => c.redirect(`${c.req.path}/`, 301))
  .post("/manage/:token/delete-all", (c) =>
    asPage(c, async () => {
      await c.get("services").alerts.deleteAllAlerts({ token: c.req.param("token") });
      return c.redirect(`../${c.req.param("token")}/?done=${encodeURIComponent("All alerts deleted.")}`, 303);
    }),
  )
  .post("/manage/:token/:id/delete", (c) =>
    asPage(c, async () => {
      await c.get("services").alerts.deleteAlert({ token: c.req.param("token"), id: c.req.param("id") });
      return c.redirect(`../?done=${encodeURIComponent("Alert deleted.")}`, 303);
    }),
  )
  .post("/manage/:token/:id", (c) =>
    asPage(c, async () => {
      const form = await readFormFields(c);
      await c.get("services").alerts.changeFrequency({
        token: c.req.param("token"),
        id: c.req.param("id"),
        fields: { frequency: form.frequency },
      });
      return c.redirect(`./?done=${encodeURIComponent("Frequency saved.")}`, 303);
    }),
  );
