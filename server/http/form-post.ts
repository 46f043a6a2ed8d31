import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_STATUS, type ErrorCode } from "#shared/errors.ts";
import { HONEYPOT_FIELD, type FormRefusal } from "#shared/form-post.ts";
import { escapeHtml } from "#shared/html.ts";
import { isDomainError, type DomainError } from "#server/errors.ts";
import { readFormFields } from "#server/http/body.ts";
import { htmlAnswer, htmlPage } from "#server/http/html-page.ts";
import type { AppBindings } from "#server/http/types.ts";

/**
 * Forms a browser posts itself, without JavaScript, to the page it is on (ADR 41). They carry no proof of work, so the
 * honeypot and the domain's own limits hold them; the answer is always a page, never the API's JSON.
 */

type Taken<T> = { fields: Record<string, string> } & (
  { sent: true; result: T | undefined } | { sent: false; error: DomainError }
);

/** Reads the form, drops a post with the honeypot filled (a success to the bot), and submits the rest. */
async function takeFormPost<T>(
  c: Context<AppBindings>,
  submit: (fields: Record<string, string>) => Promise<T>,
): Promise<Taken<T>> {
  let posted: Record<string, string>;
  try {
    posted = await readFormFields(c);
  } catch (error) {
    // A body too large, of another type or unreadable is refused as a page too, with nothing of it kept.
    if (!isDomainError(error)) throw error;
    return { fields: {}, sent: false, error };
  }
  const { [HONEYPOT_FIELD]: honeypot, ...fields } = posted;
  if (honeypot) return { fields, sent: true, result: undefined };
  try {
    return { fields, sent: true, result: await submit(fields) };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { fields, sent: false, error };
  }
}

/**
 * A refusal the form's page has no words for (the listing went away, another employer's listing): a page of its
 * own, with the refusal's status and words and the way back to the page the form was on.
 */
function refusedPage(c: Context<AppBindings>, title: string, error: DomainError): Response {
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  const body = `<p>${escapeHtml(error.message)}</p><p><a href="${escapeHtml(c.req.path)}">Go back to the page</a></p>`;
  const status = ERROR_STATUS[error.code] as ContentfulStatusCode;
  return htmlAnswer(c, htmlPage(c.get("services").site.name, title, body), status);
}

/**
 * A form whose outcome fits in the address: the browser goes back to the page (303, so a reload does not post again)
 * with `sent`, or the refusal `refusals` names for the domain's code, for the page to turn into words from `shared/`.
 * A refusal it does not name gets a page of its own, titled `notSent`.
 */
export async function answerFormPost<Refusal extends string, T = unknown>(
  c: Context<AppBindings>,
  {
    submit,
    refusals,
    back,
    notSent,
  }: {
    submit: (fields: Record<string, string>) => Promise<T>;
    refusals: Partial<Record<ErrorCode, Refusal>>;
    /** `result` is what `submit` resolved to; none for a post the honeypot dropped. */
    back: (outcome: "sent" | Refusal, fields: Record<string, string>, result?: T) => string;
    notSent: string;
  },
): Promise<Response> {
  const taken = await takeFormPost(c, submit);
  if (taken.sent) return c.redirect(back("sent", taken.fields, taken.result), 303);
  const refusal = refusals[taken.error.code];
  if (refusal) return c.redirect(back(refusal, taken.fields), 303);
  return refusedPage(c, notSent, taken.error);
}

/**
 * A form whose refusal must come back with everything typed (a job's description does not fit in an address): on
 * success the browser goes on to `done` (303); a refusal is answered by the form's page itself, rendered for this post
 * with the refusal (its route's action reads it: `formRefusal` in app/context.server.ts) and the refusal's status.
 */
export async function answerFormPostOnPage<T>(
  c: Context<AppBindings>,
  {
    submit,
    done,
    notSent,
    withheld = [],
  }: {
    submit: (fields: Record<string, string>) => Promise<T>;
    /** `result` is what `submit` resolved to; none for a post the honeypot dropped. */
    done: (result?: T) => string;
    notSent: string;
    /** Fields never sent back with a refusal (a password). */
    withheld?: string[];
  },
): Promise<Response> {
  const taken = await takeFormPost(c, submit);
  if (taken.sent) return c.redirect(done(taken.result), 303);
  const { code, message, fields = {} } = taken.error;
  const values = Object.fromEntries(Object.entries(taken.fields).filter(([name]) => !withheld.includes(name)));
  const refusal: FormRefusal = { code, message, fields, values };
  const renderRefusal = c.get("renderRefusal");
  // Without pages (an API-only server) the refusal still answers as a page, if a plainer one.
  return renderRefusal ? renderRefusal(refusal) : refusedPage(c, notSent, taken.error);
}
