import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobSearchSchema } from "#shared/job.ts";
import { countMatches } from "#server/jobs/counts.ts";
import { searchConditions } from "#server/jobs/filters.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

describe.each(engines)("counting matches the planner expects to be costly on %s", (engine) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    const now = new Date();
    await insertJobsBulk(
      testDatabase.database.db,
      Array.from({ length: 20 }, (_, i) => syntheticJob(i + 1, now)),
    );
    // A filter that counts the rows it reads, and that the planner is told is very costly to evaluate.
    await testDatabase.database.db.execute(sql`CREATE SEQUENCE costly_rows_read`);
    await testDatabase.database.db.execute(
      sql.raw(
        `CREATE FUNCTION costly_filter() RETURNS boolean LANGUAGE plpgsql VOLATILE COST 100000 AS $$ BEGIN PERFORM nextval('costly_rows_read'); RETURN true; END $$`,
      ),
    );
  });
  afterAll(() => testDatabase?.drop());

  test("a count whose plan costs more than the limit is not run: the estimate comes at once, marked as not exact", async () => {
    const { db } = testDatabase.database;
    const total = await countMatches(db, sql`costly_filter()`, 4);
    expect(total.totalIsExact).toBe(false);
    expect(total.total).toBeGreaterThanOrEqual(4);
    const [read] = (
      (await db.execute(sql`SELECT is_called FROM costly_rows_read`)) as unknown as { rows: { is_called: boolean }[] }
    ).rows;
    expect(read?.is_called).toBe(false);
  });

  test("a cheap count is exact", async () => {
    expect(await countMatches(testDatabase.database.db, sql`true`)).toEqual({ total: 20, totalIsExact: true });
  });
});

// PGlite cannot interrupt a running query, so the budget is PostgreSQL's (skipped without TEST_DATABASE_URL).
describe.skipIf(!engines.includes("postgres"))("counting matches within a time budget on postgres", () => {
  const engine = "postgres";
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    const now = new Date();
    await insertJobsBulk(
      testDatabase.database.db,
      Array.from({ length: 50 }, (_, i) => syntheticJob(i + 1, now)),
    );
  });
  afterAll(() => testDatabase?.drop());

  test("a count that runs past its budget answers the estimate, marked as not exact, instead of waiting", async () => {
    // 10 ms a row: reading the 50 rows takes 500 ms, far past the 25 ms budget; EXPLAIN (the estimate) runs nothing.
    const slow = sql`pg_sleep(0.01) IS NOT NULL`;
    const total = await countMatches(testDatabase.database.db, slow, 7);
    expect(total.totalIsExact).toBe(false);
    expect(total.total).toBeGreaterThanOrEqual(7);
  });

  test("a count within its budget is exact", async () => {
    expect(await countMatches(testDatabase.database.db, sql`true`)).toEqual({ total: 50, totalIsExact: true });
  });

  test("a filter whose count ran out of budget is not counted again for a while: the estimate comes at once", async () => {
    const { db } = testDatabase.database;
    // Every row the count reads advances the sequence (sequences ignore the rollback of the cancelled count).
    await db.execute(sql`CREATE SEQUENCE IF NOT EXISTS rows_read`);
    const readsRows = sql`nextval('rows_read') > 0 AND pg_sleep(0.01) IS NOT NULL`;
    const rowsRead = async () =>
      Number(
        ((await db.execute(sql`SELECT last_value FROM rows_read`)) as unknown as { rows: { last_value: string }[] })
          .rows[0]?.last_value,
      );
    expect((await countMatches(db, readsRows, 3)).totalIsExact).toBe(false);
    const afterFirst = await rowsRead();
    // On a busy machine the budget may run out on the first row.
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    const again = await countMatches(db, readsRows, 3);
    expect(again.totalIsExact).toBe(false);
    expect(again.total).toBeGreaterThanOrEqual(3);
    expect(await rowsRead()).toBe(afterFirst);
  });

  test("the same search a few seconds later, in the same minute, is remembered as too costly to count", async () => {
    const { db } = testDatabase.database;
    await db.execute(sql`CREATE SEQUENCE IF NOT EXISTS rows_read_later`);
    const rowsRead = async () =>
      Number(
        (
          (await db.execute(sql`SELECT last_value FROM rows_read_later`)) as unknown as {
            rows: { last_value: string }[];
          }
        ).rows[0]?.last_value,
      );
    // The date cutoffs come from "now", so two views of one search differ in them by the seconds between the views.
    const search = jobSearchSchema.parse({ datePosted: "7d" });
    const at = (now: string) =>
      sql`${searchConditions(search, new Date(now))} AND nextval('rows_read_later') > 0 AND pg_sleep(0.01) IS NOT NULL`;
    expect((await countMatches(db, at("2026-11-20T10:15:05.000Z"), 3)).totalIsExact).toBe(false);
    const afterFirst = await rowsRead();
    expect((await countMatches(db, at("2026-11-20T10:15:41.250Z"), 3)).totalIsExact).toBe(false);
    expect(await rowsRead()).toBe(afterFirst);
    // A minute later the filter is another one, and counted afresh. On a busy machine a count's budget can run out
    // while it is planned, before it reads a row; each later minute is another filter, so a few are tried.
    const countedAfresh = async () => {
      for (const minute of [16, 17, 18]) {
        expect((await countMatches(db, at(`2026-11-20T10:${minute}:05.000Z`), 3)).totalIsExact).toBe(false);
        if ((await rowsRead()) > afterFirst) return true;
      }
      return false;
    };
    expect(await countedAfresh()).toBe(true);
  });

  test("an exact count is never reused: a listing added since is counted", async () => {
    const { db } = testDatabase.database;
    const before = await countMatches(db, sql`true`);
    await insertJobsBulk(db, [syntheticJob(51, new Date())]);
    expect(await countMatches(db, sql`true`)).toEqual({ total: before.total + 1, totalIsExact: true });
  });
});
