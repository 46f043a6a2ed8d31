import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { mailOutbox } from "#server/db/schema.ts";

export type OutgoingMail = {
  /**
   * The same mail computed twice (two instances, a retried run) has the same key and is stored once. Mail that is
   * new each time it is asked for (a verification link, a review notice) leaves it out and gets a key of its own.
   */
  dedupeKey?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Plain text only, outside the board's HTML layout: for a mail to an address a visitor typed and nobody proved (an
   * applicant's), so the board's look lends nothing to what that visitor wrote.
   */
  textOnly?: boolean;
  headers?: Record<string, string>;
};

export type StoredMail = typeof mailOutbox.$inferSelect;
export type MailKind = StoredMail["kind"];

type Executor = Pick<Db, "insert">;

const toRow = (mail: OutgoingMail) => ({
  dedupeKey: mail.dedupeKey ?? randomUUID(),
  toAddress: mail.to,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.textOnly ? null : (mail.html ?? null),
  textOnly: mail.textOnly ?? false,
  headers: mail.headers ?? {},
});

/** Stores a mail for the sender; true when stored now, false when a mail with this key already was. */
export async function enqueueMail(db: Executor, mail: OutgoingMail): Promise<boolean> {
  const rows = await db
    .insert(mailOutbox)
    .values(toRow(mail))
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Several mails at once (one per admin, say), each stored once. */
export async function enqueueMails(db: Executor, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(mails.map(toRow)).onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/**
 * Reserves up to `limit` due mails of these kinds for this instance. `FOR UPDATE SKIP LOCKED` lets concurrent instances
 * claim disjoint rows, and pushing `next_attempt_at` past the lease keeps them claimed once the statement commits,
 * so SMTP runs outside any transaction (PGlite has one connection; a long transaction would stall every request).
 */
export async function claimDueMails(
  db: Db,
  { limit, leaseMs, kinds }: { limit: number; leaseMs: number; kinds: MailKind[] },
): Promise<StoredMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`), inArray(mailOutbox.kind, kinds)),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.queueOrder))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING lists the rows as the table holds them, not in the order they were chosen: sent in it, two digests of one
  // alert reached the reader newest first about half the time. Queued first, sent first.
  return claimed.sort((a, b) => a.queueOrder - b.queueOrder);
}

export async function markMailSent(db: Db, id: string) {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

export async function markMailFailed(db: Db, id: string, error: string, delayMs: number) {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

/** Hands back mails claimed but not attempted, so another instance need not wait out the lease. */
export async function releaseClaims(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${mailOutbox.attempts} - 1` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "pending")));
}

/** Keys per statement: far below PostgreSQL's 65,535 parameters, for a retention run that erases thousands. */
const FORGET_BATCH = 5_000;

/**
 * Forgets the mails stored under these keys (an application erased): one not sent yet is dropped, so it never goes;
 * one sent keeps its row and key, so it is not sent again, with its address, subject and text emptied.
 */
export async function forgetMails(db: Pick<Db, "delete" | "update">, keys: readonly string[]): Promise<void> {
  for (let at = 0; at < keys.length; at += FORGET_BATCH) {
    const batch = inArray(mailOutbox.dedupeKey, keys.slice(at, at + FORGET_BATCH));
    await db.delete(mailOutbox).where(and(batch, eq(mailOutbox.status, "pending")));
    await db
      .update(mailOutbox)
      .set({ toAddress: "", subject: "", textBody: "", htmlBody: null, headers: {}, lastError: null })
      .where(and(batch, eq(mailOutbox.kind, "mail")));
  }
}

export async function countPendingMails(db: Db, kinds: MailKind[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), inArray(mailOutbox.kind, kinds)));
  return row?.n ?? 0;
}
