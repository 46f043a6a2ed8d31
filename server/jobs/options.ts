import { sql, type SQL } from "drizzle-orm";
import {
  DATE_POSTED,
  EMPLOYMENT_TYPES,
  ENGLISH_LEVELS,
  EXPERIENCE_LEVELS,
  LISTING_GENDERS,
  type JobSearch,
  type OptionCounts,
  type OptionFilter,
} from "#shared/job.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { withLocalSettings } from "#server/db/local-settings.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { jobs } from "#server/db/schema.ts";
import { estimateRows } from "#server/jobs/counts.ts";
import { rememberedPerDb } from "#server/jobs/remembered.ts";

import { searchFilters, type Filters, type TextOptions } from "#server/jobs/search-filters.ts";
import { TEXT_READ_WORK_MEM } from "#server/jobs/page-rows.ts";
import { textMatchBound } from "#server/jobs/ranked.ts";

/** Up to this many matches of a filter's other options, each option's count is exact; above, an estimate. */
export const EXACT_OPTION_COUNT_LIMIT = 10_000;

/**
 * Exact counts are tried when the planner expects at most this many matches of a filter's other options, within a
 * budget (PostgreSQL; PGlite cannot interrupt a query, ADR 20): five filters of a page counting up to 10,000 each took
 * more database time than the page's own search, and the planner's estimate of several words is often far off.
 */
const EXACT_OPTION_COUNT_TRIED = 2_000;
const OPTION_COUNT_BUDGET_MS = 25;

const QUERY_CANCELED = "57014";

const OPTIONS: Record<OptionFilter, readonly string[]> = {
  experienceLevel: EXPERIENCE_LEVELS,
  employmentType: EMPLOYMENT_TYPES,
  datePosted: DATE_POSTED,
  gender: LISTING_GENDERS,
  englishLevel: ENGLISH_LEVELS,
};

const COLUMNS = {
  experienceLevel: jobs.experienceLevel,
  employmentType: jobs.employmentType,
  gender: jobs.gender,
  englishLevel: jobs.englishLevel,
} as const;

/**
 * How many results each option of the sidebar's filters would give with everything else as it is (ADR 38): for each
 * filter, its other options' matches are read once, up to EXACT_OPTION_COUNT_LIMIT, within a time budget, and
 * counted by option; when there are more, or the budget runs out, each option's count is the planner's estimate and
 * says so. `given`: the search's filters, when the caller worked them out already.
 */
export async function countSearchOptions(
  db: Db,
  search: JobSearch,
  text: TextOptions,
  now = new Date(),
  given?: Filters,
): Promise<OptionCounts> {
  const filters = given ?? (await searchFilters(db, search, now, text));
  const shares = await optionShares(db);
  // Filters the search does not set give the same "other options" conditions: estimateRows plans each once, as it
  // remembers a plan (and hands a second caller the first one's promise) for a minute.
  const estimate = (where: SQL) => estimateRows(db, where);
  const filterNames = Object.keys(OPTIONS) as OptionFilter[];
  const othersOf = (filter: OptionFilter) =>
    filters.with({ ...search, [filter]: filter === "datePosted" ? "all" : undefined } as JobSearch);
  const [othersEstimates, bound] = await Promise.all([
    Promise.all(filterNames.map((filter) => estimate(othersOf(filter)))),
    filters.text ? textMatchBound(db, filters.text) : undefined,
  ]);
  // The planner takes a search's words as independent and may expect a few matches of words that have many together:
  // counting is only tried when the rarest word alone bounds what a count would read.
  const tried = filterNames.filter(
    (_, i) =>
      (othersEstimates[i] ?? Infinity) <= EXACT_OPTION_COUNT_TRIED &&
      // A 1–2 character text has no bound (Infinity): the planner's estimate alone decides, as for no text.
      (bound === undefined || !Number.isFinite(bound) || bound <= EXACT_OPTION_COUNT_LIMIT),
  );
  // Every filter's counts from one read of the matches without any of them, when that read is small enough: five
  // reads of the same matches (a search that sets none) cost five times the one. When it is not, a filter whose other
  // filters are unset would read the same matches again: it is estimated.
  const together = tried.length > 1 ? await exactCountsTogether(db, filters, search, now) : undefined;
  const othersSet = (filter: OptionFilter) =>
    filterNames.some((other) => other !== filter && search[other] !== undefined && search[other] !== "all");
  const counted = await Promise.all(
    filterNames.map(async (filter, i) => {
      const options = OPTIONS[filter];
      const others = othersOf(filter);
      const othersEstimate = othersEstimates[i] ?? 0;
      const alone = tried.length > 1 && !othersSet(filter);
      const exact = tried.includes(filter)
        ? (together?.[filter] ?? (alone ? undefined : await exactCounts(db, filter, others, now)))
        : undefined;
      const estimateOf = async (option: string) =>
        filter === "datePosted"
          ? estimate(filters.with({ ...search, datePosted: option } as JobSearch))
          : othersEstimate * (shares[filter]?.[option] ?? 0);
      const byOption = exact
        ? options.map((option) => [option, { total: exact[option] ?? 0, totalIsExact: true }] as const)
        : await Promise.all(
            options.map(
              async (option) => [option, { total: Math.round(await estimateOf(option)), totalIsExact: false }] as const,
            ),
          );
      return [filter, Object.fromEntries(byOption)] as const;
    }),
  );
  const counts: OptionCounts = Object.fromEntries(counted);
  return counts;
}

/** An option's condition on a listing's columns (a posting date option: posted since its cutoff). */
function optionIs(filter: OptionFilter, option: string, now: Date): SQL {
  if (filter !== "datePosted") return sql`${COLUMNS[filter]} = ${option}`;
  const days = DATE_POSTED_DAYS[option as keyof typeof DATE_POSTED_DAYS];
  return days === undefined ? sql`true` : sql`${jobs.postingDate} >= ${cutoff(now, days)}`;
}

const DATE_POSTED_DAYS = { "24h": 1, "7d": 7, "30d": 30 } as const;

/**
 * Every filter's option counts from one read of the search's matches with none of the filters set, each option
 * counted where the search's other filters hold; undefined when there are more than EXACT_OPTION_COUNT_LIMIT such
 * matches or the budget runs out.
 */
async function exactCountsTogether(
  db: Db,
  filters: { with: (search: JobSearch) => SQL },
  search: JobSearch,
  now: Date,
): Promise<Partial<Record<OptionFilter, Record<string, number>>> | undefined> {
  const filterNames = Object.keys(OPTIONS) as OptionFilter[];
  const unfiltered = filters.with({
    ...search,
    ...Object.fromEntries(filterNames.map((filter) => [filter, undefined])),
    datePosted: "all",
  } as JobSearch);
  const set = (filter: OptionFilter) => {
    const value = search[filter];
    return value !== undefined && value !== "all" ? optionIs(filter, value, now) : undefined;
  };
  const counts = filterNames.flatMap((filter) => {
    const others = filterNames.filter((other) => other !== filter).flatMap((other) => set(other) ?? []);
    return OPTIONS[filter].map((option, i) => ({
      filter,
      option,
      column: `${filter}_${i}`,
      sql: sql`count(*) FILTER (WHERE ${sql.join([optionIs(filter, option, now), ...others], sql` AND `)})`,
    }));
  });
  const columns = [
    sql`count(*) AS read`,
    ...counts.map(({ column, sql: count }) => sql`${count} AS ${sql.identifier(column)}`),
  ];
  const query = sql`SELECT ${sql.join(columns, sql`, `)}
    FROM (SELECT ${jobs.experienceLevel}, ${jobs.employmentType}, ${jobs.gender}, ${jobs.englishLevel}, ${jobs.postingDate}
      FROM ${jobs} WHERE ${unfiltered} LIMIT ${EXACT_OPTION_COUNT_LIMIT + 1}) AS jobs`;
  let row: Record<string, unknown> | undefined;
  try {
    [row] = await withLocalSettings(
      db,
      { statement_timeout: OPTION_COUNT_BUDGET_MS, work_mem: TEXT_READ_WORK_MEM },
      (tx) => rowsOf(tx, query),
    );
  } catch (error) {
    if (hasSqlState(error, QUERY_CANCELED)) return undefined;
    throw error;
  }
  if (!row || Number(row.read) > EXACT_OPTION_COUNT_LIMIT) return undefined;
  const byFilter: Partial<Record<OptionFilter, Record<string, number>>> = {};
  for (const { filter, option, column } of counts) (byFilter[filter] ??= {})[option] = Number(row[column]);
  return byFilter;
}

/**
 * Each option's share of all listings, from the planner's statistics (pg_stats' most common values), kept a minute:
 * an option's estimate is its filter's other matches times its share, as the planner would estimate it, without
 * asking the planner once per option (18 plans per page cost more than the page's own search).
 */
type Shares = Partial<Record<OptionFilter, Record<string, number>>>;
const sharesKept = rememberedPerDb<Promise<Shares>>({ ttlMs: 60_000, max: 1 });

function optionShares(db: Db): Promise<Shares> {
  const kept = sharesKept.get(db, "shares");
  if (kept) return kept;
  const shares = rowsOf(
    db,
    sql`SELECT attname AS column, most_common_vals::text::text[] AS vals, most_common_freqs AS freqs
      FROM pg_stats WHERE tablename = 'jobs' AND attname IN ('experience_level', 'employment_type', 'gender', 'english_level')`,
  ).then((rows) => {
    const byColumn: Record<string, OptionFilter> = {
      experience_level: "experienceLevel",
      employment_type: "employmentType",
      gender: "gender",
      english_level: "englishLevel",
    };
    return Object.fromEntries(
      rows.map((row) => {
        const vals = (row.vals as string[] | null) ?? [];
        const freqs = ((row.freqs as (number | string)[] | null) ?? []).map(Number);
        return [byColumn[String(row.column)], Object.fromEntries(vals.map((value, i) => [value, freqs[i] ?? 0]))];
      }),
    ) as Shares;
  });
  sharesKept.set(db, "shares", shares);
  return shares;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** Each option's count among `where`'s matches, or undefined when there are too many to count in the budget. */
async function exactCounts(
  db: Db,
  filter: OptionFilter,
  where: SQL,
  now: Date,
): Promise<Record<string, number> | undefined> {
  const capped = (column: SQL) =>
    sql`SELECT ${column} AS value FROM ${jobs} WHERE ${where} LIMIT ${EXACT_OPTION_COUNT_LIMIT + 1}`;
  const query =
    filter === "datePosted"
      ? sql`SELECT count(*) FILTER (WHERE value >= ${cutoff(now, 1)}) AS "24h",
          count(*) FILTER (WHERE value >= ${cutoff(now, 7)}) AS "7d",
          count(*) FILTER (WHERE value >= ${cutoff(now, 30)}) AS "30d", count(*) AS "all"
          FROM (${capped(sql`${jobs.postingDate}`)}) AS matches`
      : sql`SELECT value, count(*) AS n FROM (${capped(sql`${COLUMNS[filter]}`)}) AS matches GROUP BY value`;
  let rows: Record<string, unknown>[];
  try {
    rows = await withLocalSettings(
      db,
      { statement_timeout: OPTION_COUNT_BUDGET_MS, work_mem: TEXT_READ_WORK_MEM },
      (tx) => rowsOf(tx, query),
    );
  } catch (error) {
    if (hasSqlState(error, QUERY_CANCELED)) return undefined;
    throw error;
  }
  const byOption: Record<string, number> =
    filter === "datePosted"
      ? Object.fromEntries(DATE_POSTED.map((option) => [option, Number(rows[0]?.[option] ?? 0)]))
      : Object.fromEntries(rows.map((row) => [String(row.value), Number(row.n)]));
  const read = filter === "datePosted" ? (byOption.all ?? 0) : Object.values(byOption).reduce((a, b) => a + b, 0);
  return read > EXACT_OPTION_COUNT_LIMIT ? undefined : byOption;
}
