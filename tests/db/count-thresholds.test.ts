import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EXACT_COUNT_LIMIT } from "#shared/job-paging.ts";
import { COUNT_COST_LIMIT, countMatches, ESTIMATE_TRUSTED_ABOVE } from "#server/jobs/counts.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import type { Db } from "#server/db/client.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

/** More listings than the largest estimate below: the planner never expects more rows than the table has. */
const LISTINGS = 1_400;
/** How many of the ids searched for below are real listings. */
const REAL = 10;

/**
 * `id = ANY(ids)`: the planner expects one row per id (the id is unique), so `ids.length` is the estimate, while only
 * the REAL ids that name listings match.
 */
function idsAmong(realIds: string[], estimate: number): SQL {
  const ids = [...realIds.slice(0, REAL), ...Array.from({ length: estimate - REAL }, () => randomUUID())];
  return sql`id = ANY(${`{${ids.join(",")}}`}::uuid[])`;
}

type Plan = { Plan: { "Total Cost": number } }[];

/** The planner's cost for counting up to the cap, as countMatches asks it: matches in list order, EXACT_COUNT_LIMIT + 1. */
async function cappedCountCost(db: Db, where: SQL): Promise<number> {
  const result = (await db.execute(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM jobs WHERE ${where} ORDER BY posting_date DESC, id DESC LIMIT ${EXACT_COUNT_LIMIT + 1}`,
  )) as unknown as { rows: { "QUERY PLAN": Plan | string }[] };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Plan;
  return plan[0]?.Plan["Total Cost"] ?? Number.NaN;
}

const setCost = (db: Db, cost: number) => db.execute(sql.raw(`ALTER FUNCTION costed(boolean) COST ${cost}`));

/** The highest cost per row of `costed` at which counting `where` is planned to cost at most COUNT_COST_LIMIT. */
async function costPerRowAtTheLimit(db: Db, where: SQL): Promise<number> {
  let [low, high] = [1, 1_000_000];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    await setCost(db, middle);
    if ((await cappedCountCost(db, where)) <= COUNT_COST_LIMIT) low = middle;
    else high = middle;
  }
  return low;
}

const rowsRead = async (db: Db) =>
  (
    (await db.execute(sql`SELECT last_value, is_called FROM rows_read`)) as unknown as {
      rows: { last_value: string; is_called: boolean }[];
    }
  ).rows[0];

describe.each(engines)("the thresholds of counting on %s", (engine) => {
  let testDatabase: TestDatabase;
  let realIds: string[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    const { db } = testDatabase.database;
    const now = new Date();
    await insertJobsBulk(
      db,
      Array.from({ length: LISTINGS }, (_, i) => syntheticJob(i + 1, now)),
    );
    await db.execute(sql`ANALYZE jobs`);
    const rows = (await db.execute(sql`SELECT id FROM jobs LIMIT ${REAL}`)) as unknown as { rows: { id: string }[] };
    realIds = rows.rows.map(({ id }) => id);
    // A filter that passes its argument through, counting the rows it reads, at a cost per row the test sets.
    await db.execute(sql`CREATE SEQUENCE rows_read`);
    await db.execute(
      sql.raw(
        `CREATE FUNCTION costed(pass boolean) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM nextval('rows_read'); RETURN pass; END $$`,
      ),
    );
  });
  afterAll(() => testDatabase?.drop());

  test("an estimate at the trusted limit is checked by counting: the total is exact", async () => {
    const total = await countMatches(testDatabase.database.db, idsAmong(realIds, ESTIMATE_TRUSTED_ABOVE));
    expect(total).toEqual({ total: REAL, totalIsExact: true });
  });

  test("an estimate one above the trusted limit is answered as it is, without counting, labelled as not exact", async () => {
    const total = await countMatches(testDatabase.database.db, idsAmong(realIds, ESTIMATE_TRUSTED_ABOVE + 1));
    expect(total).toEqual({ total: ESTIMATE_TRUSTED_ABOVE + 1, totalIsExact: false });
  });

  test("a count the planner costs at the limit is run, and one a unit a row dearer is not: its estimate comes, labelled as not exact", async () => {
    const { db } = testDatabase.database;
    // Only the REAL listings pass, and no index can answer the filter: counting reads rows through it. The same ids in
    // another order are the same filter to the planner, and another statement to the plans remembered for a minute.
    const where = (ids: string[]) => sql`costed(id = ANY(${`{${ids.join(",")}}`}::uuid[]))`;
    const atTheLimit = await costPerRowAtTheLimit(db, where(realIds));

    await setCost(db, atTheLimit + 1);
    expect(await cappedCountCost(db, where(realIds))).toBeGreaterThan(COUNT_COST_LIMIT);
    const dearer = await countMatches(db, where(realIds));
    expect(dearer.totalIsExact).toBe(false);
    expect(await rowsRead(db)).toMatchObject({ is_called: false });

    await setCost(db, atTheLimit);
    const reversed = [...realIds].reverse();
    expect(await cappedCountCost(db, where(reversed))).toBeLessThanOrEqual(COUNT_COST_LIMIT);
    expect(await countMatches(db, where(reversed))).toEqual({ total: REAL, totalIsExact: true });
    expect(await rowsRead(db)).toMatchObject({ is_called: true });
  });

  test("the planner's answer for a count is remembered: asked again within the minute, the same statement is not planned anew", async () => {
    const { db } = testDatabase.database;
    const where = sql`costed(id = ANY(${`{${realIds.join(",")}}`}::uuid[])) AND posting_date IS NOT NULL`;
    const atTheLimit = await costPerRowAtTheLimit(db, where);
    await setCost(db, atTheLimit + 1);
    expect((await countMatches(db, where)).totalIsExact).toBe(false);
    await setCost(db, atTheLimit);
    expect((await countMatches(db, where)).totalIsExact).toBe(false);
  });
});
