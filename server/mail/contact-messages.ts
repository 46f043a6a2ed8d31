import { randomUUID } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import type { ContactMessage } from "#shared/contact.ts";
import type { Db } from "#server/db/client.ts";
import { mailOutbox } from "#server/db/schema.ts";
import { contactMessageOf } from "#server/mail/contact-mail.ts";
import { checkRateLimit, inRateLimitedTransaction, type RateLimit } from "#server/rate-limit.ts";

/** A contact message as the admins' messages page shows it, with its delivery state. */
export type ContactMessageView = {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  status: "pending" | "sent";
  attempts: number;
  lastError: string | null;
  receivedAt: string;
  sentAt: string | null;
};

export type EnqueueResult = { stored: true; id: string } | { stored: false; retryAfterSeconds: number };

const isContact = eq(mailOutbox.kind, "contact");
/** A message sent by the form without scripts: its key says so, so its own limit counts only those. */
const FORM_KEY_PREFIX = "contact-form:";
const isFormContact = and(isContact, like(mailOutbox.dedupeKey, `${FORM_KEY_PREFIX}%`));

/**
 * Stores a contact message in the outbox unless this client already sent `max` messages in the window, or, for a
 * message sent without scripts (`formLimit` given), `formLimit.max` such messages in its window. The rate limit's
 * lock makes the checks and the insert one step, even across app instances on one PostgreSQL.
 */
export async function enqueueContactMessage(
  db: Db,
  message: ContactMessage,
  clientIp: string,
  limit: RateLimit,
  formLimit?: RateLimit,
): Promise<EnqueueResult> {
  const rows = { table: mailOutbox, key: mailOutbox.clientIp, createdAt: mailOutbox.createdAt, where: isContact };
  return inRateLimitedTransaction(db, { bucket: "contact", key: clientIp, limit, rows }, async (tx, shared) => {
    const verdict =
      shared.allowed && formLimit
        ? await checkRateLimit(tx, {
            bucket: "contact",
            key: clientIp,
            limit: formLimit,
            rows: { ...rows, where: isFormContact },
          })
        : shared;
    if (!verdict.allowed) return { stored: false, retryAfterSeconds: verdict.retryAfterSeconds } as const;
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        kind: "contact",
        dedupeKey: `${formLimit ? FORM_KEY_PREFIX : "contact:"}${randomUUID()}`,
        subject: message.subject ?? null,
        textBody: message.message,
        replyToName: message.name,
        replyToAddress: message.email,
        phoneNumber: message.phoneNumber ?? null,
        clientIp,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error("The contact message insert returned no row");
    return { stored: true, id: row.id } as const;
  });
}

/** The latest contact messages, newest first, each with whether it reached CONTACT_TO or why not yet. */
export async function readContactMessages(db: Db, limit = 200): Promise<ContactMessageView[]> {
  const rows = await db.select().from(mailOutbox).where(isContact).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map((row) => {
    const message = contactMessageOf(row);
    return {
      id: row.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      receivedAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    };
  });
}
