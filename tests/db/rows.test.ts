import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

describe.each(engines)("hand-written statements on %s", (engine) => {
  let test_: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    test_ = await createTestDatabase(engine);
    database = test_.database;
  });
  afterAll(() => test_.drop());

  test("a statement's values come back as drizzle's execute gives them, kind by kind", async () => {
    const when = new Date("2026-11-27T10:11:12.345Z");
    const query = sql`SELECT ${when}::timestamptz AS at, '2026-11-27'::date AS day, '1 day 2 hours'::interval AS span,
      12.50::numeric(14,2) AS amount, ARRAY[1.5, 2]::numeric[] AS amounts, ${7}::int AS count, 0.25::float8 AS share,
      ${true}::boolean AS flag, ${"O'Brien \\ $1"}::text AS text, '4f9b7a9e-0d1c-4d3e-9a8b-2c1d0e9f8a7b'::uuid AS id,
      '{"a": [1, "b"]}'::jsonb AS doc, ARRAY['x', 'y'] AS words, ${null}::text AS nothing`;
    const [direct] = await rowsOf(database.db, query);
    const [drizzle] = ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(direct).toEqual(drizzle);
    expect(direct).toMatchObject({ text: "O'Brien \\ $1", count: 7, flag: true, nothing: null, words: ["x", "y"] });
  });

  test("a failing statement's error says the statement and carries the database's SQLSTATE", async () => {
    const failed = await rowsOf(database.db, sql`SELECT 1 / ${0}::int AS never`).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(hasSqlState(failed, "22012")).toBe(true); // division_by_zero
    expect((failed as Error).message).toContain("SELECT 1 / $1::int AS never");
  });

  test("a statement inside a transaction sees the transaction's own writes", async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE written_here (n int) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO written_here VALUES (1), (2)`);
      return rowsOf(tx, sql`SELECT count(*)::int AS n FROM written_here`);
    });
    expect(seen).toEqual([{ n: 2 }]);
  });
});
