import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { countMatches } from "#server/jobs/repository.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

// PGlite cannot interrupt a running query, so the budget is PostgreSQL's (skipped without TEST_DATABASE_URL).
describe.skipIf(!engines.includes("postgres"))("counting matches within a time budget on postgres", () => {
  const engine = "postgres";
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    const now = new Date();
    await insertJobsBulk(testDatabase.database.db, Array.from({ length: 50 }, (_, i) => syntheticJob(i + 1, now)));
  });
  afterAll(() => testDatabase?.drop());

  test("a count that runs past its budget answers the estimate, marked as not exact, instead of waiting", async () => {
    // 10 ms a row: reading the 50 rows takes 500 ms, far past the 75 ms budget; EXPLAIN (the estimate) runs nothing.
    const slow = sql`pg_sleep(0.01) IS NOT NULL`;
    const total = await countMatches(testDatabase.database.db, slow, 7);
    expect(total.totalIsExact).toBe(false);
    expect(total.total).toBeGreaterThanOrEqual(7);
  });

  test("a count within its budget is exact", async () => {
    expect(await countMatches(testDatabase.database.db, sql`true`)).toEqual({ total: 50, totalIsExact: true });
  });
});
