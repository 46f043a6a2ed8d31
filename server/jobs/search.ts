import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Job, JobSearch } from "#shared/job.ts";
import { encodeCursor, type JobCursor } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { jobLocations, jobs } from "#server/db/schema.ts";
import { countMatches, estimateRows, type Total } from "#server/jobs/counts.ts";
import { after, containsPattern, LIST_ORDER, micros, searchConditions } from "#server/jobs/filters.ts";
import { toWireJob, WIRE_COLUMNS, type WireRow } from "#server/jobs/mapper.ts";

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
  const ids = (
    await rowsOf(db, sql`SELECT ${jobs.id} AS id FROM ${jobs} WHERE ${holding} LIMIT ${SHORT_TEXT_CANDIDATES + 1}`)
  ).map(({ id }) => id);
  if (ids.length > SHORT_TEXT_CANDIDATES) return matches;
  if (ids.length === 0) return sql`false`;
  return sql`(${jobs.id} IN ${ids} AND ${matches})`;
}

/** At most this many matching locations are walked one by one and merged (ADR 27); more, and the list index serves. */
const MERGED_LOCATIONS = 32;

/**
 * The lower-cased locations a location search matches, from the table of every location listings have had
 * (migration 0011), when there are at most MERGED_LOCATIONS of them; undefined when there are more.
 */
async function matchingLocations(db: Db, text: string): Promise<string[] | undefined> {
  const rows = await rowsOf(
    db,
    sql`SELECT ${jobLocations.locationLower} AS value FROM ${jobLocations}
      WHERE ${jobLocations.locationLower} LIKE lower(${containsPattern(text)}) LIMIT ${MERGED_LOCATIONS + 1}`,
  );
  return rows.length > MERGED_LOCATIONS ? undefined : rows.map(({ value }) => String(value));
}

/**
 * The listings at one of these locations. One value is an equality, which the location index walks in list order;
 * `= ANY(…)` would make the planner read all of that location's listings and sort them.
 */
function locationIn(values: string[]): SQL {
  const [only] = values;
  if (only === undefined) return sql`false`;
  return values.length === 1 ? sql`${jobs.locationLower} = ${only}` : sql`${jobs.locationLower} IN ${values}`;
}

/**
 * A search's filters and, when its rows can be walked location by location, the few locations it matches with the
 * filters for one of them alone.
 */
type Filters = { where: SQL; byLocation?: { values: string[]; at: (value: string) => SQL } };

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
    byLocation: {
      values: locations,
      at: (value) => searchConditions(search, now, { title, location: locationIn([value]) }),
    },
  };
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
  const nextCursor =
    rows.length > search.limit && last ? encodeCursor({ postedMicros: last.postedMicros, id: last.row.id }) : null;
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
  const walk = (conditions: SQL, limit: number, offset = 0) =>
    sql`SELECT ${jobs.id} AS id, ${jobs.postingDate} AS posting_date FROM ${jobs}
      WHERE ${conditions}${page.cursor ? sql` AND ${after(page.cursor)}` : sql``}
      ORDER BY ${LIST_ORDER} LIMIT ${limit} OFFSET ${offset}`;
  const { values = [], at } = filters.byLocation ?? {};
  // Each location's walk stops once it holds the whole window, so the merge never needs more of it.
  const walks = at ? values.map((value) => sql`(${walk(at(value), page.offset + page.limit)})`) : [];
  const refs =
    walks.length > 1
      ? sql`${sql.join(walks, sql` UNION ALL `)} ORDER BY posting_date DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`
      : walk(filters.where, page.limit, page.offset);
  const rows = await rowsOf(
    db,
    sql`SELECT ${WIRE_SELECT}, ${micros(sql`page.posting_date`)} AS posted_micros
    FROM (${refs}) AS page JOIN ${jobs} ON ${jobs.id} = page.id
    ORDER BY page.posting_date DESC, page.id DESC`,
  );
  return rows.map((raw) => ({ row: jobRowFrom(raw), postedMicros: String(raw.posted_micros) }));
}

const wireColumns = WIRE_COLUMNS.map((key) => ({ key, name: jobs[key].name, column: jobs[key] }));

/**
 * The page's select list: the wire shape's columns, not `jobs.*`. The other seven (the lower-cased copies, owner,
 * status and its reason, the hold, the publication time) cost PostgreSQL's output and the driver's parsing for
 * nothing: a page of 10 took 0.78 ms instead of 0.91 ms, one of 100 2.32 ms instead of 2.62 ms. Rendered once.
 */
const WIRE_SELECT = sql.raw(
  new PgDialect().sqlToQuery(
    sql.join(
      wireColumns.map(({ column }) => sql`${column}`),
      sql`, `,
    ),
  ).sql,
);

/**
 * A listing from its raw columns, each decoded by its own column's decoder, as drizzle's select would. drizzle's
 * general row mapping checks the kind of every cell on the way: 2.7 ms of CPU for a page of 100 (ADR 27).
 */
function jobRowFrom(raw: Record<string, unknown>): WireRow {
  const row: Record<string, unknown> = {};
  for (const { key, name, column } of wireColumns) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as WireRow;
}
