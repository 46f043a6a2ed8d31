import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { composeContactMail, type StoredContactMessage } from "#server/mail/contact-mail.ts";

export type OutboxSenderOptions = {
  /** How often the outbox is checked for due messages. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** First retry delay after a failed delivery; doubles per attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed message is reserved for this instance; longer than the worst-case SMTP exchange. */
  leaseMs?: number;
};

export type OutboxSender = { stop: () => Promise<void> };

const DEFAULTS: Required<OutboxSenderOptions> = {
  pollIntervalMs: 5_000,
  batchSize: 20,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
};

export const MAIL_SETUP_HINT =
  "Set SMTP_URL (for example smtp://user:password@smtp.example.com:587, or smtps://user:password@smtp.example.com:465) " +
  "and CONTACT_TO (the address that receives contact messages); messages already in the outbox are sent once both are set.";

export function mailDeliveryConfigured(env: Pick<Env, "SMTP_URL" | "CONTACT_TO">): boolean {
  return Boolean(env.SMTP_URL && env.CONTACT_TO);
}

/** Delay before attempt `attempts + 1`: exponential, capped, never giving up (a message is never dropped). */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Reserves up to `limit` due messages for this instance. `FOR UPDATE SKIP LOCKED` lets concurrent instances
 * claim disjoint rows, and pushing `next_attempt_at` past the lease keeps them claimed once the statement commits,
 * so SMTP runs outside any transaction (PGlite has one connection; a long transaction would stall every request).
 */
export async function claimDueMessages(db: Db, limit: number, leaseMs: number): Promise<StoredContactMessage[]> {
  const due = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.status, "pending"), lte(contactMessages.nextAttemptAt, sql`now()`)))
    .orderBy(asc(contactMessages.nextAttemptAt), asc(contactMessages.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(contactMessages)
    .set({
      attempts: sql`${contactMessages.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(contactMessages.id, due))
    .returning();
}

async function markSent(db: Db, id: string) {
  await db
    .update(contactMessages)
    .set({ status: "sent", sentAt: sql`now()`, lastError: null })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "pending")));
}

async function markFailed(db: Db, id: string, error: string, delayMs: number) {
  await db
    .update(contactMessages)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "pending")));
}

/** Hands back messages claimed but not attempted, so another instance need not wait out the lease. */
async function releaseClaims(db: Db, ids: string[]) {
  await db
    .update(contactMessages)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${contactMessages.attempts} - 1` })
    .where(and(inArray(contactMessages.id, ids), eq(contactMessages.status, "pending")));
}

/**
 * Delivers the contact outbox to CONTACT_TO over SMTP_URL until stopped. Without both settings it only says
 * how to configure delivery; the messages wait in the outbox.
 */
export function startOutboxSender(
  { env, logger, database }: { env: Env; logger: Logger; database: { db: Db } },
  options: OutboxSenderOptions = {},
): OutboxSender {
  const settings = { ...DEFAULTS, ...options };
  if (!env.SMTP_URL || !env.CONTACT_TO) {
    void database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(eq(contactMessages.status, "pending"))
      .then(([row]) =>
        logger.warn(
          { pending: row?.n ?? 0 },
          `Contact mail delivery is off; messages stay in the outbox (the contact_messages table of the database). ${MAIL_SETUP_HINT}`,
        ),
      )
      .catch(() =>
        logger.warn(
          `Contact mail delivery is off; messages stay in the outbox (the contact_messages table of the database). ${MAIL_SETUP_HINT}`,
        ),
      );
    return { stop: async () => undefined };
  }

  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const mailSettings = { from: env.MAIL_FROM, to: env.CONTACT_TO, publicUrl: env.PUBLIC_URL };

  async function deliver(message: StoredContactMessage) {
    try {
      await transport.sendMail(composeContactMail(message, mailSettings));
    } catch (error) {
      const delayMs = retryDelayMs(message.attempts, settings.retryBaseMs, settings.retryMaxMs);
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn(
        { id: message.id, attempts: message.attempts, retryInMs: delayMs, reason },
        "contact mail not delivered yet; will retry",
      );
      await markFailed(database.db, message.id, reason, delayMs);
      return;
    }
    await markSent(database.db, message.id);
    logger.info({ id: message.id, attempts: message.attempts }, "contact mail delivered");
  }

  async function drain() {
    for (;;) {
      const batch = await claimDueMessages(database.db, settings.batchSize, settings.leaseMs);
      for (const [index, message] of batch.entries()) {
        if (stopped) {
          await releaseClaims(
            database.db,
            batch.slice(index).map((m) => m.id),
          );
          return;
        }
        await deliver(message);
      }
      if (batch.length < settings.batchSize || stopped) return;
    }
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      pass = drain()
        .catch((error: unknown) => logger.error({ err: error }, "contact outbox pass failed; will try again"))
        .finally(() => {
          if (!stopped) schedule(settings.pollIntervalMs);
        });
    }, delay);
  };
  schedule(0);
  logger.info({ to: env.CONTACT_TO }, "contact mail delivery started");

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
      transport.close();
    },
  };
}
