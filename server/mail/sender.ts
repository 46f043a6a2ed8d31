import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { composeMail } from "#server/mail/compose.ts";
import {
  claimDueMails,
  countPendingMails,
  markMailFailed,
  markMailSent,
  releaseClaims,
  type MailKind,
} from "#server/mail/outbox.ts";
import { repeat } from "#server/repeat.ts";

/** The one set of delivery rules, for every mail of the outbox. */
export type DeliveryOptions = {
  batchSize?: number;
  /** First retry delay after a failed delivery; doubles per attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed mail is reserved for this instance; longer than the worst-case SMTP exchange. */
  leaseMs?: number;
};

const DEFAULTS: Required<DeliveryOptions> = {
  batchSize: 20,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
};

export const MAIL_SETUP_HINT =
  "Set SMTP_URL (for example smtp://user:password@smtp.example.com:587, or smtps://user:password@smtp.example.com:465) " +
  "and CONTACT_TO (the address that receives contact messages); messages already in the outbox are sent once both are set.";

/** Whether contact messages are mailed: they need a mail server and an inbox to go to. */
export function mailDeliveryConfigured(env: Pick<Env, "SMTP_URL" | "CONTACT_TO">): boolean {
  return Boolean(env.SMTP_URL && env.CONTACT_TO);
}

/** Delay before attempt `attempts + 1`: exponential, capped, never giving up (a mail is never dropped). */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/** Contact messages wait, unsent and unclaimed, until CONTACT_TO says where they go. */
const deliverableKinds = (env: Pick<Env, "CONTACT_TO">): MailKind[] =>
  env.CONTACT_TO ? ["mail", "contact"] : ["mail"];

/**
 * Delivers every due mail of the outbox once (a failed one is retried later, with backoff, never dropped), until
 * `signal` aborts: the mails claimed but not yet attempted are then handed back at once. Returns how many were
 * delivered. Safe with several instances: each claims its own rows.
 */
export async function deliverDueMails({
  db,
  env,
  logger,
  transport,
  signal,
  ...options
}: {
  db: Db;
  env: Pick<Env, "MAIL_FROM" | "PUBLIC_URL" | "CONTACT_TO" | "SITE_NAME">;
  logger: Logger;
  transport: Transporter;
  signal?: AbortSignal;
} & DeliveryOptions): Promise<number> {
  const settings = { ...DEFAULTS, ...options };
  const compose = {
    from: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    contactTo: env.CONTACT_TO,
    siteName: env.SITE_NAME,
  };
  const kinds = deliverableKinds(env);
  let delivered = 0;
  for (;;) {
    const batch = await claimDueMails(db, { limit: settings.batchSize, leaseMs: settings.leaseMs, kinds });
    for (const [index, mail] of batch.entries()) {
      if (signal?.aborted) {
        await releaseClaims(
          db,
          batch.slice(index).map((unsent) => unsent.id),
        );
        return delivered;
      }
      try {
        await transport.sendMail(composeMail(mail, compose));
      } catch (error) {
        const delayMs = retryDelayMs(mail.attempts, settings.retryBaseMs, settings.retryMaxMs);
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn(
          { id: mail.id, kind: mail.kind, attempts: mail.attempts, retryInMs: delayMs, reason },
          "mail not delivered yet; will retry",
        );
        await markMailFailed(db, mail.id, reason, delayMs);
        continue;
      }
      await markMailSent(db, mail.id);
      logger.debug({ id: mail.id, kind: mail.kind, attempts: mail.attempts }, "mail delivered");
      delivered += 1;
    }
    if (batch.length < settings.batchSize || signal?.aborted) return delivered;
  }
}

/** Says, with how many wait, which mails stay in the outbox and how to have them sent. */
function warnUndelivered(db: Db, logger: Logger, kinds: MailKind[], message: string) {
  const text = `${message} ${MAIL_SETUP_HINT}`;
  void countPendingMails(db, kinds)
    .then((pending) => logger.warn({ pending }, text))
    .catch(() => logger.warn(text));
}

/**
 * The one mail sender: delivers the outbox (account, alert and review mail; contact messages to CONTACT_TO) every
 * few seconds while SMTP_URL is set. Without it every mail waits in the outbox, and without CONTACT_TO the contact
 * messages do; the log says how to configure delivery.
 */
export function startMailSender({
  db,
  env,
  logger,
  pollIntervalMs = 5_000,
  ...options
}: {
  db: Db;
  env: Env;
  logger: Logger;
  /** How often the outbox is checked for due mails. */
  pollIntervalMs?: number;
} & DeliveryOptions) {
  if (!env.SMTP_URL) {
    warnUndelivered(
      db,
      logger,
      ["mail", "contact"],
      "Mail delivery is off; every mail waits in the outbox (the mail_outbox table of the database; admins read contact messages at /admin/messages).",
    );
    return { stop: async () => undefined };
  }
  if (!env.CONTACT_TO) {
    warnUndelivered(
      db,
      logger,
      ["contact"],
      "Contact messages are not mailed; they wait in the outbox (admins read them at /admin/messages).",
    );
  }
  const transport = createTransport(env.SMTP_URL);
  const loop = repeat(
    async (signal) => {
      const delivered = await deliverDueMails({ db, env, logger, transport, signal, ...options });
      if (delivered > 0) logger.info({ delivered }, "mails delivered");
    },
    pollIntervalMs,
    logger,
    "mail outbox pass",
  );
  logger.info({ contactTo: env.CONTACT_TO ?? null }, "mail delivery started");
  return {
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
