import { and, asc, count, desc, eq, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { ExternalJob, SourceId, StoredExternalJob } from "#shared/sources.ts";
import type { Db } from "#server/db/client.ts";
import { externalJobs, sourceStatus } from "#server/db/schema.ts";

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which stored fields a search matches, per source (spec §5; Jooble's upstream keywords also hit the snippet). */
function searchCondition(source: SourceId, text: string): SQL | undefined {
  const pattern = contains(text);
  const anyTag = sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${externalJobs.tags}) AS tag WHERE tag ILIKE ${pattern})`;
  const title = ilike(externalJobs.title, pattern);
  const company = ilike(externalJobs.company, pattern);
  const location = ilike(externalJobs.location, pattern);
  switch (source) {
    case "remoteok":
      // The page's placeholder promises role, company and location; the spec adds tags.
      return or(title, company, anyTag, location);
    case "adzuna":
      return or(title, company, ilike(externalJobs.descriptionHtml, pattern), location);
    case "jooble":
      return or(title, company, anyTag, ilike(externalJobs.descriptionHtml, pattern));
    case "himalayas":
    case "jobwiz":
      return or(title, company, location);
  }
}

export async function searchExternalJobs(
  db: Db,
  source: SourceId,
  { search, page, limit }: { search?: string; page: number; limit: number },
): Promise<{ jobs: StoredExternalJob[]; total: number }> {
  const where = and(eq(externalJobs.source, source), search ? searchCondition(source, search) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(externalJobs)
      .where(where)
      .orderBy(sql`${externalJobs.postedAt} DESC NULLS LAST`, asc(externalJobs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(externalJobs).where(where),
  ]);
  return {
    total: totals?.total ?? 0,
    jobs: rows.map((row) => ({
      id: row.id,
      source,
      upstreamId: row.upstreamId,
      title: row.title,
      company: row.company,
      logo: row.logo,
      location: row.location,
      employmentType: row.employmentType,
      salaryMin: row.salaryMin,
      salaryMax: row.salaryMax,
      salaryCurrency: row.salaryCurrency,
      salaryPeriod: row.salaryPeriod as ExternalJob["salaryPeriod"],
      descriptionHtml: row.descriptionHtml,
      tags: row.tags,
      postedAt: row.postedAt?.toISOString() ?? null,
      applyUrl: row.applyUrl,
    })),
  };
}

const UPSERT_CHUNK = 200;

/**
 * Every field of a listing but its identity (source, upstream id), refreshed in place when the upstream changes it.
 * The check below fails to compile when ExternalJob gains a field this list leaves out: the apply link once was.
 */
const REFRESHED = [
  "title",
  "company",
  "logo",
  "location",
  "employmentType",
  "salaryMin",
  "salaryMax",
  "salaryCurrency",
  "salaryPeriod",
  "descriptionHtml",
  "tags",
  "postedAt",
  "applyUrl",
] as const satisfies readonly (keyof ExternalJob)[];
const _everyFieldRefreshed: Exclude<
  keyof ExternalJob,
  (typeof REFRESHED)[number] | "source" | "upstreamId"
> extends never
  ? true
  : never = true;

/** Inserts new listings and refreshes known ones in place: (source, upstream id) is the identity. */
export async function upsertJobs(db: Db, jobs: ExternalJob[], seenAt: Date): Promise<void> {
  for (let start = 0; start < jobs.length; start += UPSERT_CHUNK) {
    const values = jobs.slice(start, start + UPSERT_CHUNK).map((job) => ({
      ...job,
      postedAt: job.postedAt ? new Date(job.postedAt) : null,
      firstSeenAt: seenAt,
      lastSeenAt: seenAt,
    }));
    await db
      .insert(externalJobs)
      .values(values)
      .onConflictDoUpdate({
        target: [externalJobs.source, externalJobs.upstreamId],
        set: Object.fromEntries(
          [...REFRESHED, "lastSeenAt" as const].map((key) => [key, sql.raw(`excluded.${externalJobs[key].name}`)]),
        ),
      });
  }
}

/** Listings not seen upstream since `cutoff` are gone (or fell out of our page budget) for good. */
export async function dropUnseenSince(db: Db, source: SourceId, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(externalJobs)
    .where(and(eq(externalJobs.source, source), lt(externalJobs.lastSeenAt, cutoff)))
    .returning({ id: externalJobs.id });
  return removed.length;
}

export async function countJobs(db: Db, source: SourceId): Promise<number> {
  const [row] = await db.select({ total: count() }).from(externalJobs).where(eq(externalJobs.source, source));
  return row?.total ?? 0;
}

export type StatusRow = typeof sourceStatus.$inferSelect;

export async function readStatuses(db: Db): Promise<Map<string, StatusRow>> {
  const rows = await db.select().from(sourceStatus).orderBy(desc(sourceStatus.source));
  return new Map(rows.map((row) => [row.source, row]));
}

export async function readStatus(db: Db, source: SourceId): Promise<StatusRow | undefined> {
  const [row] = await db.select().from(sourceStatus).where(eq(sourceStatus.source, source)).limit(1);
  return row;
}

/** How many listings we hold of each source, counted now (a source with none is absent). */
export async function countJobsBySource(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ source: externalJobs.source, total: count() })
    .from(externalJobs)
    .groupBy(externalJobs.source);
  return new Map(rows.map((row) => [row.source, row.total]));
}

/** A refresh that worked ends any outage. */
export async function recordSuccess(db: Db, source: SourceId, at: Date, jobCount: number): Promise<void> {
  const values = { lastAttemptAt: at, lastSuccessAt: at, jobCount, failingSince: null };
  await db
    .insert(sourceStatus)
    .values({ source, ...values })
    .onConflictDoUpdate({ target: sourceStatus.source, set: values });
}

/** A failed refresh; the outage it belongs to began at the first failure after the last success. */
export async function recordFailure(
  db: Db,
  source: SourceId,
  at: Date,
  error: string,
  jobCount: number,
): Promise<void> {
  const values = { lastAttemptAt: at, lastError: error.slice(0, 1000), lastErrorAt: at, jobCount };
  await db
    .insert(sourceStatus)
    .values({ source, ...values, failingSince: at })
    .onConflictDoUpdate({
      target: sourceStatus.source,
      set: { ...values, failingSince: sql`COALESCE(${sourceStatus.failingSince}, ${at.toISOString()}::timestamptz)` },
    });
}
