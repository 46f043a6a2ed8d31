import { sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

/** The columns of each GIN index on jobs, in key order (migration 0027, ADR 55). */
async function textIndexes(testDatabase: TestDatabase): Promise<Record<string, string[]>> {
  const rows = await rowsOf(
    testDatabase.database.db,
    sql`SELECT i.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns
        FROM pg_index x
        JOIN pg_class i ON i.oid = x.indexrelid
        JOIN pg_am am ON am.oid = i.relam AND am.amname = 'gin'
        CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
        WHERE x.indrelid = 'jobs'::regclass AND i.relname LIKE 'jobs_search%'
        GROUP BY i.relname`,
  );
  return Object.fromEntries(rows.map((row) => [row.name as string, row.columns as string[]]));
}

let testDatabase: TestDatabase | undefined;
afterEach(() => testDatabase?.drop());

test.runIf(engines.includes("postgres"))(
  "on PostgreSQL the text index holds the words and the filters a text search narrows by, and no words-only index is left",
  async () => {
    testDatabase = await createTestDatabase("postgres");
    expect(await textIndexes(testDatabase)).toEqual({
      jobs_search_filters_idx: [
        "search_vector",
        "location_lower",
        "experience_level",
        "employment_type",
        "gender",
        "english_level",
      ],
    });
  },
);

test("the embedded database keeps the index of the words alone, as it does not load btree_gin beside pg_trgm", async () => {
  testDatabase = await createTestDatabase("pglite");
  expect(await textIndexes(testDatabase)).toEqual({ jobs_search_vector_idx: ["search_vector"] });
});
