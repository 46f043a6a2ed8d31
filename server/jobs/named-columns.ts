import { sql, type SQL } from "drizzle-orm";
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, type JobSearch } from "#shared/job.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { jobs } from "#server/db/schema.ts";
import { columnIn } from "#server/jobs/filters.ts";
import { lexemeWords } from "#server/jobs/query.ts";
import type { NamedColumns } from "#server/jobs/relevance.ts";
import { rememberedPerDb } from "#server/jobs/remembered.ts";

/*
 * The experience levels and employment types a search's words name (ADR 54). They are not among a listing's words
 * (migration 0026): a word that names one ("fresher", "internship", "part time") matches the listings that have it on
 * the column, which the walk indexes hold as keys, instead of a posting in the text index for every such listing.
 */

/** The levels and types a group's tsquery names. */
type Named = { levels: string[]; types: string[] };

const VALUES = [
  ...EXPERIENCE_LEVELS.map((value) => ({ column: "level", value })),
  ...EMPLOYMENT_TYPES.map((value) => ({ column: "type", value })),
];

/**
 * The words the levels and types are indexed as, `to_tsvector('english', job_search_text(value))` (a test checks them
 * on both engines). English stemming changes a word's end, never its first two letters.
 */
export const VALUE_LEXEMES = [
  "internship",
  "fresher",
  "0",
  "-3",
  "3",
  "-5",
  "5",
  "year",
  "full",
  "full-tim",
  "time",
  "part",
  "part-tim",
  "contract",
];

const sameStart = (word: string, lexeme: string) =>
  word[0] === lexeme[0] && (word.length < 2 || lexeme.length < 2 || word[1] === lexeme[1]);

/**
 * Whether a tsquery may name a level or a type: one of its words begins as one of their words. Most do not
 * ("developer", "nurse", a misspelt word), and need not be asked: on the embedded database every statement waits its
 * turn on the one thread.
 */
export const mayNameColumns = (tsquery: string): boolean =>
  lexemeWords(tsquery).some((word) => VALUE_LEXEMES.some((lexeme) => sameStart(word, lexeme)));

/**
 * Answers per tsquery, kept a day (at most 10,000): the levels and types are the code's, and what a tsquery names of
 * them depends on the English dictionary alone, so an answer never changes while the server runs.
 */
const namedBy = rememberedPerDb<Named>({ ttlMs: 86_400_000, max: 10_000 });

/**
 * What each tsquery names, asked of the database for those not known yet, in one statement: the dictionary that stems a
 * listing's words stems the values, as it did when they were among a listing's words.
 */
export async function columnsNamed(db: Db, tsqueries: string[]): Promise<Map<string, Named>> {
  const unknown = [
    ...new Set(tsqueries.filter((tsquery) => mayNameColumns(tsquery) && namedBy.get(db, tsquery) === undefined)),
  ];
  if (unknown.length > 0) {
    const rows = await rowsOf(
      db,
      sql`SELECT q.text AS tsquery, v.kind AS kind, v.value AS value
        FROM (VALUES ${sql.join(
          unknown.map((tsquery) => sql`(${tsquery}::text)`),
          sql`, `,
        )}) AS q(text)
        JOIN (VALUES ${sql.join(
          VALUES.map(({ column, value }) => sql`(${column}::text, ${value}::text)`),
          sql`, `,
        )}) AS v(kind, value)
        ON to_tsvector('english', job_search_text(v.value)) @@ to_tsquery('english', q.text)`,
    );
    for (const tsquery of unknown) {
      const of = (kind: string) =>
        rows.filter((row) => row.tsquery === tsquery && row.kind === kind).map((row) => String(row.value));
      namedBy.set(db, tsquery, { levels: of("level"), types: of("type") });
    }
  }
  return new Map(tsqueries.map((tsquery) => [tsquery, namedBy.get(db, tsquery) ?? { levels: [], types: [] }]));
}

/**
 * The column conditions of what each group names, among the levels and types a search can show: with a level chosen,
 * a word naming another level adds nothing ("fresher" among 3-5 Year listings is found in their words alone), so the
 * index of that other level is not read for listings the filter rules out.
 */
export function namedColumns(
  named: Map<string, Named>,
  search: Pick<JobSearch, "experienceLevel" | "employmentType">,
): NamedColumns {
  return (tsquery) => {
    const { levels = [], types = [] } = named.get(tsquery) ?? {};
    const shown = (values: string[], chosen: string | undefined) =>
      chosen === undefined ? values : values.filter((value) => value === chosen);
    const parts = [
      columnIn(jobs.experienceLevel, shown(levels, search.experienceLevel)),
      columnIn(jobs.employmentType, shown(types, search.employmentType)),
    ].filter((part): part is SQL => part !== undefined);
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`;
  };
}
