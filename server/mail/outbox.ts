import { sql } from "drizzle-orm";
import type { ContactMessage } from "#shared/contact.ts";
import type { Db } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";

/** Namespace for `pg_advisory_xact_lock(namespace, hashtext(ip))`, so the count-then-insert below is per-IP serial. */
const CONTACT_RATE_LOCK = 727_002;

export type RateLimit = { max: number; windowSeconds: number };

export type EnqueueResult = { stored: true; id: string } | { stored: false; retryAfterSeconds: number };

/**
 * Stores a contact message in the outbox unless this client already sent `max` messages in the window.
 * The advisory lock makes the check and the insert one step, even across app instances on one PostgreSQL.
 */
export async function enqueueContactMessage(
  db: Db,
  message: ContactMessage,
  clientIp: string,
  limit: RateLimit,
): Promise<EnqueueResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONTACT_RATE_LOCK}, hashtext(${clientIp}))`);
    const [recent] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        retryAfter: sql<
          number | null
        >`ceil(extract(epoch FROM min(${contactMessages.createdAt}) + make_interval(secs => ${limit.windowSeconds}) - now()))::int`,
      })
      .from(contactMessages)
      .where(
        sql`${contactMessages.clientIp} = ${clientIp} AND ${contactMessages.createdAt} > now() - make_interval(secs => ${limit.windowSeconds})`,
      );
    if (recent && recent.count >= limit.max) {
      return { stored: false, retryAfterSeconds: Math.max(1, recent.retryAfter ?? limit.windowSeconds) } as const;
    }
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
