import { Hono } from "hono";
import { contactMessageSchema } from "~/lib/contact";
import { ApiError, parseOrThrow } from "../errors";
import { readJsonObject } from "../http/body";
import type { AppBindings } from "../http/types";
import { enqueueContactMessage } from "../mail/outbox";
import { MAIL_SETUP_HINT, mailDeliveryConfigured } from "../mail/sender";

function minutes(seconds: number) {
  const n = Math.ceil(seconds / 60);
  return n === 1 ? "1 minute" : `${n} minutes`;
}

/** `POST /api/sendEmail`: the message is in the outbox before we answer ok; the mail sender delivers it. */
export const contactApi = new Hono<AppBindings>().post("/sendEmail", async (c) => {
  const { database, env, logger } = c.get("services");
  const message = parseOrThrow(contactMessageSchema, await readJsonObject(c));
  const result = await enqueueContactMessage(database.db, message, c.get("clientIp"), {
    max: env.CONTACT_RATE_LIMIT_MAX,
    windowSeconds: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!result.stored) {
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw new ApiError(
      429,
      "RATE_LIMITED",
      `You have sent several messages in a short time. Please wait ${minutes(result.retryAfterSeconds)} and try again.`,
    );
  }
  if (!mailDeliveryConfigured(env)) {
    logger.warn({ id: result.id }, `Contact message stored in the outbox but not mailed. ${MAIL_SETUP_HINT}`);
  }
  return c.json({ ok: true });
});
