import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { moderationEvents } from "#server/db/schema.ts";
import type { ModerationAction } from "#shared/moderation.ts";

/** What happened to a listing, in the words of its history. `submitted`/`resubmitted`/`auto-hidden` are the system's. */
export type ModerationEventAction = ModerationAction | "submitted" | "resubmitted" | "auto-hide";

export type ModerationEvent = {
  action: ModerationEventAction;
  actorEmail: string | null;
  reason: string | null;
  at: string;
};

export async function recordEvent(
  db: Db,
  event: {
    jobId: string;
    action: ModerationEventAction;
    actor?: { id: string; email: string } | null;
    reason?: string | null;
  },
): Promise<void> {
  await db.insert(moderationEvents).values({
    jobId: event.jobId,
    action: event.action,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    reason: event.reason ?? null,
  });
}

export async function listEvents(db: Db, jobId: string): Promise<ModerationEvent[]> {
  const rows = await db
    .select()
    .from(moderationEvents)
    .where(eq(moderationEvents.jobId, jobId))
    .orderBy(asc(moderationEvents.createdAt), asc(moderationEvents.id));
  return rows.map((row) => ({
    action: row.action as ModerationEventAction,
    actorEmail: row.actorEmail,
    reason: row.reason,
    at: row.createdAt.toISOString(),
  }));
}
