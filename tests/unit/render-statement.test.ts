import { eq, sql, type SQL } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { jobSearchSchema } from "#shared/job.ts";
import { renderStatement } from "#server/db/rows.ts";
import { jobs } from "#server/db/schema.ts";
import { columnIn, searchConditions } from "#server/jobs/filters.ts";
import { textFirst, walkedWords, walkOf, WIRE_SELECT } from "#server/jobs/page-rows.ts";
import { loadSynonyms, parseSearchQuery } from "#server/jobs/query.ts";
import { groupMatches, textCandidates, textMatches, tierOf } from "#server/jobs/relevance.ts";

const dialect = new PgDialect();
/** drizzle's text and parameters (its typings are not sent: `pg` takes none). */
const drizzles = (statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
};
const synonyms = loadSynonyms();
const now = new Date("2026-11-30T12:00:00.000Z");

/** A search's text conditions as the search builds them, for a typed text and its other filters. */
function searchStatements(text: string, filters: Record<string, string> = {}): SQL[] {
  const search = jobSearchSchema.parse({ search: text, ...filters });
  const query = parseSearchQuery(text, synonyms);
  const title = sql`${jobs.titleLower} LIKE lower(${`%${text}%`})`;
  const complete = new Set(["developer"]);
  const matches = textMatches(query, title, { complete });
  const candidates = textCandidates(query, title, { complete });
  const others = searchConditions({ ...search, search: undefined }, now);
  const conditions = { others, matches, candidates, groups: groupMatches(query), filtered: true, titleContains: title };
  return [
    sql`SELECT ${WIRE_SELECT}, ${tierOf(query)} AS tier
      FROM (${walkedWords(walkOf(others, 4000), candidates)}) AS jobs WHERE ${matches}`,
    sql`WITH ${textFirst(conditions)} SELECT id FROM matches AS jobs WHERE ${others} LIMIT ${11} OFFSET ${0}`,
    searchConditions(search, now, { title: matches, location: columnIn(jobs.locationLower, ["pune", "mumbai"]) }),
  ];
}

describe("rendering a hand-written statement", () => {
  test.each([
    ["developer react", {}],
    ["js developer", { experienceLevel: "Fresher", location: "pune" }],
    ["k8s", { minSalary: "100000", maxSalary: "900000", gender: "Female" }],
    ['"front end" c++ 100%', { datePosted: "7d", employmentType: "Part-time", englishLevel: "Advanced English" }],
  ])("the search's statements for %s render as drizzle renders them", (text, filters) => {
    for (const statement of searchStatements(text, filters)) {
      expect(renderStatement(statement)).toEqual(drizzles(statement));
    }
  });

  test("values of every kind a statement takes render as drizzle renders them", () => {
    const statement = sql`SELECT ${"O'Brien \\ $1"}, ${42}, ${1.5}, ${true}, ${null}, ${now}, ${["a", "b"]}
      FROM ${jobs} WHERE ${eq(jobs.postingDate, now)} AND ${jobs.id} IN ${["x", "y"]} ${undefined} ${sql.raw("AND true")}`;
    expect(renderStatement(statement)).toEqual(drizzles(statement));
  });

  test("what the short walk does not render is rendered by drizzle: an alias, an identifier, inlined values", () => {
    const older = alias(jobs, "older");
    for (const statement of [
      sql`SELECT ${older.id} FROM ${older}`,
      sql`SELECT 1 FROM ${sql.identifier("jobs")}`,
      sql`SELECT ${"inlined"}`.inlineParams(),
      sql`SELECT ${{ json: "object" }}::jsonb`,
    ]) {
      expect(renderStatement(statement)).toEqual(drizzles(statement));
    }
  });
});
