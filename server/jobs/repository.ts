import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import { LISTING_LIFETIME_DAYS, type Job, type JobInput, type JobSearch } from "~/lib/job";
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

export async function searchJobs(db: Db, search: JobSearch, now = new Date()): Promise<{ jobs: Job[]; total: number }> {
  const where = searchConditions(search, now);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.postingDate), desc(jobs.id))
      .limit(search.limit)
      .offset((search.page - 1) * search.limit),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { jobs: rows.map(toWireJob), total: totals?.total ?? 0 };
}

export async function listAllJobs(db: Db): Promise<Job[]> {
  const rows = await db.select().from(jobs).orderBy(desc(jobs.postingDate), desc(jobs.id));
  return rows.map(toWireJob);
}

export async function countActiveJobs(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(jobs)
    .where(gte(jobs.postingDate, new Date(now.getTime() - LISTING_LIFETIME_DAYS * DAY_MS)));
  return row?.total ?? 0;
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
