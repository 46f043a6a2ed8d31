import { contactMessageSchema } from "#shared/contact.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { parseOrThrow, rateLimited } from "#server/errors.ts";
import type { Logger } from "#server/logger.ts";
import { enqueueContactMessage, MAIL_SETUP_HINT, mailDeliveryConfigured } from "#server/mail.ts";

function minutes(seconds: number) {
  const n = Math.ceil(seconds / 60);
  return n === 1 ? "1 minute" : `${n} minutes`;
}

/** The Contact Us form's domain: a message is validated, rate limited per client and stored in the outbox. */
export function createContact({ db, env, logger }: { db: Db; env: Env; logger: Logger }) {
  return {
    /** Once this resolves the message is in the outbox; the mail sender delivers it, retrying as long as it takes. */
    async sendContactMessage({ fields, clientIp }: { fields: Record<string, unknown>; clientIp: string }) {
      const message = parseOrThrow(contactMessageSchema, fields);
      const result = await enqueueContactMessage(db, message, clientIp, {
        max: env.CONTACT_RATE_LIMIT_MAX,
        windowSeconds: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
      });
      if (!result.stored) {
        throw rateLimited(
          `You have sent several messages in a short time. Please wait ${minutes(result.retryAfterSeconds)} and try again.`,
          result.retryAfterSeconds,
        );
      }
      if (!mailDeliveryConfigured(env)) {
        logger.warn({ id: result.id }, `Contact message stored in the outbox but not mailed. ${MAIL_SETUP_HINT}`);
      }
      return { ok: true as const };
    },
  };
}

export type Contact = ReturnType<typeof createContact>;
