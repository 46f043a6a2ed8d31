import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { migrateThenAnalyze } from "#server/db/analyze-after-migrations.ts";
import type { Db } from "#server/db/client.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

async function plannerRows(db: Db): Promise<number> {
  const result = (await db.execute(sql`SELECT reltuples FROM pg_class WHERE relname = 'jobs'`)) as unknown as {
    rows: { reltuples: number }[];
  };
  return Number(result.rows[0]?.reltuples);
}

describe.each(engines)("migrations and planner statistics on %s", (engine) => {
  let testDatabase: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDatabase = await createTestDatabase(engine);
    db = testDatabase.database.db;
    const now = new Date();
    await insertJobsBulk(
      db,
      Array.from({ length: 30 }, (_, i) => syntheticJob(i + 1, now)),
    );
  });
  afterEach(() => testDatabase.drop());

  test("a new migration that adds an index is followed by ANALYZE", async () => {
    await migrateThenAnalyze(db, async () => {
      await db.execute(sql`CREATE INDEX jobs_test_gender_idx ON jobs (gender)`);
      await db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('test', 1)`);
    });
    expect(await plannerRows(db)).toBe(30);
  });

  test("a new migration that rewrites the table leaves every page marked all-visible, so index-only walks stay so", async () => {
    await migrateThenAnalyze(db, async () => {
      await db.execute(
        sql`ALTER TABLE jobs ADD COLUMN test_title_upper text GENERATED ALWAYS AS (upper(title)) STORED`,
      );
      await db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('test', 1)`);
    });
    const result = (await db.execute(
      sql`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'jobs'`,
    )) as unknown as {
      rows: { relpages: number; relallvisible: number }[];
    };
    const [pages] = result.rows;
    expect(Number(pages?.relpages)).toBeGreaterThan(0);
    expect(Number(pages?.relallvisible)).toBe(Number(pages?.relpages));
  });

  test("with nothing new to apply, boot does not spend an ANALYZE", async () => {
    const before = await plannerRows(db);
    await migrateThenAnalyze(db, () => testDatabase.database.migrate());
    // Still the statistics from before the 30 rows were added (0, or -1 for "never analysed"), not 30.
    expect(await plannerRows(db)).toBe(before);
    expect(before).not.toBe(30);
  });
});
