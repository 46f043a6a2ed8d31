import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { ContactMessage } from "#shared/contact.ts";
import type { Db } from "#server/db/client.ts";
import { mailOutbox } from "#server/db/schema.ts";
import { contactMessageOf } from "#server/mail/contact-mail.ts";
import { inRateLimitedTransaction, type RateLimit } from "#server/rate-limit.ts";

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

/**
 * Stores a contact message in the outbox unless this client already sent `max` messages in the window.
 * The rate limit's lock makes the check and the insert one step, even across app instances on one PostgreSQL.
 */
export async function enqueueContactMessage(
  db: Db,
  message: ContactMessage,
  clientIp: string,
  limit: RateLimit,
): Promise<EnqueueResult> {
  const rows = { table: mailOutbox, key: mailOutbox.clientIp, createdAt: mailOutbox.createdAt, where: isContact };
  return inRateLimitedTransaction(db, { bucket: "contact", key: clientIp, limit, rows }, async (tx, verdict) => {
    if (!verdict.allowed) return { stored: false, retryAfterSeconds: verdict.retryAfterSeconds } as const;
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        kind: "contact",
        dedupeKey: `contact:${randomUUID()}`,
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
