import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectPostgres, type Database } from "#server/db/client.ts";
import { withLocalSettings } from "#server/db/local-settings.ts";
import { rowsOf } from "#server/db/rows.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

describe.each(engines)("settings for one read on %s", (engine) => {
  let test_: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    test_ = await createTestDatabase(engine);
    database = test_.database;
  });
  afterAll(() => test_.drop());

  /** `work` on a pool of one connection to this test's database, closed after it. */
  const onOneConnection = async (work: (single: Database) => Promise<void>) => {
    const [row] = await rowsOf(database.db, sql`SELECT current_database() AS name`);
    const own = new URL(process.env.TEST_DATABASE_URL ?? "");
    own.pathname = `/${String(row?.name)}`;
    const single = connectPostgres(own.toString(), { max: 1, onIdleError: () => undefined });
    try {
      await work(single);
    } finally {
      await single.close();
    }
  };

  test("a read runs with its settings, and the statements after it with the server's", async () => {
    const current = sql`SELECT current_setting('work_mem') AS memory, current_setting('enable_seqscan') AS seqscan`;
    const [before] = await rowsOf(database.db, current);
    const [inside] = await withLocalSettings(database.db, { work_mem: "16MB", enable_seqscan: "off" }, (tx) =>
      rowsOf(tx, current),
    );
    expect(inside).toEqual({ memory: "16MB", seqscan: "off" });
    // Every connection of the pool, as the read's went back to it.
    const after = await Promise.all(Array.from({ length: 6 }, () => rowsOf(database.db, current)));
    for (const [row] of after) expect(row).toEqual(before);
  });

  test("every statement of a read has the settings", async () => {
    const settings = await withLocalSettings(database.db, { work_mem: "8MB" }, async (tx) => [
      ...(await rowsOf(tx, sql`SELECT current_setting('work_mem') AS memory`)),
      ...(await rowsOf(tx, sql`SELECT current_setting('work_mem') AS memory`)),
    ]);
    expect(settings).toEqual([{ memory: "8MB" }, { memory: "8MB" }]);
  });

  test("a read's values reach the database as they were: quotes, backslashes, numbers, dates and nulls", async () => {
    const text = "O'Brien \\ C:\\path 'quoted' $1 -- not a comment; DROP TABLE jobs";
    const when = new Date("2026-11-27T10:11:12.345Z");
    const [row] = await withLocalSettings(database.db, { work_mem: "8MB" }, (tx) =>
      rowsOf(
        tx,
        sql`SELECT ${text}::text AS text, ${42}::int AS number, ${when}::timestamptz = '2026-11-27T10:11:12.345Z'::timestamptz AS same_instant,
          ${null}::text IS NULL AS is_null, length(${"ünïcødé"}) AS letters`,
      ),
    );
    expect(row).toEqual({ text, number: 42, same_instant: true, is_null: true, letters: 7 });
    expect((await rowsOf(database.db, sql`SELECT count(*)::int AS n FROM jobs`))[0]).toEqual({ n: 0 });
  });

  test("a read's rows come out as the board's other reads give them", async () => {
    const query = sql`SELECT now()::timestamptz AS at, '1 day'::interval AS span, 1.5::numeric AS amount, ARRAY[1, 2] AS list`;
    const [plain] = await rowsOf(database.db, query);
    const [set] = await withLocalSettings(database.db, { work_mem: "8MB" }, (tx) => rowsOf(tx, query));
    expect(Object.fromEntries(Object.entries(set ?? {}).map(([key, value]) => [key, typeof value]))).toEqual(
      Object.fromEntries(Object.entries(plain ?? {}).map(([key, value]) => [key, typeof value])),
    );
    expect(set?.span).toEqual(plain?.span);
    expect(set?.list).toEqual([1, 2]);
  });

  test.skipIf(engine === "pglite")(
    "a read that runs past its time budget is ended, and the pool's connections keep working after it",
    async () => {
      const budget = sql`SELECT current_setting('statement_timeout') AS budget`;
      const [before] = await rowsOf(database.db, budget);
      const error = await withLocalSettings(database.db, { statement_timeout: 25 }, (tx) =>
        rowsOf(tx, sql`SELECT pg_sleep(1)`),
      ).catch((caught: unknown) => caught);
      expect(hasSqlState(error, "57014")).toBe(true);
      const after = await Promise.all(Array.from({ length: 6 }, () => rowsOf(database.db, budget)));
      for (const [row] of after) expect(row).toEqual(before);
    },
  );

  test.skipIf(engine === "pglite")(
    "a read ended by its time budget leaves its connection open for the next",
    async () => {
      await onOneConnection(async (single) => {
        const backend = sql`SELECT pg_backend_pid() AS pid`;
        const [before] = await rowsOf(single.db, backend);
        await withLocalSettings(single.db, { statement_timeout: 25 }, (tx) =>
          rowsOf(tx, sql`SELECT pg_sleep(1)`),
        ).catch(() => undefined);
        const [after] = await rowsOf(single.db, backend);
        expect(after?.pid).toBe(before?.pid);
      });
    },
  );

  test.skipIf(engine === "pglite")(
    "a read that runs out of its time budget as it ends never cancels the connection's next statement",
    async () => {
      await onOneConnection(async (single) => {
        // Reads of about the budget's length on this machine, so some run out of it just as they finish.
        const began = performance.now();
        await rowsOf(single.db, sql`SELECT count(*) FROM generate_series(1, 200000)`);
        const perBudget = (200_000 * 25) / Math.max(1, performance.now() - began);
        let ended = 0;
        for (let i = 0; i < 200; i++) {
          const rows = Math.round(perBudget * (0.7 + 0.6 * Math.random()));
          await withLocalSettings(single.db, { statement_timeout: 25 }, (tx) =>
            rowsOf(tx, sql`SELECT count(*) FROM generate_series(1, ${rows}::int)`),
          ).catch(() => ended++);
          await rowsOf(single.db, sql`SELECT pg_sleep(0.03)`);
        }
        expect(ended).toBeGreaterThan(0);
      });
    },
  );

  test("a setting's name that is not one is refused", async () => {
    await expect(
      withLocalSettings(database.db, { "work_mem = '1GB'; --": "x" }, (tx) => rowsOf(tx, sql`SELECT 1`)),
    ).rejects.toThrow();
  });
});
