import { and, eq, inArray, sql } from "drizzle-orm";
import type { JobInput } from "#shared/job.ts";
import type { JobStatus } from "#shared/moderation.ts";
import type { Db } from "#server/db/client.ts";
import { companies, jobs } from "#server/db/schema.ts";
import { companyOfInput, toJobValues } from "#server/jobs/mapper.ts";
import { inRateLimitedTransaction, type RateLimit } from "#server/rate-limit.ts";

/**
 * Writes of one listing: insert (under the owner's daily limit), update, delete, and the release of listings held
 * until their owner verified their address. The search and its counts are in repository.ts.
 */

/**
 * Whether the write's listing is in a company its own statement made (migration 0018's trigger makes one for a name
 * its owner has no company of). The statement's RETURNING reads with the snapshot the statement began with, which
 * holds every company made before it and not the one its trigger made: a company made by another employer's write
 * at the same moment is not held either, so the answer errs towards "made", never the other way.
 */
const MADE_COMPANY = sql<boolean>`NOT EXISTS (SELECT 1 FROM ${companies} WHERE ${companies.id} = ${jobs.companyId})`;

/** A written listing, and whether its write made its company (so the company's badge is still to be decided). */
export type Written = { id: string; madeCompany: boolean };

/**
 * Inserts the listing, unless `limit` is given and its owner already posted `limit.max` within its window (then null).
 * The count and the insert run under a lock on the owner, so posts sent at once cannot all pass at the limit.
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
  limit?: RateLimit,
): Promise<Written | null> {
  const insert = async (tx: Db): Promise<Written> => {
    const [row] = await tx
      .insert(jobs)
      .values({
        ...toJobValues(input, owner.email),
        companyId: companyOfInput(input),
        ownerId: owner.id,
        status,
        statusReason,
        heldForVerification,
      })
      .returning({ id: jobs.id, madeCompany: MADE_COMPANY });
    if (!row) throw new Error("Insert returned no row");
    return row;
  };
  if (!limit) return insert(db);
  const rows = { table: jobs, key: jobs.ownerId, createdAt: jobs.createdAt };
  return inRateLimitedTransaction(db, { bucket: "posts", key: owner.id, limit, rows }, async (tx, verdict) =>
    verdict.allowed ? insert(tx) : null,
  );
}

/**
 * Whether `companyId` is a company a listing of `ownerId` may name: one of theirs. (A listing already in a company
 * someone else owns, after an admin's merge, may stay there: the caller checks that.)
 */
export async function isCompanyOf(db: Db, companyId: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.ownerId, ownerId)))
    .limit(1);
  return Boolean(row);
}

/** Every listing of `from` moves to `into` (an admin's merge); the database gives each `into`'s details. */
export async function moveListingsToCompany(db: Db, from: string, into: string): Promise<number> {
  const moved = await db
    .update(jobs)
    .set({ companyId: into, updatedAt: sql`now()` })
    .where(eq(jobs.companyId, from))
    .returning({ id: jobs.id });
  return moved.length;
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
      // Always named, so the database copies the company's details over whatever the edit sent for them.
      companyId: companyOfInput(input),
      updatedAt: sql`now()`,
      ...(status ? { status, statusReason: null } : {}),
    })
    .where(eq(jobs.id, id))
    .returning({ id: jobs.id, madeCompany: MADE_COMPANY });
  return { modifiedCount: rows.length, madeCompany: rows.some((row) => row.madeCompany) };
}

export async function deleteJobRow(db: Db, id: string) {
  const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
  return rows.length;
}

/** A published listing closed by its owner; false when it was not published (any longer). */
export async function closeJobRow(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "closed", statusReason: null, closedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, "published")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A closed listing reopened as `status` (published, or pending when it must be reviewed again); false when not closed. */
export async function reopenJobRow(db: Db, id: string, status: "published" | "pending"): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status, statusReason: null, closedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, "closed")))
    .returning({ id: jobs.id });
  return rows.length > 0;
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
