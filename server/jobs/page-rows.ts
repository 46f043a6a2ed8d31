import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { encodeCursor, type JobCursor } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { withLocalSettings } from "#server/db/local-settings.ts";
import { rowsOf } from "#server/db/rows.ts";
import { jobs } from "#server/db/schema.ts";
import { after, LIST_ORDER, micros } from "#server/jobs/filters.ts";
import { WIRE_COLUMNS, type WireRow } from "#server/jobs/mapper.ts";
import type { Filters, TextConditions } from "#server/jobs/search-filters.ts";

/*
 * The statements that read a page of listings (ADR 27, ADR 38): by walking the list index, by reading a text's matches
 * first, or by walking a bounded number of listings for them; and the rows they return, in the wire shape.
 */

/** The database or a transaction on it: what a page's statements run on. */
export type Reader = Parameters<typeof rowsOf>[0];

export type Rows = { rows: WireRow[]; nextCursor: string | null; total?: number };

/**
 * Memory for reading a text's matches from the indexes. Each index's rows are gathered in a bitmap; one larger than
 * work_mem (4 MB by default) keeps pages instead of rows, and then every row of those pages is read and tested again.
 * "designer" in Pune at 1M: 9,752 such pages, 212 ms; with 16 MB the bitmaps stay exact, 41 ms. Set for these reads
 * alone, so a board's other statements keep the server's setting.
 */
export const TEXT_READ_WORK_MEM = "16MB";

export const readingText = <T>(db: Db, read: (tx: Reader) => Promise<T>): Promise<T> =>
  withLocalSettings(db, { work_mem: TEXT_READ_WORK_MEM }, read);

/** A page in list order, and the cursor after it when there is more. */
export async function listRows(
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
export const textFirst = (text: TextConditions) =>
  sql`matches AS MATERIALIZED (SELECT ${FILTERED_COLUMNS} FROM ${jobs}
    WHERE ${text.filtered ? sql`${text.matches} AND ${text.others}` : text.matches})`;

/**
 * A walk's columns: what the text's candidates read (textCandidates), under the table's name (the level and the type
 * for a word that names one, ADR 54), the word bits in place of the words: all of them are in the walk indexes, so a
 * walk reads no listing from the table (ADR 59).
 */
const WALKED = sql`${jobs.id}, ${jobs.postingDate}, ${jobs.titleLower}, ${jobs.locationLower}, ${jobs.experienceLevel},
  ${jobs.employmentType}, ${jobs.wordBits}`;

/**
 * The newest `rows` listings passing `others`, in list order, with WALKED's columns, in one index scan: the walk
 * indexes hold every filtered column as a key (migration 0025, ADR 50), so the index checks the filters and the table
 * is read only for the listings that pass. With the filters only included, a second filter was checked after the read:
 * the walk went through the index alone first and looked each passing listing up by its key, three to four times the
 * cost per listing ("writer" among Chennai's internships at 1M: 15-21 ms against 3-5 ms).
 */
export function walkOf(others: SQL, rows: number): SQL {
  return sql`SELECT ${WALKED} FROM ${jobs} WHERE ${others} ORDER BY ${LIST_ORDER} LIMIT ${rows}`;
}

/**
 * The listings of a walk whose word bits allow the text (its `candidates`), in the walk's order, each with its words
 * read from the table by key, under the table's name for the text's own conditions (`matches`). Read straight from the
 * table, every listing walked cost a row, most of them for words they did not hold: at 100k, 144 walks of the seed's
 * listings took 5.4 ms each that way and 1.3 ms this way, the same rows. The lateral subquery keeps the join a nested
 * loop in the walk's order, so a ranking that has its matches stops walking; joined plainly, the planner hashed every
 * match of the words in the table against the walk (40 ms for "developer react").
 */
export function walkedWords(walked: SQL, candidates: SQL): SQL {
  return sql`SELECT walked.id, walked.posting_date, walked.title_lower, walked.location_lower, walked.experience_level,
      walked.employment_type, words.search_vector
    FROM (SELECT * FROM (${walked}) AS jobs WHERE ${candidates}) AS walked
    CROSS JOIN LATERAL (SELECT ${jobs.searchVector} FROM ${jobs} WHERE ${jobs.id} = walked.id OFFSET 0) AS words`;
}

/**
 * A page's place in the list and how its rows are found: walking the list index (the default), reading every match
 * from the text index first (`materialize`), or walking at most `walk.rows` listings passing `walk.others`, newest
 * first, for the text's matches among them.
 */
export type PageRead = {
  offset: number;
  limit: number;
  cursor?: JobCursor;
  materialize?: boolean;
  walk?: { others: SQL; rows: number };
};

/**
 * A page of matches, whole, with each one's precise posting time. The page is chosen from an index alone, then its
 * rows are joined by id. A search matching a few locations walks each one's listings in list order
 * (jobs_location_date_idx) and merges the walks, so a deep page skips only its own matches: page 972 of one city of
 * fifteen walked about 147,000 entries of the list index to skip 9,710 (ADR 27). The posting time is computed for the
 * page's rows only: inside the walk it was computed for every row the OFFSET skips too (that page: 13.8 → 6.2 ms).
 */
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
        ? sql`SELECT id, posting_date
          FROM (${walkedWords(walkOf(sql`${page.walk.others}${cursor}`, page.walk.rows), filters.text.candidates)}) AS jobs
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
export const WIRE_SELECT = sql.raw(
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
export function jobRowFrom(raw: Record<string, unknown>): WireRow {
  const row: Record<string, unknown> = {};
  for (const { key, name, column } of wireColumns) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as WireRow;
}
