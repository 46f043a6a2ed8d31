import { sql, type SQL } from "drizzle-orm";
import type { JobCursor } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { withLocalSettings } from "#server/db/local-settings.ts";
import { rowsOf } from "#server/db/rows.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { jobs } from "#server/db/schema.ts";
import { estimateRows } from "#server/jobs/counts.ts";
import { listRows, readingText, type Rows } from "#server/jobs/page-rows.ts";
import { locationIn, type Filters, type TextConditions } from "#server/jobs/search-filters.ts";

/*
 * A search's page in list order, newest first: how a text search's matches are found, by a walk or from the text index
 * (ADR 38).
 */

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

/**
 * A page of matches in list order: a text search's as RARE_MATCHES says, or from the text index at once when a walk
 * already met too few of them (`sparse`). `walkRows` is how many listings a walk is expected to need, when a ranking's
 * walk already measured how often the text matches among them.
 */
export async function listedRows(
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
export const MOST_WALKED = 40_000;

/** A walk sized from a density it measured reads this much more, as matches are not spread evenly. */
export const WALK_MARGIN = 1.5;

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
 * The locations of a place named in the box ("python chennai") when every match stands there, as no title outside it
 * holds the whole text: a walk of the place's listings meets its matches at once, where a walk of all listings meets
 * the place's few among them.
 */
export async function placeWalked(db: Db, text: TextConditions): Promise<string[] | undefined> {
  if (!text.place) return undefined;
  const { titleContains, values } = text.place;
  return titleContains && (await anyRow(db, sql`${titleContains} AND ${text.others}`)) ? undefined : values;
}

/** Whether any listing meets `where`. */
async function anyRow(db: Db, where: SQL): Promise<boolean> {
  return (await rowsOf(db, sql`SELECT 1 FROM ${jobs} WHERE ${where} LIMIT 1`)).length > 0;
}
