import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { jobSearchSchema, type Job } from "#shared/job.ts";
import { encodeCursor, type JobCursor } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { jobs } from "#server/db/schema.ts";
import type { OwnedJob } from "#shared/moderation.ts";
import { countMatches, type Total } from "#server/jobs/counts.ts";
import { after, isPublished, LIST_ORDER, postedMicros, searchConditions } from "#server/jobs/filters.ts";
import { toWireJob } from "#server/jobs/mapper.ts";

/** Every published listing (expired too), newest first, one bounded page at a time. */
export async function listJobRows(db: Db, { limit, cursor }: { limit: number; cursor?: JobCursor }) {
  const rows = await db
    .select({ row: jobs, postedMicros })
    .from(jobs)
    .where(cursor ? and(isPublished, after(cursor)) : isPublished)
    .orderBy(LIST_ORDER)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ postedMicros: last.postedMicros, id: last.row.id }) : null;
  return { jobs: page.map(({ row }) => toWireJob(row)), nextCursor };
}

/** A search of every live listing: the visibility and expiry rule alone. */
export const EVERY_LIVE_JOB = jobSearchSchema.parse({});

/** 'Posted Jobs N+': the unfiltered search's total, exact when small, else the estimate. */
export async function countLiveJobRows(db: Db, now = new Date()): Promise<number> {
  return (await countMatches(db, searchConditions(EVERY_LIVE_JOB, now))).total;
}

/** The sitemap needs every live listing, so this one count is exact (an index-only scan; the sitemap is cached). */
export async function countEveryLiveJob(db: Db, now = new Date()): Promise<number> {
  const [row] = await db.select({ total: count() }).from(jobs).where(searchConditions(EVERY_LIVE_JOB, now));
  return row?.total ?? 0;
}

/** A slice of the live listings in list order, ids and last change only: by offset for a file's start, then by cursor. */
export async function listLiveJobEntries(
  db: Db,
  { offset = 0, cursor, limit }: { offset?: number; cursor?: JobCursor; limit: number },
  now = new Date(),
) {
  const filters = searchConditions(EVERY_LIVE_JOB, now);
  const rows = await db
    .select({ id: jobs.id, updatedAt: jobs.updatedAt, postedMicros })
    .from(jobs)
    .where(cursor ? and(filters, after(cursor)) : filters)
    .orderBy(LIST_ORDER)
    .limit(limit)
    .offset(offset);
  return rows;
}

/** A batch of whole live listings in list order after `cursor`: what the syndication feed streams. */
export async function listLiveJobBatch(
  db: Db,
  { cursor, limit }: { cursor?: JobCursor; limit: number },
  now = new Date(),
) {
  const filters = searchConditions(EVERY_LIVE_JOB, now);
  const rows = await db
    .select({ row: jobs, postedMicros })
    .from(jobs)
    .where(cursor ? and(filters, after(cursor)) : filters)
    .orderBy(LIST_ORDER)
    .limit(limit);
  const last = rows.at(-1);
  return {
    jobs: rows.map(({ row }) => toWireJob(row)),
    next: rows.length === limit && last ? { postedMicros: last.postedMicros, id: last.row.id } : undefined,
  };
}

/** A point in the order listings were published: (published_at in microseconds, id). */
export type PublishedMark = { publishedMicros: string; id: string | null };

const publishedMicros = sql<string>`(extract(epoch from ${jobs.publishedAt}) * 1000000)::bigint::text`;

/**
 * Live listings matching a search's conditions (`where`) published after `mark`, newest first, at most `limit`: what an
 * alert has not mailed yet. The search's own conditions apply, so a listing the search would not show is never
 * mailed. With `tier` (a search ranked by relevance, ADR 38), the listings come best first; `newest` is the watermark.
 */
export async function listJobsPublishedAfter(
  db: Db,
  { where, tier }: { where: SQL; tier?: SQL },
  mark: PublishedMark,
  limit: number,
) {
  const markAt = sql`timestamptz 'epoch' + ${mark.publishedMicros}::bigint * interval '1 microsecond'`;
  const after = mark.id
    ? sql`(${jobs.publishedAt}, ${jobs.id}) > (${markAt}, ${mark.id}::uuid)`
    : sql`${jobs.publishedAt} > ${markAt}`;
  const rows = await db
    .select({ row: jobs, publishedMicros, tier: tier ?? sql<number>`0` })
    .from(jobs)
    .where(and(where, after))
    .orderBy(desc(jobs.publishedAt), desc(jobs.id))
    .limit(limit);
  const newest = rows[0];
  const best = [...rows].sort((a, b) => Number(a.tier) - Number(b.tier));
  return {
    jobs: best.map(({ row }) => toWireJob(row)),
    newest: newest
      ? ({ publishedMicros: newest.publishedMicros, id: newest.row.id } satisfies PublishedMark)
      : undefined,
  };
}

/**
 * A page of one company's live listings in list order (its company page), and how many there are: exact up to the
 * search's limit, else the estimate (ADR 9). The company's own index walks only its listings.
 */
export async function listCompanyJobRows(
  db: Db,
  companyId: string,
  { page, limit }: { page: number; limit: number },
  now = new Date(),
): Promise<{ jobs: Job[] } & Total> {
  const where = sql`(${jobs.companyId} = ${companyId} AND ${searchConditions(EVERY_LIVE_JOB, now)})`;
  const rows = await db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(LIST_ORDER)
    .limit(limit)
    .offset((page - 1) * limit);
  const total =
    page === 1 && rows.length < limit ? { total: rows.length, totalIsExact: true } : await countMatches(db, where);
  return { jobs: rows.map(toWireJob), ...total };
}

export async function findJobRow(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** The owner's own listings, whatever their status, with the status for My Listings. */
export async function listJobsOwnedBy(db: Db, ownerId: string): Promise<OwnedJob[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.ownerId, ownerId))
    .orderBy(desc(jobs.postingDate), desc(jobs.id));
  return rows.map((row) => ({ ...toWireJob(row), status: row.status, statusReason: row.statusReason }));
}
