import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { JobInput } from "#shared/job.ts";
import type { JobStatus } from "#shared/moderation.ts";
import type { Db } from "#server/db/client.ts";
import { jobs } from "#server/db/schema.ts";
import { toJobValues } from "#server/jobs/mapper.ts";

/**
 * Writes of one listing: insert (under the owner's daily limit), update, delete, and the release of listings held
 * until their owner verified their address. The search and its counts are in repository.ts.
 */

/** The first key of the advisory lock under which one owner's daily posts are counted and inserted. */
const POSTS_PER_DAY_LOCK = 0x706f7374;

/**
 * Inserts the listing, unless `limit` is given and its owner already posted `limit.max` since `limit.since` (then
 * null). The count and the insert run under a lock on the owner, so posts sent at once cannot all pass at the limit.
 */
export async function insertJob(
  db: Db,
  input: JobInput,
  owner: { id: string; email: string },
  {
    status = "published",
    statusReason = null,
    heldForVerification = false,
  }: { status?: JobStatus; statusReason?: string | null; heldForVerification?: boolean } = {},
  limit?: { max: number; since: Date },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (limit) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${POSTS_PER_DAY_LOCK}, hashtext(${owner.id}))`);
      if ((await countJobsPostedSince(tx, owner.id, limit.since)) >= limit.max) return null;
    }
    const [row] = await tx
      .insert(jobs)
      .values({ ...toJobValues(input, owner.email), ownerId: owner.id, status, statusReason, heldForVerification })
      .returning({ id: jobs.id });
    if (!row) throw new Error("Insert returned no row");
    return row.id;
  });
}

/** The owner's listings waiting only for their address to be verified. */
export async function listHeldJobs(db: Db, ownerId: string) {
  return db
    .select({ id: jobs.id, title: jobs.title, companyName: jobs.companyName })
    .from(jobs)
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.heldForVerification, true)));
}

export async function releaseHeldJob(db: Db, id: string, status: JobStatus): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status, statusReason: null, heldForVerification: false })
    .where(and(eq(jobs.id, id), eq(jobs.heldForVerification, true)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Listings this owner created since `since`: what POSTS_PER_DAY counts. */
async function countJobsPostedSince(db: Db, ownerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.ownerId, ownerId), gte(jobs.createdAt, since)));
  return row?.n ?? 0;
}

export async function updateJobRow(
  db: Db,
  id: string,
  input: JobInput,
  postedByEmail: string | null,
  status?: JobStatus,
) {
  const rows = await db
    .update(jobs)
    .set({
      ...toJobValues(input, postedByEmail),
      updatedAt: sql`now()`,
      ...(status ? { status, statusReason: null } : {}),
    })
    .where(eq(jobs.id, id))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function deleteJobRow(db: Db, id: string) {
  const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
  return rows.length;
}

/**
 * Moves a listing to `to` if it is still in one of `from` (an admin's decision, or readers' reports hiding it); what
 * the listing was, or undefined when it had moved on meanwhile. `reason` is what its owner reads; published has none.
 */
export async function changeListingStatus(
  db: Db,
  { id, to, from, reason }: { id: string; to: JobStatus; from: readonly JobStatus[]; reason: string | null },
): Promise<{ ownerId: string | null; title: string } | undefined> {
  const [updated] = await db
    .update(jobs)
    .set({ status: to, statusReason: to === "published" ? null : reason })
    .where(and(eq(jobs.id, id), inArray(jobs.status, [...from])))
    .returning({ ownerId: jobs.ownerId, title: jobs.title });
  return updated;
}

/** Hides every published listing of an owner (a suspension), with `reason`; the ids it hid. */
export async function hideListingsOf(db: Db, ownerId: string, reason: string): Promise<string[]> {
  const hidden = await db
    .update(jobs)
    .set({ status: "hidden", statusReason: reason })
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.status, "published")))
    .returning({ id: jobs.id });
  return hidden.map((row) => row.id);
}

/** Publishes again exactly the owner's listings hidden with `reason` (a suspension lifted); the ids it published. */
export async function restoreListingsOf(db: Db, ownerId: string, reason: string): Promise<string[]> {
  const restored = await db
    .update(jobs)
    .set({ status: "published", statusReason: null })
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.status, "hidden"), eq(jobs.statusReason, reason)))
    .returning({ id: jobs.id });
  return restored.map((row) => row.id);
}
