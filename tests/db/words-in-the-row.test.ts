import { sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

let testDatabase: TestDatabase | undefined;
afterEach(() => testDatabase?.drop());

/** How PostgreSQL stores each of these columns when a row is too large: 'm' in the row, 'x' compressed or apart. */
async function storageOf(db: TestDatabase["database"]["db"], columns: string[]): Promise<Record<string, string>> {
  const rows = await rowsOf(
    db,
    sql`SELECT attname AS name, attstorage AS storage FROM pg_attribute
        WHERE attrelid = 'jobs'::regclass AND attname IN ${columns}`,
  );
  return Object.fromEntries(rows.map((row) => [String(row.name), String(row.storage)]));
}

test.each(engines)(
  "on %s a listing's words stay in its row while its long texts may leave it (ADR 58)",
  async (engine) => {
    testDatabase = await createTestDatabase(engine);
    expect(await storageOf(testDatabase.database.db, ["search_vector", "description", "company_description"])).toEqual({
      search_vector: "m",
      description: "x",
      company_description: "x",
    });
  },
);
