import type { Socket } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectPostgres } from "#server/db/client.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)("connection pool on postgres", () => {
  let server: TestServer;
  let databaseName: string;

  beforeAll(async () => {
    server = await startTestServer({ engine: "postgres" });
    const result = (await server.services.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseName = result.rows[0]?.name ?? "";
  });
  afterAll(() => server.close());

  /** What a PostgreSQL restart or an administrator's pg_terminate_backend does to our idle connections. */
  async function terminateOurConnections() {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rowCount } = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [databaseName],
    );
    await admin.end();
    return rowCount ?? 0;
  }

  test("the server survives its idle database connections being killed and keeps answering", async () => {
    await Promise.all(Array.from({ length: 4 }, () => api(server.url, "/api/jobs")));
    expect(await terminateOurConnections()).toBeGreaterThan(0);
    await expect.poll(async () => (await api(server.url, "/api/health")).status).toBe(200);
    const { status, headers } = await api(server.url, "/api/jobs");
    expect(status).toBe(200);
    expect(headers.get("x-total-count")).toBe("0");
  });

  test("the board's connections run without parallel workers or JIT compilation", async () => {
    const result = (await server.services.database.db.execute(
      sql`SELECT current_setting('max_parallel_workers_per_gather') AS workers, current_setting('jit') AS jit`,
    )) as unknown as { rows: { workers: string; jit: string }[] };
    expect(result.rows[0]).toEqual({ workers: "0", jit: "off" });
  });

  test("a transaction whose connection died before it began gives the connection back to the pool", async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    const database = connectPostgres(url, { max: 1, onIdleError: () => undefined });
    try {
      await database.db.execute(sql`SELECT 1`);
      // The pool's one connection dies the moment a transaction takes it, before its BEGIN is sent.
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      pool.once("acquire", (client) =>
        (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy(),
      );
      await expect(database.db.transaction((tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow();
      expect(await database.ping()).toBe(true);
      const committed = await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        return "committed";
      });
      expect(committed).toBe("committed");
    } finally {
      await database.close();
      await drop();
    }
  });
});
