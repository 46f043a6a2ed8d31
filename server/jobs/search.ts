import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { sortOf, type Job, type JobSearch } from "#shared/job.ts";
import { encodeCursor, encodeRankCursor, type JobCursor } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { withLocalSettings } from "#server/db/local-settings.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { jobs } from "#server/db/schema.ts";
import { countMatches, estimateRows, type Total } from "#server/jobs/counts.ts";
import { after, LIST_ORDER, micros } from "#server/jobs/filters.ts";
import { toWireJob, WIRE_COLUMNS, type WireRow } from "#server/jobs/mapper.ts";
import { parseSearchQuery } from "#server/jobs/query.ts";
import {
  locationIn,
  searchFilters,
  type Filters,
  type Place,
  type TextConditions,
  type TextOptions,
} from "#server/jobs/search-filters.ts";
import { correctQuery } from "#server/jobs/typos.ts";

/** What a search with text found besides its page: the place it read, and a correction or suggestion of its words. */
export type SearchNotes = {
  place?: Place;
  /**
   * Another text to search: the misspelt words corrected (`applied`: this page is already its results, as no listing
   * matched the words as typed), or the likeliest words when even that found nothing, with what it would find.
   */
  didYouMean?: { search: string; applied: boolean } & Total;
};

/** The database or a transaction on it: what a page's statements run on. */
type Reader = Parameters<typeof rowsOf>[0];

export type JobPage = Total & { jobs: Job[]; nextCursor: string | null } & SearchNotes;

/**
 * One page of matches by `page` (OFFSET, within RESULT_WINDOW) or after a `cursor`: in list order, or ranked by
 * relevance when the search has text and asks for it (the default). A search with text that matches nothing is
 * tried again with its misspelt words corrected (ADR 38).
 */
export async function searchJobRows(db: Db, search: JobSearch, text: TextOptions, now = new Date()): Promise<JobPage> {
  return (await searchJobRowsRead(db, search, text, now)).page;
}

/**
 * searchJobRows, and the filters its page was read with: the corrected words' when a correction was applied, so that
 * what is counted beside the page (the sidebar's options) is what the page shows. `given`: the search's filters, when
 * the caller worked them out already (searchFilters with the same search, time and text).
 */
export async function searchJobRowsRead(
  db: Db,
  search: JobSearch,
  text: TextOptions,
  now = new Date(),
  given?: Filters,
): Promise<{ page: JobPage; filters: Filters }> {
  const query = search.search ? parseSearchQuery(search.search, text.synonyms) : undefined;
  const filters = given ?? (await searchFilters(db, search, now, { ...text, query }));
  const found = await pageOf(db, search, filters);
  const notes: SearchNotes = filters.place ? { place: filters.place } : {};
  const asTyped = (page: JobPage) => ({ page, filters });
  if (!query || found.total > 0 || search.cursor || search.page > 1) return asTyped({ ...found, ...notes });
  const correction = await correctQuery(db, query);
  if (correction) {
    const corrected = await searchFilters(db, search, now, { ...text, query: correction.query });
    const page = await pageOf(db, search, corrected);
    if (page.total > 0) {
      const didYouMean = { search: correction.text, applied: true, total: page.total, totalIsExact: page.totalIsExact };
      return {
        page: { ...page, ...(corrected.place ? { place: corrected.place } : {}), didYouMean },
        filters: corrected,
      };
    }
  }
  const suggestion = await correctQuery(db, query, { loosely: true });
  if (suggestion) {
    const suggested = await searchFilters(db, search, now, { ...text, query: suggestion.query });
    const total = await countMatches(db, suggested.where);
    if (total.total > 0)
      return asTyped({ ...found, ...notes, didYouMean: { search: suggestion.text, applied: false, ...total } });
  }
  return asTyped({ ...found, ...notes });
}

/**
 * The first matches in list order, at most this many, are ranked by relevance; past them, a ranked search is in list
 * order. 200 until the ranking read its matches from a bounded walk: finding 200 took 4,000 rows' words at 1M for a
 * word in one listing of twenty, twice what a page of 100 needs.
 */
export const RANKED_MATCHES = 100;

/**
 * A ranked search whose every group matches at least this many listings (the planner's estimate of each group alone)
 * finds the matches it ranks by walking the newest RANKING_WALK listings that pass its other filters; fewer, and it
 * reads all its matches from the text index, then keeps the newest (ADR 38). A group's estimate is a bound the words
 * together cannot exceed; the planner's estimate of them together takes them as independent, and they are not: "ml
 * engineer" was estimated at 1,519 listings and matched 49,877, read from the text index in 450 ms.
 */
export const FEW_TEXT_MATCHES = 2_000;

/**
 * How many of the newest listings passing a ranked search's other filters the walk reads: the ranking is of the
 * matches among them (at most RANKED_MATCHES), the same for every page of the search. A bound in rows, not time: a
 * walk cut off by a time budget under load ended in a read of the text index costing ten times the walk.
 */
export const RANKING_WALK = 4_000;

/**
 * How a text search's newest matches are found in list order (ADR 38). One the planner expects to match fewer listings
 * than RARE_MATCHES is read from the text index first, all its matches, then sorted: the index holds few of them. Any
 * other walks the list index newest first, meeting matches at once when they are common: at most WALKED_PER_MATCH
 * listings per match the page needs, or, when several locations' walks are merged, within WALK_BUDGET_MS; past either,
 * the text index is read after all. The planner's estimate alone cannot choose: it takes words as independent and
 * they are not ("writer content" was estimated at 1,235 matches for 24,749 at 1M, read from the text index in 440 ms;
 * "engineer recruiter" at thousands for none, walked through every live listing in 950 ms).
 */
const RARE_MATCHES = 300;
const WALK_BUDGET_MS = 30;
const QUERY_CANCELED = "57014";

type Rows = { rows: WireRow[]; nextCursor: string | null; total?: number };

async function pageOf(
  db: Db,
  search: JobSearch,
  filters: Filters,
): Promise<Total & { jobs: Job[]; nextCursor: string | null }> {
  const cursor = search.cursor;
  const offset = cursor ? ("position" in cursor ? cursor.position : 0) : (search.page - 1) * search.limit;
  const listCursor = cursor && "postedMicros" in cursor ? cursor : undefined;
  const { tier, text } = filters;
  const found: Rows =
    tier && text && sortOf(search) === "relevance" && !listCursor && offset < RANKED_MATCHES
      ? await rankedRows(db, filters, { tier, text }, { offset, limit: search.limit })
      : await listedRows(db, filters, { offset: listCursor ? 0 : offset, limit: search.limit, cursor: listCursor });
  const { rows, nextCursor } = found;
  // A short page by `page`, or a ranking of every match, already tells the exact total; only a full page or a cursor
  // page needs counting.
  const total: Total =
    found.total !== undefined
      ? { total: found.total, totalIsExact: true }
      : !cursor && rows.length < search.limit && (rows.length > 0 || offset === 0)
        ? { total: offset + rows.length, totalIsExact: true }
        : await countMatches(db, filters.where, offset + rows.length);
  return { jobs: rows.map(toWireJob), nextCursor, ...total };
}

/**
 * A page of matches in list order: a text search's as RARE_MATCHES says, or from the text index at once when a walk
 * already met too few of them (`sparse`). `walkRows` is how many listings a walk is expected to need, when a ranking's
 * walk already measured how often the text matches among them.
 */
async function listedRows(
  db: Db,
  filters: Pick<Filters, "where" | "byLocation" | "tier" | "text">,
  page: { offset: number; limit: number; cursor?: JobCursor; sparse?: boolean; walkRows?: number },
): Promise<Rows> {
  if (filters.tier === undefined) return listRows(db, filters, { ...page, materialize: false });
  // Every match, for the estimate: a place's walk below repeats its location, which the planner takes for a second
  // filter as narrow as the first ("designer pune": 6,625 matches estimated under 300, read from the text index in 145
  // ms instead of walking Pune's listings).
  const everyMatch = filters.where;
  const place = !page.sparse && filters.text && !filters.byLocation ? await placeWalked(db, filters.text) : undefined;
  if (place && filters.text) {
    const { others, matches } = filters.text;
    const at = (value: string) => sql`${others} AND ${locationIn([value])} AND ${matches}`;
    filters = { ...filters, where: place.length === 1 ? at(place[0] as string) : filters.where };
    filters.byLocation = { values: place, at };
  }
  // A walk's measure of how often the text matches is better than the planner's estimate, which takes words as
  // independent.
  if (page.sparse || (page.walkRows === undefined && (await estimateRows(db, everyMatch)) < RARE_MATCHES)) {
    return readingText(db, (tx) => listRows(tx, filters, { ...page, materialize: true }));
  }
  const walked = filters.text && walkedConditions(filters.text, filters.byLocation?.values, place !== undefined);
  if (walked) {
    const needed = Math.max(RANKING_WALK, WALKED_PER_MATCH * (page.offset + page.limit + 1), page.walkRows ?? 0);
    const rows = Math.min(MOST_WALKED, needed);
    const found = await listRows(db, filters, { ...page, materialize: false, walk: { others: walked, rows } });
    // A full page and the row after it are the first matches after the walk's start; fewer may not be all there is.
    if (found.nextCursor) return found;
    return readingText(db, (tx) => listRows(tx, filters, { ...page, materialize: true }));
  }
  try {
    // A walk, not the planner's choice: from an estimate it would read every match from the indexes and sort them.
    return await withLocalSettings(db, { statement_timeout: WALK_BUDGET_MS, enable_bitmapscan: "off" }, (tx) =>
      listRows(tx, filters, { ...page, materialize: false }),
    );
  } catch (error) {
    if (!hasSqlState(error, QUERY_CANCELED)) throw error;
    return readingText(db, (tx) => listRows(tx, filters, { ...page, materialize: true }));
  }
}

/**
 * A walk for a text search's page reads at most this many listings passing its other filters per match it needs,
 * never fewer than RANKING_WALK nor more than MOST_WALKED: a text in fewer than one listing of this many is read from
 * the text index instead. A bound in rows, as the ranking's walk (ADR 38): a time budget ran out under load, and its
 * fallback read every match of a common text ("hr", page 12: 278,000 listings, 3.5 s). Reading them costs each match
 * several times what walking past a listing does, and the text index holds the expired matches too: at 20 listings a
 * match, page 20 of "data" (one listing in 30) read its 30,000 matches in 600 ms, where a walk of 6,300 takes 20 ms.
 */
const WALKED_PER_MATCH = 100;
const MOST_WALKED = 40_000;

/** A walk sized from a density it measured reads this much more, as matches are not spread evenly. */
const WALK_MARGIN = 1.5;

/**
 * What a bounded walk of a text search's page walks, the other filters, when it is one walk: at one location at most
 * (a place named in the box, or a location filter matching one). Several locations are walked each and merged, and a
 * bound on each would lose the order of the merge: undefined.
 */
function walkedConditions(text: TextConditions, values: string[] = [], place: boolean): SQL | undefined {
  const [only] = values;
  if (only === undefined) return text.others;
  if (values.length > 1) return undefined;
  return place ? sql`${text.others} AND ${locationIn([only])}` : text.othersAt?.(only);
}

/**
 * Memory for reading a text's matches from the indexes. Each index's rows are gathered in a bitmap; one larger than
 * work_mem (4 MB by default) keeps pages instead of rows, and then every row of those pages is read and tested again.
 * "designer" in Pune at 1M: 9,752 such pages, 212 ms; with 16 MB the bitmaps stay exact, 41 ms. Set for these reads
 * alone, so a board's other statements keep the server's setting.
 */
export const TEXT_READ_WORK_MEM = "16MB";

const readingText = <T>(db: Db, read: (tx: Reader) => Promise<T>): Promise<T> =>
  withLocalSettings(db, { work_mem: TEXT_READ_WORK_MEM }, read);

/** A page in list order, and the cursor after it when there is more. */
async function listRows(
  db: Reader,
  filters: Pick<Filters, "where" | "byLocation" | "text">,
  page: PageRead,
): Promise<Rows> {
  const rows = await pageOfRows(db, filters, { ...page, limit: page.limit + 1 });
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  const nextCursor =
    rows.length > page.limit && last ? encodeCursor({ postedMicros: last.postedMicros, id: last.row.id }) : null;
  return { rows: pageRows.map(({ row }) => row), nextCursor };
}

const dialect = new PgDialect();

/** The columns a search's other filters and a cursor read, kept for each text match (textFirst). */
const FILTERED_COLUMNS = sql.raw(
  dialect.sqlToQuery(
    sql.join(
      [
        jobs.id,
        jobs.postingDate,
        jobs.status,
        jobs.titleLower,
        jobs.locationLower,
        jobs.experienceLevel,
        jobs.employmentType,
        jobs.gender,
        jobs.englishLevel,
        jobs.salaryCurrency,
        jobs.minSalary,
        jobs.maxSalary,
      ].map((column) => sql`${column}`),
      sql`, `,
    ),
  ).sql,
);

/**
 * `matches`: every row the text matches, read from the text index (and the title's, for the spec's rule), for the
 * other filters to be applied to. Without filters, from the text's indexes alone: left to the planner, a range scan of
 * the posting dates joined the read at 1M (61 ms) to halve the rows a text with no match at all would have read. With
 * filters, the planner may join their indexes: "lead engineer" at one experience level read 40,000 matches of the
 * text alone (300 ms) where the two indexes together leave none to read.
 */
const textFirst = (text: TextConditions) =>
  sql`matches AS MATERIALIZED (SELECT ${FILTERED_COLUMNS} FROM ${jobs}
    WHERE ${text.filtered ? sql`${text.matches} AND ${text.others}` : text.matches})`;

/**
 * The locations of a place named in the box ("python chennai") when every match stands there, as no title outside it
 * holds the whole text: a walk of the place's listings meets its matches at once, where a walk of all listings meets
 * the place's few among them.
 */
async function placeWalked(db: Db, text: TextConditions): Promise<string[] | undefined> {
  if (!text.place) return undefined;
  return (await anyRow(db, sql`${text.place.titleContains} AND ${text.others}`)) ? undefined : text.place.values;
}

/** Whether any listing meets `where`. */
async function anyRow(db: Db, where: SQL): Promise<boolean> {
  return (await rowsOf(db, sql`SELECT 1 FROM ${jobs} WHERE ${where} LIMIT 1`)).length > 0;
}

/** A walk's columns: what the text's conditions read, under the table's name. */
const WALKED = sql`${jobs.id}, ${jobs.postingDate}, ${jobs.titleLower}, ${jobs.locationLower}, ${jobs.searchVector}`;

/**
 * The newest `rows` listings passing `others`, in list order, with WALKED's columns. When the filters go past an
 * index's leading column (`indexFirst`), the index alone is walked first and the table read for the listings that
 * pass: walked at once, every listing the index meets is read from the table to test its filters ("accountant", one
 * gender, a low maximum salary: 17,600 read for 1,939 passing, 47–79 ms; index first, 17–23 ms). Otherwise at once, as
 * an index lookup per listing cost more than it saved (a word alone: 3.5 ms at once, 11 ms index first).
 */
function walkOf(text: Pick<TextConditions, "indexFirst">, others: SQL, rows: number): SQL {
  if (!text.indexFirst) return sql`SELECT ${WALKED} FROM ${jobs} WHERE ${others} ORDER BY ${LIST_ORDER} LIMIT ${rows}`;
  return sql`SELECT walked.id, walked.posting_date, ${jobs.titleLower}, ${jobs.locationLower}, ${jobs.searchVector}
    FROM (SELECT ${jobs.id}, ${jobs.postingDate} FROM ${jobs} WHERE ${others} ORDER BY ${LIST_ORDER} LIMIT ${rows}) AS walked
    JOIN ${jobs} ON ${jobs.id} = walked.id`;
}

/**
 * At most how many listings a text search can match: the planner's estimates of the title containing the text, and of
 * the rarest group alone.
 */
export async function textMatchBound(db: Db, text: Pick<TextConditions, "groups" | "titleContains">): Promise<number> {
  if (!text.titleContains) return Infinity;
  const [inTitle, ...groups] = await Promise.all(
    [text.titleContains, ...text.groups].map((condition) => estimateRows(db, condition)),
  );
  return (inTitle ?? 0) + (groups.length > 0 ? Math.min(...groups) : 0);
}

/**
 * The planner's estimate for a word it has no statistics of, a misspelt word's prefix among them, is 5,000 listings of
 * 1M: a group expected in at most this many is asked of the text index whether it matches any listing at all.
 */
const PROBED_GROUP = 5_000;

/**
 * The text as it matches when one of its groups matches no listing at all: by the title alone (the spec's rule), as
 * every group must match otherwise. Asked of the indexes with bitmaps, for the groups the planner expects in few
 * listings: a misspelt word with a place ("accouniant gurugram") walked the place's newest 4,000 listings for nothing,
 * then read the place's 66,000 from its index before the word's empty one (16 + 37 ms) to find nothing again.
 */
async function withoutEmptyGroups(db: Db, text: TextConditions): Promise<TextConditions> {
  const titleContains = text.titleContains;
  if (!titleContains) return text;
  const estimates = await Promise.all(text.groups.map((group) => estimateRows(db, group)));
  const probed = text.groups.filter((_, i) => (estimates[i] ?? Infinity) <= PROBED_GROUP);
  if (probed.length === 0) return text;
  // Bitmaps only: a sequential read or an index walk would look through every listing for the match that is not there.
  const empty = await withLocalSettings(db, { enable_seqscan: "off", enable_indexscan: "off" }, async (tx) => {
    for (const group of probed) {
      if ((await rowsOf(tx, sql`SELECT 1 FROM ${jobs} WHERE ${group} LIMIT 1`)).length === 0) return true;
    }
    return false;
  });
  return empty ? { ...text, matches: titleContains, groups: [] } : text;
}

/**
 * A page of a ranking: the first matches in list order (the newest, at most RANKED_MATCHES), ordered by tier, then
 * newest first; then the other matches in list order, from where the ranked ones end. The matches ranked are found
 * as FEW_TEXT_MATCHES says: from the text index, all of them and the newest kept (then the ranking is complete when
 * they are fewer than RANKED_MATCHES), or among the newest RANKING_WALK listings passing the other filters.
 */
async function rankedRows(
  db: Db,
  filters: Filters,
  { tier, text }: { tier: SQL; text: TextConditions },
  page: { offset: number; limit: number },
): Promise<Rows> {
  text = await withoutEmptyGroups(db, text);
  const fromIndex = (await textMatchBound(db, text)) < FEW_TEXT_MATCHES;
  const columns = sql`${jobs.id}, ${jobs.postingDate}, ${jobs.titleLower}, ${jobs.searchVector}`;
  let newest: SQL;
  if (fromIndex) {
    // The ranked ones' words are read afterwards, for them alone.
    newest = sql`WITH ${textFirst(text)},
        newest AS (SELECT id FROM matches AS jobs WHERE ${text.others} ORDER BY posting_date DESC, id DESC LIMIT ${RANKED_MATCHES})
      SELECT ${columns} FROM newest JOIN ${jobs} ON ${jobs.id} = newest.id`;
  } else {
    const walk = (others: SQL) => walkOf(text, others, RANKING_WALK);
    const place = await placeWalked(db, text);
    const at = place
      ? (value: string) => sql`${text.others} AND ${locationIn([value])}`
      : (text.othersAt ?? (() => text.others));
    const values = place ?? filters.byLocation?.values ?? [];
    // A few locations: each one's walk, merged, as a page is (ADR 27); `IN (…)` would read all their listings and sort.
    const newestWalked =
      values.length > 1
        ? sql`${sql.join(
            values.map((value) => sql`(${walk(at(value))})`),
            sql` UNION ALL `,
          )} ORDER BY posting_date DESC, id DESC LIMIT ${RANKING_WALK}`
        : walk(values.length === 1 ? at(values[0] as string) : text.others);
    newest = sql`SELECT ${columns} FROM (${newestWalked}) AS jobs WHERE ${text.matches}
      ORDER BY ${LIST_ORDER} LIMIT ${RANKED_MATCHES}`;
  }
  const rankedPage = (reader: Reader) =>
    rowsOf(
      reader,
      sql`WITH ranked AS (
      SELECT id, posting_date, ${tier} AS tier FROM (${newest}) AS jobs
    ), boundary AS (
      SELECT count(*) AS size, (array_agg(id ORDER BY posting_date, id))[1] AS id,
        ${micros(sql`min(posting_date)`)} AS posted_micros FROM ranked
    ), page AS (
      SELECT id, posting_date, tier FROM ranked ORDER BY tier, posting_date DESC, id DESC
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    SELECT ${WIRE_SELECT}, page.tier, boundary.size, boundary.id AS boundary_id, boundary.posted_micros AS boundary_micros
    FROM boundary LEFT JOIN (page JOIN ${jobs} ON ${jobs.id} = page.id) ON true
    ORDER BY page.tier, page.posting_date DESC, page.id DESC`,
    );
  const raw = fromIndex ? await readingText(db, rankedPage) : await rankedPage(db);
  // The boundary comes with every row, and alone (its job's columns null) when the page is past the ranking.
  const [first] = raw;
  const size = Number(first?.size ?? 0);
  const rows = raw.filter((row) => row.id !== null && row.id !== undefined).map(jobRowFrom);
  const complete = fromIndex && size < RANKED_MATCHES;
  if (complete || rows.length > page.limit) {
    return {
      rows: rows.slice(0, page.limit),
      nextCursor: rows.length > page.limit ? encodeRankCursor({ position: page.offset + page.limit }) : null,
      // Fewer matches than a ranking holds: the ranking is every match, so it is the exact total.
      ...(complete ? { total: size } : {}),
    };
  }
  // The page reaches past the ranked matches: it goes on with the next matches in list order, which all stand after
  // the oldest ranked one (none ranked: from the start), as does the cursor after a ranked row.
  const boundary =
    size > 0 ? { postedMicros: String(first?.boundary_micros), id: String(first?.boundary_id) } : undefined;
  const remaining = page.limit - rows.length;
  const skipped = Math.max(0, page.offset - size);
  const limit = Math.max(1, remaining);
  // How often the text matched among the listings walked says how far on the next matches stand: walking on to them
  // reads a few thousand listings ("part time writer delhi", 50 a page: 29 ranked of 4,000 walked, 22 more within
  // the next 3,000, where the text index read every match of its common words, 360 ms). None met, or too far on for
  // a walk: the text index (sparse). With the ranking's walk, its reading of the text index cost 1.1 s for "analyst
  // data senior" and 880 ms for "part time writer kochi" at 1M, under a page's own cost of 4–40 ms for the walk.
  const needed = skipped + limit + 1;
  const walkRows = fromIndex ? 0 : size === 0 ? Infinity : Math.ceil((WALK_MARGIN * RANKING_WALK * needed) / size);
  const sparse = walkRows > MOST_WALKED;
  const more = await listedRows(
    db,
    { where: filters.where, tier, text },
    { offset: skipped, limit, cursor: boundary, sparse, ...(sparse ? {} : { walkRows }) },
  );
  if (remaining === 0) {
    return { rows, nextCursor: more.rows.length > 0 && boundary ? encodeCursor(boundary) : null };
  }
  return { rows: [...rows, ...more.rows], nextCursor: more.nextCursor };
}

/**
 * A page of matches, whole, with each one's precise posting time. The page is chosen from an index alone, then its
 * rows are joined by id. A search matching a few locations walks each one's listings in list order
 * (jobs_location_date_idx) and merges the walks, so a deep page skips only its own matches: page 972 of one city of
 * fifteen walked about 147,000 entries of the list index to skip 9,710 (ADR 27). The posting time is computed for the
 * page's rows only: inside the walk it was computed for every row the OFFSET skips too (that page: 13.8 → 6.2 ms).
 */
/**
 * A page's place in the list and how its rows are found: walking the list index (the default), reading every match
 * from the text index first (`materialize`), or walking at most `walk.rows` listings passing `walk.others`, newest
 * first, for the text's matches among them.
 */
type PageRead = {
  offset: number;
  limit: number;
  cursor?: JobCursor;
  materialize?: boolean;
  walk?: { others: SQL; rows: number };
};

async function pageOfRows(db: Reader, filters: Pick<Filters, "where" | "byLocation" | "text">, page: PageRead) {
  const cursor = page.cursor ? sql` AND ${after(page.cursor)}` : sql``;
  const walk = (conditions: SQL, limit: number, offset = 0) =>
    sql`SELECT ${jobs.id} AS id, ${jobs.postingDate} AS posting_date FROM ${jobs}
      WHERE ${conditions}${cursor} ORDER BY ${LIST_ORDER} LIMIT ${limit} OFFSET ${offset}`;
  const { values = [], at } = filters.byLocation ?? {};
  // Each location's walk stops once it holds the whole window, so the merge never needs more of it.
  const walks = at ? values.map((value) => sql`(${walk(at(value), page.offset + page.limit)})`) : [];
  // A rare or walked-too-long text search: every match from the text index first, then filtered and sorted.
  const refs =
    page.materialize && filters.text
      ? sql`WITH ${textFirst(filters.text)}
        SELECT id, posting_date FROM matches AS jobs WHERE ${filters.text.others}${cursor}
        ORDER BY posting_date DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`
      : page.walk && filters.text
        ? sql`SELECT id, posting_date FROM (${walkOf(filters.text, sql`${page.walk.others}${cursor}`, page.walk.rows)}) AS jobs
          WHERE ${filters.text.matches} ORDER BY ${LIST_ORDER} LIMIT ${page.limit} OFFSET ${page.offset}`
        : walks.length > 1
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
  dialect.sqlToQuery(
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
