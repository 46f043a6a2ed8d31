import { and, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import { LISTING_LIFETIME_DAYS, type JobSearch } from "#shared/job.ts";
import type { JobCursor } from "#shared/job-paging.ts";
import { jobs } from "#server/db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_POSTED_DAYS = { "24h": 1, "7d": 7, "30d": 30 } as const;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive "contains" on a lower-cased copy (ADR 26): the same rows as ILIKE on the original, which PostgreSQL
 * also answers by lower-casing both sides, but the rows' side is lower-cased once, when they are written.
 */
const contains = (lowered: typeof jobs.titleLower | typeof jobs.locationLower, text: string): SQL =>
  sql`${lowered} LIKE lower(${containsPattern(text)})`;

/**
 * The one visibility rule (ADR 0011): only published listings are shown to anyone but their owner and the admins.
 * Every public read below (search, counts, sitemap, /api/all-jobs, a job page for others) goes through it.
 */
export const isPublished = eq(jobs.status, "published");

/**
 * Spec §5 filters, all ANDed, over published listings that have not expired (postingDate + 30 days ≥ now). `text`
 * replaces the plain "contains" rule of the search or location (see shortTextFilter).
 */
export function searchConditions(search: JobSearch, now: Date, text: { title?: SQL; location?: SQL } = {}): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublished, gte(jobs.postingDate, new Date(now.getTime() - LISTING_LIFETIME_DAYS * DAY_MS))];
  if (search.search) conditions.push(text.title ?? contains(jobs.titleLower, search.search));
  if (search.location) conditions.push(text.location ?? contains(jobs.locationLower, search.location));
  if (search.experienceLevel) conditions.push(eq(jobs.experienceLevel, search.experienceLevel));
  if (search.employmentType) conditions.push(eq(jobs.employmentType, search.employmentType));
  if (search.gender) conditions.push(eq(jobs.gender, search.gender));
  if (search.englishLevel) conditions.push(eq(jobs.englishLevel, search.englishLevel));
  if (search.minSalary !== undefined || search.maxSalary !== undefined) {
    // Amounts in different currencies do not compare: bounds apply within the chosen one.
    conditions.push(eq(jobs.salaryCurrency, search.salaryCurrency ?? DEFAULT_CURRENCY));
  }
  if (search.minSalary !== undefined) conditions.push(gte(jobs.minSalary, search.minSalary));
  if (search.maxSalary !== undefined) conditions.push(lte(jobs.maxSalary, search.maxSalary));
  if (search.datePosted !== "all") {
    conditions.push(gte(jobs.postingDate, new Date(now.getTime() - DATE_POSTED_DAYS[search.datePosted] * DAY_MS)));
  }
  return and(...conditions);
}


/** Where a page starts after a cursor: row comparison on the list order, so the (posting_date, id) index seeks to it. */
export function after(cursor: JobCursor): SQL {
  return sql`(${jobs.postingDate}, ${jobs.id}) < (timestamptz 'epoch' + ${cursor.postedMicros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}

/** The posting time at full (microsecond) precision: a JavaScript Date would round it and repeat or skip rows. */
export const micros = (time: SQLWrapper) => sql<string>`(extract(epoch from ${time}) * 1000000)::bigint::text`;
export const postedMicros = micros(jobs.postingDate);

export const listOrder = [desc(jobs.postingDate), desc(jobs.id)];
