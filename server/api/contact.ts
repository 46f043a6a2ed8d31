import { Hono } from "hono";
import { readJsonObject } from "#server/http/body.ts";
import { answerFormPost } from "#server/http/form-post.ts";
import { spendChallenge } from "#server/api/challenge.ts";
import type { AppBindings } from "#server/http/types.ts";
import type { CONTACT_FORM_ERRORS } from "#shared/contact.ts";

/** `POST /api/sendEmail`: the message is in the outbox before we answer ok; the mail sender delivers it. */
export const contactApi = new Hono<AppBindings>().post("/sendEmail", async (c) => {
  const fields = await readJsonObject(c);
  await spendChallenge(c);
  return c.json(await c.get("services").contact.sendContactMessage({ fields, clientIp: c.get("clientIp") }));
});

/**
 * `POST /contact`: the contact form sent by a browser without JavaScript (ADR 41). It carries no proof of work (a page
 * without scripts cannot make one), so the honeypot, the API's per-address limit and a stricter one of its own
 * (CONTACT_FORM_RATE_LIMIT_MAX) hold it; the answer is the page again, saying how it went.
 */
export const contactFormPost = new Hono<AppBindings>().post("/contact", (c) =>
  answerFormPost<keyof typeof CONTACT_FORM_ERRORS>(c, {
    submit: (fields) =>
      c.get("services").contact.sendContactMessage({ fields, clientIp: c.get("clientIp"), noScript: true }),
    refusals: { VALIDATION_FAILED: "invalid", RATE_LIMITED: "limited" },
    back: (outcome) => `/contact?${outcome === "sent" ? "sent=1" : `error=${outcome}`}#contact-form`,
    notSent: "Your message was not sent",
  }),
);
