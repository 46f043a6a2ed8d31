import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import { mayNameColumns, VALUE_LEXEMES } from "#server/jobs/named-columns.ts";
import { lexemeWords } from "#server/jobs/query.ts";
import { asIndexed } from "#server/jobs/relevance.ts";
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS } from "#shared/job.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

const VALUES = [...EXPERIENCE_LEVELS, ...EMPLOYMENT_TYPES];

/** Every word of the shipped synonyms, and forms of the levels' and types' own words a seeker types. */
const WORDS = [
  ...fs
    .readFileSync(new URL("../../server/jobs/synonyms.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .flatMap((line) => lexemeWords(asIndexed(line))),
  ...["intern", "internships", "freshers", "years", "yearly", "fulltime", "parttime", "contracts", "timing", "partner"],
];

describe.each(engines)("what a search's words name among the levels and types on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  test("the levels and types are indexed as the words the search looks for", async () => {
    const rows = await rowsOf(
      database.database.db,
      sql`SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english', job_search_text(v)))) AS lexeme
        FROM (VALUES ${sql.join(
          VALUES.map((value) => sql`(${value}::text)`),
          sql`, `,
        )}) AS value(v)`,
    );
    expect(rows.map(({ lexeme }) => String(lexeme)).sort()).toEqual([...VALUE_LEXEMES].sort());
  });

  test("every word that names a level or a type, whole or by prefix, is asked about", async () => {
    const words = [...new Set(WORDS)];
    const named = await rowsOf(
      database.database.db,
      sql`SELECT DISTINCT q.word AS word FROM (VALUES ${sql.join(
        words.flatMap((word) => [sql`(${word}::text, ${word}::text)`, sql`(${word}::text, ${`${word}:*`}::text)`]),
        sql`, `,
      )}) AS q(word, tsquery)
        JOIN (VALUES ${sql.join(
          VALUES.map((value) => sql`(${value}::text)`),
          sql`, `,
        )}) AS value(v) ON to_tsvector('english', job_search_text(v)) @@ to_tsquery('english', q.tsquery)`,
    );
    const naming = named.map(({ word }) => String(word));
    expect(naming).toEqual(expect.arrayContaining(["fresher", "intern", "internships", "part", "contract", "years"]));
    for (const word of naming) expect(mayNameColumns(word), word).toBe(true);
    expect(words.filter((word) => !mayNameColumns(word)).length).toBeGreaterThan(words.length / 2);
  });
});
