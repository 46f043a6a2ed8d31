import { sql, type SQL } from "drizzle-orm";
import { encodeCursor, encodeRankCursor } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { withLocalSettings } from "#server/db/local-settings.ts";
import { rowsOf } from "#server/db/rows.ts";
import { jobs } from "#server/db/schema.ts";
import { estimateRows, sqlKey } from "#server/jobs/counts.ts";
import { LIST_ORDER, micros } from "#server/jobs/filters.ts";
import { listedRows, MOST_WALKED, placeWalked, RANKING_WALK, WALK_MARGIN } from "#server/jobs/listed.ts";
import {
  jobRowFrom,
  readingText,
  textFirst,
  walkedWords,
  walkOf,
  WIRE_SELECT,
  type Reader,
  type Rows,
} from "#server/jobs/page-rows.ts";
import { rememberedPerDb } from "#server/jobs/remembered.ts";
import { locationIn, NO_TITLE, type Filters, type TextConditions } from "#server/jobs/search-filters.ts";

/*
 * A text search's page by relevance: its newest matches ranked by tier (server/jobs/relevance.ts), then the rest in
 * list order (ADR 38).
 */

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
 * The planner's estimate for a word it has no statistics of, a misspelt word's prefix among them, is this share of the
 * table (PostgreSQL's DEFAULT_TS_MATCH_SEL): 5,000 listings of 1M.
 */
const UNKNOWN_WORD_SHARE = 0.005;

/**
 * A group the planner expects in at most this many listings is asked of the text index whether it matches any listing
 * at all: at least 5,000, and always what it expects of a word it knows nothing of. A fixed 5,000 stopped asking once
 * the table grew past 1M: at 1,000,170 listings a misspelt word was expected in 5,001, and "recruietr jaipur" read
 * Jaipur's 66,000 listings from the trigram index (110 ms; about half of the slowest statements under load) to find
 * nothing.
 */
export function probedGroupBound(listings: number): number {
  return Math.max(5_000, Math.ceil(listings * UNKNOWN_WORD_SHARE) + 1);
}

/**
 * The text as it matches when one of its groups matches no listing at all: by the title alone (the spec's rule), as
 * every group must match otherwise. Asked of the indexes with bitmaps, for the groups the planner expects in few
 * listings: a misspelt word with a place ("accouniant gurugram") walked the place's newest 4,000 listings for nothing,
 * then read the place's 66,000 from its index before the word's empty one (16 + 37 ms) to find nothing again.
 */
async function withoutEmptyGroups(db: Db, text: TextConditions): Promise<TextConditions> {
  const titleContains = text.titleContains;
  if (!titleContains) return text;
  // The table's size as the planner sees it, remembered a minute as every plan is (planOf).
  const [listings, ...estimates] = await Promise.all(
    [sql`true`, ...text.groups].map((condition) => estimateRows(db, condition)),
  );
  const bound = probedGroupBound(listings ?? 0);
  const probed = text.groups
    .filter((_, i) => (estimates[i] ?? Infinity) <= bound)
    .map((group) => ({ group, key: sqlKey(group) }))
    .filter(({ key }) => !groupsMatching.get(db, key));
  if (probed.length === 0) return text;
  // Bitmaps only: a sequential read or an index walk would look through every listing for the match that is not there.
  const empty = await withLocalSettings(db, { enable_seqscan: "off", enable_indexscan: "off" }, async (tx) => {
    for (const { group, key } of probed) {
      if ((await rowsOf(tx, sql`SELECT 1 FROM ${jobs} WHERE ${group} LIMIT 1`)).length === 0) return true;
      groupsMatching.set(db, key, true);
    }
    return false;
  });
  return empty ? { ...text, matches: titleContains, candidates: titleContains, groups: [] } : text;
}

/**
 * Groups found in some listing, remembered for ten minutes per database (at most 10,000), so a rare word's search
 * repeated with other filters or pages is not probed again. Only that outcome is kept: a group that matched nothing
 * may match the next listing posted. Should its listings go, the text keeps all its conditions, which then match what
 * the title alone would: the same rows, read as if the group had matches.
 */
const groupsMatching = rememberedPerDb<true>({ ttlMs: 600_000, max: 10_000 });

/**
 * A page of a ranking: the first matches in list order (the newest, at most RANKED_MATCHES), ordered by tier, then
 * newest first; then the other matches in list order, from where the ranked ones end. The matches ranked are found
 * as FEW_TEXT_MATCHES says: from the text index, all of them and the newest kept (then the ranking is complete when
 * they are fewer than RANKED_MATCHES), or among the newest RANKING_WALK listings passing the other filters.
 */
export async function rankedRows(
  db: Db,
  filters: Filters,
  { tier, text }: { tier: SQL; text: TextConditions },
  page: { offset: number; limit: number },
): Promise<Rows> {
  text = await withoutEmptyGroups(db, text);
  // A word group in no listing, and no title holding the text: nothing to rank, and no statement to plan (a misspelt
  // word's search, before its correction is tried, was a third of the ranking statements under the benchmark).
  if (text.matches === NO_TITLE) return { rows: [], nextCursor: null, total: 0 };
  const fromIndex = (await textMatchBound(db, text)) < FEW_TEXT_MATCHES;
  const columns = sql`${jobs.id}, ${jobs.postingDate}, ${jobs.titleLower}, ${jobs.searchVector}`;
  let newest: SQL;
  if (fromIndex) {
    // The ranked ones' words are read afterwards, for them alone.
    newest = sql`WITH ${textFirst(text)},
        newest AS (SELECT id FROM matches AS jobs WHERE ${text.others} ORDER BY posting_date DESC, id DESC LIMIT ${RANKED_MATCHES})
      SELECT ${columns} FROM newest JOIN ${jobs} ON ${jobs.id} = newest.id`;
  } else {
    const walk = (others: SQL) => walkOf(others, RANKING_WALK);
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
    newest = sql`SELECT ${columns} FROM (${walkedWords(newestWalked, text.candidates)}) AS jobs WHERE ${text.matches}
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
