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
    /**
     * Once this resolves the message is in the outbox; the mail sender delivers it, retrying as long as it takes. A
     * message sent without scripts (`noScript`) carried no proof of work, so it meets a stricter limit of its own too.
     */
    async sendContactMessage({
      fields,
      clientIp,
      noScript = false,
    }: {
      fields: Record<string, unknown>;
      clientIp: string;
      noScript?: boolean;
    }) {
      const message = parseOrThrow(contactMessageSchema, fields);
      const result = await enqueueContactMessage(
        db,
        message,
        clientIp,
        { max: env.CONTACT_RATE_LIMIT_MAX, windowSeconds: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS },
        noScript
          ? { max: env.CONTACT_FORM_RATE_LIMIT_MAX, windowSeconds: env.CONTACT_FORM_RATE_LIMIT_WINDOW_SECONDS }
          : undefined,
      );
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
