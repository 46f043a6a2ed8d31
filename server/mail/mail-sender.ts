import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { claimDueMails, markMailFailed, markMailSent, type StoredMail } from "#server/mail/mail-outbox.ts";
import { retryDelayMs } from "#server/mail/sender.ts";
import { repeat } from "#server/repeat.ts";

const SETTINGS = { batchSize: 20, retryBaseMs: 30_000, retryMaxMs: 60 * 60_000, leaseMs: 5 * 60_000 };

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

function toMessage(mail: StoredMail, from: string, host: string) {
  return {
    from,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.textBody,
    ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
    headers: mail.headers,
    // Derived from the row: a delivery retried after a lost answer is recognisably the same mail.
    messageId: `<mail-${mail.id}@${host}>`,
  };
}

/**
 * Delivers every due mail of the outbox once (a failed one is retried later, with backoff, never dropped).
 * Returns how many were delivered. Safe with several instances: each claims its own rows.
 */
export async function deliverDueMails({
  db,
  env,
  logger,
  transport,
  retryBaseMs = SETTINGS.retryBaseMs,
}: {
  db: Db;
  env: Pick<Env, "MAIL_FROM" | "PUBLIC_URL">;
  logger: Logger;
  transport: Transporter;
  retryBaseMs?: number;
}): Promise<number> {
  const host = new URL(env.PUBLIC_URL).hostname || "localhost";
  let delivered = 0;
  for (;;) {
    const batch = await claimDueMails(db, SETTINGS.batchSize, SETTINGS.leaseMs);
    for (const mail of batch) {
      try {
        await transport.sendMail(toMessage(mail, env.MAIL_FROM, host));
      } catch (error) {
        const delayMs = retryDelayMs(mail.attempts, retryBaseMs, SETTINGS.retryMaxMs);
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn(
          { id: mail.id, attempts: mail.attempts, retryInMs: delayMs, reason },
          "mail not delivered yet; will retry",
        );
        await markMailFailed(db, mail.id, reason, delayMs);
        continue;
      }
      await markMailSent(db, mail.id);
      delivered += 1;
    }
    if (batch.length < SETTINGS.batchSize) return delivered;
  }
}

/** Delivers the mail outbox every few seconds while SMTP_URL is set; without it, mails wait in the outbox. */
export function startMailSender({
  db,
  env,
  logger,
  pollIntervalMs = 5_000,
  retryBaseMs = SETTINGS.retryBaseMs,
}: {
  db: Db;
  env: Env;
  logger: Logger;
  pollIntervalMs?: number;
  /** The first retry's delay, doubled per attempt up to an hour. */
  retryBaseMs?: number;
}) {
  if (!env.SMTP_URL) {
    logger.warn("SMTP_URL is not set: account, review and alert mails wait in the outbox until it is.");
    return { stop: async () => undefined };
  }
  const transport = createTransport(env.SMTP_URL);
  const loop = repeat(
    () => deliverDueMails({ db, env, logger, transport, retryBaseMs }),
    pollIntervalMs,
    logger,
    "mail outbox pass",
  );
  return {
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
