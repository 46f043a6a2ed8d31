import { Hono } from "hono";
import { isDomainError } from "#server/errors.ts";
import { readFormFields, readJsonObject } from "#server/http/body.ts";
import { spendChallenge } from "#server/api/challenge.ts";
import type { AppBindings } from "#server/http/types.ts";
import { CONTACT_HONEYPOT, type CONTACT_FORM_ERRORS } from "#shared/contact.ts";

/** `POST /api/sendEmail`: the message is in the outbox before we answer ok; the mail sender delivers it. */
export const contactApi = new Hono<AppBindings>().post("/sendEmail", async (c) => {
  const fields = await readJsonObject(c);
  await spendChallenge(c);
  return c.json(await c.get("services").contact.sendContactMessage({ fields, clientIp: c.get("clientIp") }));
});

/**
 * `POST /contact`: the contact form sent by a browser without JavaScript (ADR 41). It carries no proof of work, so
 * the per-address limit and the honeypot hold it; the answer is the page again, saying how it went.
 */
export const contactFormPost = new Hono<AppBindings>().post("/contact", async (c) => {
  const { [CONTACT_HONEYPOT]: honeypot, ...fields } = await readFormFields(c);
  const back = (outcome: "sent=1" | `error=${keyof typeof CONTACT_FORM_ERRORS}`) =>
    c.redirect(`/contact?${outcome}#contact-form`, 303);
  if (honeypot) return back("sent=1");
  try {
    await c.get("services").contact.sendContactMessage({ fields, clientIp: c.get("clientIp") });
    return back("sent=1");
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return back(error.code === "RATE_LIMITED" ? "error=limited" : "error=invalid");
  }
});
