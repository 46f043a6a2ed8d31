import type { ContactMessage } from "#shared/contact.ts";
import type { Db } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";
import { checkRateLimit, type RateLimit } from "#server/rate-limit.ts";

export type EnqueueResult = { stored: true; id: string } | { stored: false; retryAfterSeconds: number };

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
  return db.transaction(async (tx) => {
    const verdict = await checkRateLimit(tx, {
      bucket: "contact",
      key: clientIp,
      limit,
      rows: { table: contactMessages, key: contactMessages.clientIp, createdAt: contactMessages.createdAt },
    });
    if (!verdict.allowed) return { stored: false, retryAfterSeconds: verdict.retryAfterSeconds } as const;
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        phoneNumber: message.phoneNumber ?? null,
        subject: message.subject ?? null,
        message: message.message,
        clientIp,
      })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("The contact message insert returned no row");
    return { stored: true, id: row.id } as const;
  });
}
