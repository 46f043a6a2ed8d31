import { and, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect, unionAll } from "drizzle-orm/pg-core";
import { jobSearchSchema, LISTING_LIFETIME_DAYS, type Job, type JobSearch } from "#shared/job.ts";
import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import { encodeCursor, EXACT_COUNT_LIMIT, type JobCursor } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { jobLocations, jobs } from "#server/db/schema.ts";
import type { OwnedJob } from "#shared/moderation.ts";
import { toWireJob, type JobRow } from "./mapper";

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

/** A 1–2 character text, whose lower-cased form has as many characters (so the grams index holds it as it is). */
function isShortText(text: string): boolean {
  const length = [...text].length;
  return length <= 2 && [...text.toLowerCase()].length === length;
}

/** At most this many rows holding a short piece are listed by id; more, and the piece is common. */
const SHORT_TEXT_CANDIDATES = 1_000;

/**
 * "Contains" for a 1–2 character text (ADR 20). It has no trigram, so the trigram index would read every row to
 * rule nothing out, and walking the list index reads every live row when nothing matches (2 s at 1M for 'zx'). The
 * grams index (migration 0006) holds each 1–2 character piece of the lower-cased column: a piece the statistics
 * call common is left to the list walk, which meets matches at once; otherwise the index lists the rows holding
 * it (none, or a few thousand at most) and the search runs over those ids. Either way the lower-cased LIKE is the
 * rule, on `column || ''` so the planner cannot choose the trigram index for it.
 */
async function shortTextFilter(db: Db, column: typeof jobs.title | typeof jobs.location, text: string): Promise<SQL> {
  const lowered = column === jobs.title ? jobs.titleLower : jobs.locationLower;
  const matches = sql`(${lowered} || '') LIKE lower(${containsPattern(text)})`;
  const holding = sql`job_text_grams(${column}) @> ARRAY[lower(${text})]`;
  if ((await estimateRows(db, holding)) > 10 * SHORT_TEXT_CANDIDATES) return matches;
  const rows = await db.select({ id: jobs.id }).from(jobs).where(holding).limit(SHORT_TEXT_CANDIDATES + 1);
  if (rows.length > SHORT_TEXT_CANDIDATES) return matches;
  if (rows.length === 0) return sql`false`;
  return and(inArray(jobs.id, rows.map(({ id }) => id)), matches)!;
}

/** At most this many matching locations are walked one by one and merged (ADR 27); more, and the list index serves. */
const MERGED_LOCATIONS = 32;

/**
 * The lower-cased locations a location search matches, from the table of every location listings have had
 * (migration 0011), when there are at most MERGED_LOCATIONS of them; undefined when there are more.
 */
async function matchingLocations(db: Db, text: string): Promise<string[] | undefined> {
  const rows = await db
    .select({ value: jobLocations.locationLower })
    .from(jobLocations)
    .where(sql`${jobLocations.locationLower} LIKE lower(${containsPattern(text)})`)
    .limit(MERGED_LOCATIONS + 1);
  return rows.length > MERGED_LOCATIONS ? undefined : rows.map(({ value }) => value);
}

/**
 * The listings at one of these locations. One value is an equality, which the location index walks in list order;
 * `= ANY(…)` would make the planner read all of that location's listings and sort them.
 */
function locationIn(values: string[]): SQL {
  const [only] = values;
  if (only === undefined) return sql`false`;
  return values.length === 1 ? eq(jobs.locationLower, only) : inArray(jobs.locationLower, values);
}

/**
 * A search's filters and, when its rows can be walked location by location, the few locations it matches with the
 * filters for one of them alone.
 */
type Filters = { where: SQL | undefined; byLocation?: { values: string[]; at: (value: string) => SQL | undefined } };

/**
 * searchConditions, with a short search or location looked up in the grams index first, and a longer location
 * turned into the few values it matches: the same rows as the "contains" rule, as `location_lower IN (…)`, plus the
 * filters for one of those values alone, so a page can merge their walks (ADR 27).
 */
async function searchFilters(db: Db, search: JobSearch, now: Date): Promise<Filters> {
  const shortLocation = search.location !== undefined && isShortText(search.location);
  const [title, location, locations] = await Promise.all([
    search.search && isShortText(search.search) ? shortTextFilter(db, jobs.title, search.search) : undefined,
    search.location && shortLocation ? shortTextFilter(db, jobs.location, search.location) : undefined,
    search.location && !shortLocation ? matchingLocations(db, search.location) : undefined,
  ]);
  if (!locations) return { where: searchConditions(search, now, { title, location }) };
  return {
    where: searchConditions(search, now, { title, location: locationIn(locations) }),
    byLocation: { values: locations, at: (value) => searchConditions(search, now, { title, location: eq(jobs.locationLower, value) }) },
  };
}

/** Where a page starts after a cursor: row comparison on the list order, so the (posting_date, id) index seeks to it. */
function after(cursor: JobCursor): SQL {
  return sql`(${jobs.postingDate}, ${jobs.id}) < (timestamptz 'epoch' + ${cursor.postedMicros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}

/** The posting time at full (microsecond) precision: a JavaScript Date would round it and repeat or skip rows. */
const micros = (time: SQLWrapper) => sql<string>`(extract(epoch from ${time}) * 1000000)::bigint::text`;
const postedMicros = micros(jobs.postingDate);

const listOrder = [desc(jobs.postingDate), desc(jobs.id)];

type Total = { total: number; totalIsExact: boolean };

type PlanNode = { "Plan Rows": number; "Total Cost": number; "Node Type": string; Plans?: PlanNode[] };

/** The planner's plan for `query`: from statistics, no rows read. */
async function planOf(db: Db, query: SQLWrapper): Promise<PlanNode> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  if (!plan[0]) throw new Error("EXPLAIN returned no plan");
  return plan[0].Plan;
}

/** What the planner expects `SELECT … WHERE where` to return. */
async function estimateRows(db: Db, where: SQL | undefined): Promise<number> {
  return Math.round((await planOf(db, db.select({ one: sql`1` }).from(jobs).where(where)))["Plan Rows"]);
}

/**
 * Above this planner estimate a result set is taken as large without counting. The estimates of ANDed filters
 * were close at 1M (1,358 for 1,396 matches; 1,364 for 1,341), while counting 1,001 of 1,400 sparse matches walks
 * most of them, to arrive where the estimate already was: 12–26 ms for 'engineer' in Pune at one experience level,
 * the slowest searches under load (ADR 27). A quarter above the limit is trusted (it was twice the limit until then).
 */
const ESTIMATE_TRUSTED_ABOVE = 1.25 * EXACT_COUNT_LIMIT;

/**
 * A capped count the planner expects to cost more than this is not run (ADR 26, ADR 27): the estimate is answered at
 * once. At 1M on a 2-core machine a unit was about 5–6 µs (a plan of 2,592 took 12.5 ms alone, one of 10,500 took
 * 55–108 ms), so this is about 10 ms there; the time budget stays as the net for plans that cost more than they
 * said. It is also PGlite's only bound, as PGlite cannot interrupt a query.
 */
const COUNT_COST_LIMIT = 2_000;

/**
 * Exact up to EXACT_COUNT_LIMIT; above it, the planner's estimate, flagged as such, never below what is known to be
 * there (`atLeast`). A clearly large estimate is used as it is; otherwise the count reads at most EXACT_COUNT_LIMIT + 1
 * matches, in list order, so it walks the same index as the page and stops early (unordered, the planner picked a
 * sequential scan of the whole heap: 276 ms at 1M for 'engineer'), unless the planner expects that walk to be costly.
 */
export async function countMatches(db: Db, where: SQL | undefined, atLeast = 0): Promise<Total> {
  const capped = db
    .select({ one: sql`1` })
    .from(jobs)
    .where(where)
    .orderBy(...listOrder)
    .limit(EXACT_COUNT_LIMIT + 1);
  // One EXPLAIN gives both the estimate of all matches (the Limit's input) and the cost of reading up to the cap.
  const plan = await planOf(db, capped);
  const input = plan["Node Type"] === "Limit" ? plan.Plans?.[0] : plan;
  const estimate = Math.round(input?.["Plan Rows"] ?? 0);
  const approximate = (): Total => ({ total: Math.max(EXACT_COUNT_LIMIT + 1, atLeast, estimate), totalIsExact: false });
  if (estimate > ESTIMATE_TRUSTED_ABOVE) return approximate();
  const estimated: Total = { total: Math.max(atLeast, estimate), totalIsExact: false };
  if (plan["Total Cost"] > COUNT_COST_LIMIT) return estimated;
  const key = filterKey(where);
  if (overBudget.recalls(db, key)) return estimated;
  let total: number;
  try {
    total = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${COUNT_TIME_BUDGET_MS}`));
      const [row] = await tx.select({ total: count() }).from(capped.as("capped"));
      return row?.total ?? 0;
    });
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    // Matches too sparse for the walk to reach the limit in time: the estimate, said to be one.
    overBudget.remember(db, key);
    return estimated;
  }
  return total <= EXACT_COUNT_LIMIT ? { total, totalIsExact: true } : approximate();
}

/**
 * How long counting may take before the estimate is used instead (PostgreSQL; PGlite cannot interrupt a query).
 * Sparse matches under a broad filter ('recruiter' + gender + salary at 1M) made the walk read every live row
 * to find the 1,001st: 1.3 s for a page whose own query took 10 ms. 75 ms until ADR 26: every cancelled count spends
 * all of it, and at 1M a third of PostgreSQL's time under load went to counts that ended as estimates anyway.
 */
const COUNT_TIME_BUDGET_MS = 25;

/**
 * Filters whose count ran out of budget, remembered for a minute per database, so a search many visitors repeat (a
 * popular page, a shared link) spends the budget once and then answers the estimate at once: without it, each view of
 * 'engineer' in Pune for 0-3 years spent 75 ms of database time to arrive at the same estimate. Only the outcome
 * "too costly to count" is kept, and its answer is always labelled an estimate; an exact count is never reused.
 */
const overBudget = (() => {
  const TTL_MS = 60_000;
  const MAX_ENTRIES = 1_000;
  const byDb = new WeakMap<Db, Map<string, number>>();
  return {
    recalls(db: Db, key: string): boolean {
      const until = byDb.get(db)?.get(key);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      byDb.get(db)?.delete(key);
      return false;
    },
    remember(db: Db, key: string): void {
      let keys = byDb.get(db);
      if (!keys) byDb.set(db, (keys = new Map()));
      // A Map iterates in insertion order: the first key is the oldest.
      if (keys.size >= MAX_ENTRIES) keys.delete(keys.keys().next().value as string);
      keys.set(key, Date.now() + TTL_MS);
    },
  };
})();

const dialect = new PgDialect();

/** The filters as SQL text and values, with the date cutoffs (derived from "now") to the minute. */
function filterKey(where: SQL | undefined): string {
  if (!where) return "";
  const { sql: text, params, typings } = dialect.sqlToQuery(where);
  // Timestamps arrive as ISO strings ("2026-10-24T08:53:11.290Z"); the first 16 characters are the minute.
  const minute = (value: unknown, i: number) => (typings?.[i] === "timestamp" && typeof value === "string" ? value.slice(0, 16) : value);
  return JSON.stringify([text, params.map(minute)]);
}

function isQueryCanceled(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as Error & { code?: string }).code === "57014") return true;
  }
  return false;
}

export type JobPage = Total & { jobs: Job[]; nextCursor: string | null };

/**
 * One page of matches in list order, by `page` (OFFSET, within RESULT_WINDOW) or after a `cursor`. The page's ids
 * come from the indexes alone (they carry every filtered column, migrations 0006, 0010 and 0011), then only those
 * rows are read whole, in the same statement: filtering and skipping never touch the table.
 */
export async function searchJobRows(db: Db, search: JobSearch, now = new Date()): Promise<JobPage> {
  const filters = await searchFilters(db, search, now);
  const offset = search.cursor ? 0 : (search.page - 1) * search.limit;
  const rows = await pageOfRows(db, filters, { offset, limit: search.limit + 1, cursor: search.cursor });
  const pageRows = rows.slice(0, search.limit);
  const last = pageRows.at(-1);
  const nextCursor = rows.length > search.limit && last ? encodeCursor({ postedMicros: last.postedMicros, id: last.row.id }) : null;
  // A short page by `page` already tells the exact total; only a full page or a cursor page needs counting.
  const total: Total =
    !search.cursor && rows.length <= search.limit && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, totalIsExact: true }
      : await countMatches(db, filters.where, offset + rows.length);
  return { jobs: pageRows.map(({ row }) => toWireJob(row)), nextCursor, ...total };
}

/**
 * A page of matches, whole, with each one's precise posting time. The page is chosen from an index alone, then its
 * rows are joined by id. A search matching a few locations walks each one's listings in list order
 * (jobs_location_date_idx) and merges the walks, so a deep page skips only its own matches: page 972 of one city of
 * fifteen walked about 147,000 entries of the list index to skip 9,710 (ADR 27). The posting time is computed for the
 * page's rows only: inside the walk it was computed for every row the OFFSET skips too (that page: 13.8 → 6.2 ms).
 */
async function pageOfRows(db: Db, filters: Filters, page: { offset: number; limit: number; cursor?: JobCursor }) {
  const walk = (conditions: SQL | undefined, limit: number, offset = 0) =>
    db
      .select({ id: jobs.id, postingDate: jobs.postingDate })
      .from(jobs)
      .where(page.cursor ? and(conditions, after(page.cursor)) : conditions)
      .orderBy(...listOrder)
      .limit(limit)
      .offset(offset);
  const { values = [], at } = filters.byLocation ?? {};
  // Each location's walk stops once it holds the whole window, so the merge never needs more of it.
  const [first, second, ...others] = at ? values.map((value) => walk(at(value), page.offset + page.limit)) : [];
  const refs =
    first && second
      ? unionAll(first, second, ...others)
          .orderBy(sql`posting_date DESC NULLS FIRST, id DESC NULLS FIRST`)
          .limit(page.limit)
          .offset(page.offset)
      : walk(filters.where, page.limit, page.offset);
  const result = (await db.execute(sql`
    SELECT ${jobs}.*, ${micros(sql`page.posting_date`)} AS posted_micros
    FROM (${refs}) AS page JOIN ${jobs} ON ${jobs.id} = page.id
    ORDER BY page.posting_date DESC, page.id DESC`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((raw) => ({ row: jobRowFrom(raw), postedMicros: String(raw.posted_micros) }));
}

const jobColumns = Object.entries(getTableColumns(jobs)).map(([key, column]) => ({ key, name: column.name, column }));

/**
 * A listing from its raw columns, each decoded by its own column's decoder, as drizzle's select would. drizzle's
 * general row mapping checks the kind of every cell on the way: 2.7 ms of CPU for a page of 100 (ADR 27).
 */
function jobRowFrom(raw: Record<string, unknown>): JobRow {
  const row: Record<string, unknown> = {};
  for (const { key, name, column } of jobColumns) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as JobRow;
}

/** Every published listing (expired too), newest first, one bounded page at a time. */
export async function listJobRows(db: Db, { limit, cursor }: { limit: number; cursor?: JobCursor }) {
  const rows = await db
    .select({ row: jobs, postedMicros })
    .from(jobs)
    .where(cursor ? and(isPublished, after(cursor)) : isPublished)
    .orderBy(...listOrder)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ postedMicros: last.postedMicros, id: last.row.id }) : null;
  return { jobs: page.map(({ row }) => toWireJob(row)), nextCursor };
}

const EVERY_LIVE_JOB = jobSearchSchema.parse({});

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
    .orderBy(...listOrder)
    .limit(limit)
    .offset(offset);
  return rows;
}

/** A batch of whole live listings in list order after `cursor`: what the syndication feed streams. */
export async function listLiveJobBatch(db: Db, { cursor, limit }: { cursor?: JobCursor; limit: number }, now = new Date()) {
  const filters = searchConditions(EVERY_LIVE_JOB, now);
  const rows = await db
    .select({ row: jobs, postedMicros })
    .from(jobs)
    .where(cursor ? and(filters, after(cursor)) : filters)
    .orderBy(...listOrder)
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
 * Live listings matching `search` published after `mark`, newest first, at most `limit`: what an alert has not
 * mailed yet. The search's own conditions apply, so a listing the search would not show is never mailed.
 */
export async function listJobsPublishedAfter(db: Db, search: JobSearch, mark: PublishedMark, limit: number, now = new Date()) {
  const markAt = sql`timestamptz 'epoch' + ${mark.publishedMicros}::bigint * interval '1 microsecond'`;
  const after = mark.id
    ? sql`(${jobs.publishedAt}, ${jobs.id}) > (${markAt}, ${mark.id}::uuid)`
    : sql`${jobs.publishedAt} > ${markAt}`;
  const rows = await db
    .select({ row: jobs, publishedMicros })
    .from(jobs)
    .where(and(searchConditions(search, now), after))
    .orderBy(desc(jobs.publishedAt), desc(jobs.id))
    .limit(limit);
  const newest = rows[0];
  return {
    jobs: rows.map(({ row }) => toWireJob(row)),
    newest: newest ? ({ publishedMicros: newest.publishedMicros, id: newest.row.id } satisfies PublishedMark) : undefined,
  };
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
