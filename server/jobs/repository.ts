import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import { jobSearchSchema, LISTING_LIFETIME_DAYS, type Job, type JobInput, type JobSearch } from "~/lib/job";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import { toJobValues, toWireJob } from "./mapper";

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_POSTED_DAYS = { "24h": 1, "7d": 7, "30d": 30 } as const;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Spec §5 filters, all ANDed, over listings that have not expired (postingDate + 30 days ≥ now). */
export function searchConditions(search: JobSearch, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [gte(jobs.postingDate, new Date(now.getTime() - LISTING_LIFETIME_DAYS * DAY_MS))];
  if (search.search) conditions.push(ilike(jobs.title, containsPattern(search.search)));
  if (search.location) conditions.push(ilike(jobs.location, containsPattern(search.location)));
  if (search.experienceLevel) conditions.push(eq(jobs.experienceLevel, search.experienceLevel));
  if (search.employmentType) conditions.push(eq(jobs.employmentType, search.employmentType));
  if (search.gender) conditions.push(eq(jobs.gender, search.gender));
  if (search.englishLevel) conditions.push(eq(jobs.englishLevel, search.englishLevel));
  if (search.minSalary !== undefined) conditions.push(gte(jobs.minSalary, search.minSalary));
  if (search.maxSalary !== undefined) conditions.push(lte(jobs.maxSalary, search.maxSalary));
  if (search.datePosted !== "all") {
    conditions.push(gte(jobs.postingDate, new Date(now.getTime() - DATE_POSTED_DAYS[search.datePosted] * DAY_MS)));
  }
  return and(...conditions);
}

/** Totals up to this are counted exactly on every request; the count stops scanning here. */
export const EXACT_COUNT_LIMIT = 10_000;
const LARGE_COUNT_TTL_MS = 30_000;
const largeCounts = new Map<string, { total: number; expires: number }>();

/**
 * Counting half a million matching rows costs hundreds of milliseconds on every page view. Small totals (the
 * common case for a filtered search) are exact; a total above EXACT_COUNT_LIMIT is counted once and reused for
 * 30 s per filter combination, so paging through a huge result set stays fast.
 */
async function countMatches(db: Db, where: SQL | undefined, search: JobSearch): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(jobs)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as("capped");
  const [row] = await db.select({ total: count() }).from(capped);
  const total = row?.total ?? 0;
  if (total <= EXACT_COUNT_LIMIT) return total;

  const { page: _page, limit: _limit, ...filters } = search;
  const key = JSON.stringify(filters);
  const cached = largeCounts.get(key);
  if (cached && cached.expires > Date.now()) return cached.total;
  const [full] = await db.select({ total: count() }).from(jobs).where(where);
  const exact = full?.total ?? 0;
  if (largeCounts.size > 1_000) largeCounts.clear();
  largeCounts.set(key, { total: exact, expires: Date.now() + LARGE_COUNT_TTL_MS });
  return exact;
}

export async function searchJobs(db: Db, search: JobSearch, now = new Date()): Promise<{ jobs: Job[]; total: number }> {
  const where = searchConditions(search, now);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.postingDate), desc(jobs.id))
      .limit(search.limit)
      .offset((search.page - 1) * search.limit),
    countMatches(db, where, search),
  ]);
  return { jobs: rows.map(toWireJob), total };
}

export async function listAllJobs(db: Db): Promise<Job[]> {
  const rows = await db.select().from(jobs).orderBy(desc(jobs.postingDate), desc(jobs.id));
  return rows.map(toWireJob);
}

const EVERY_LIVE_JOB = jobSearchSchema.parse({});

/** 'Posted Jobs N+': the unfiltered search's total, so it shares that count and its cache. */
export function countActiveJobs(db: Db, now = new Date()): Promise<number> {
  return countMatches(db, searchConditions(EVERY_LIVE_JOB, now), EVERY_LIVE_JOB);
}

export async function findJobRow(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

export async function findJob(db: Db, id: string): Promise<Job | undefined> {
  const row = await findJobRow(db, id);
  return row ? toWireJob(row) : undefined;
}

export async function listJobsOwnedBy(db: Db, ownerId: string): Promise<Job[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.ownerId, ownerId))
    .orderBy(desc(jobs.postingDate), desc(jobs.id));
  return rows.map(toWireJob);
}

export async function insertJob(db: Db, input: JobInput, owner: { id: string; email: string }): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({ ...toJobValues(input, owner.email), ownerId: owner.id })
    .returning({ id: jobs.id });
  if (!row) throw new Error("Insert returned no row");
  return row.id;
}

export async function updateJobRow(db: Db, id: string, input: JobInput, postedByEmail: string | null) {
  const rows = await db
    .update(jobs)
    .set({ ...toJobValues(input, postedByEmail), updatedAt: sql`now()` })
    .where(eq(jobs.id, id))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function deleteJobRow(db: Db, id: string) {
  const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
  return rows.length;
}
