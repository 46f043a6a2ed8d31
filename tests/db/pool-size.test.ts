import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openConfiguredDatabase, type OpenedDatabase } from "#server/database.ts";
import { loadEnv } from "#server/env.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

describe.skipIf(!engines.includes("postgres"))("the connection pool on postgres", () => {
  let target: { url: string; drop: () => Promise<void> };
  let opened: OpenedDatabase;

  beforeAll(async () => {
    target = await createEmptyPostgresDatabase();
    opened = await openConfiguredDatabase(loadEnv({ DATABASE_URL: target.url, DATABASE_POOL_SIZE: "2" }));
  });
  afterAll(async () => {
    await opened?.release();
    await target?.drop();
  });

  test("a server process keeps no more connections than DATABASE_POOL_SIZE: more queries at once wait their turn", async () => {
    const { db } = opened.database;
    const name = new URL(target.url).pathname.slice(1);
    const connections = async () => {
      const result = (await db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${name}`,
      )) as unknown as {
        rows: { n: number }[];
      };
      return result.rows[0]?.n ?? 0;
    };
    const began = Date.now();
    const sleeps = Array.from({ length: 4 }, () => db.execute(sql`SELECT pg_sleep(0.3)`));
    await Promise.all(sleeps);
    // Four 0.3 s queries on two connections take two turns.
    expect(Date.now() - began).toBeGreaterThanOrEqual(550);
    expect(await connections()).toBeLessThanOrEqual(2);
  });
});
