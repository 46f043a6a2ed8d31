import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { connectPostgres, openPglite, type Database } from "#server/db/client.ts";

export type TestDatabase = { database: Database; drop: () => Promise<void> };

/** A migrated, empty database of its own: an in-memory PGlite clone, or a fresh PostgreSQL database. */
export async function createTestDatabase(engine: "pglite" | "postgres"): Promise<TestDatabase> {
  if (engine === "pglite") {
    const blob = new Blob([fs.readFileSync(inject("pgliteDump"))]);
    const database = await openPglite(undefined, { loadDataDir: blob });
    return { database, drop: () => database.close() };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  // The forced DROP below ends any connection still open; that is expected here, not worth a warning.
  const database = connectPostgres(url, { max: 5, onIdleError: () => undefined });
  await database.migrate();
  return {
    database,
    drop: async () => {
      // A test may have closed the pool itself (to see the app without a database); drop the database anyway.
      await database.close().catch(() => undefined);
      await drop();
    },
  };
}

/** An empty PostgreSQL database of its own on TEST_DATABASE_URL's server (not migrated): its URL, and its DROP. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  // Other runs share the server, so every test database gets a unique name and is dropped afterwards.
  const name = `jobboard_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
