import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { migrateThenAnalyze } from "#server/db/analyze-after-migrations.ts";
import { PgliteThread } from "#server/db/pglite-thread.ts";
import { YieldingPool } from "#server/db/yielding-pool.ts";
import * as schema from "#server/db/schema.ts";

export type Schema = typeof schema;
/** Both engines expose the same drizzle API; code is written against this one type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data directory as a tarball, to clone a migrated database quickly. */
  dump?: () => Promise<Blob>;
};

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "migrations");

/** Arbitrary constant shared by every instance so concurrent boots migrate one at a time. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Connections a server process keeps when DATABASE_POOL_SIZE is not set: two per core, from 4 to 10 (ADR 29). More
 * connections than the cores can run at once only take turns on them, each search slower: at 1M listings under 8
 * visitors on 2 cores, 4 connections gave p95 53-65 ms and p99 66-78 ms where 10 gave 56-69 and 75-88. Checked again
 * with one of them left to writes (ADR 51) and the word search: 4 gave p95 75-83 ms where 5 gave 85-92, alternated.
 */
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

/**
 * How long a pooled connection may sit idle before it is closed: long, as a new connection's first statements cost
 * PostgreSQL its caches of the catalog and the planner's statistics (the first plan of a location lookup on a new
 * connection took 17 ms, the next 0.3 ms) and the first text search loads its dictionary and pg_trgm. With the
 * driver's default of 10 s, a quiet board with a visitor every few seconds paid that on most searches.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

export function connectPostgres(
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void; onlyReads?: boolean } = {},
): Database {
  // A connection attempt to an unreachable server fails after 5 s instead of hanging the request (and /api/health).
  // No parallel workers (ADR 26): under many visitors the cores are already busy, and a search that took two more
  // processes made every other one wait (1M, 8 connections: 102 → 140 req/s, p95 286 → 200 ms). No JIT (ADR 45):
  // a search's bitmap reads are costed above jit_above_cost, and compiling them took 20–25 ms of a 400 ms query and
  // most of a 40 ms one. An `options` parameter in the URL replaces both.
  const pool = new YieldingPool(
    {
      connectionString: url,
      max: options.max ?? defaultPoolSize(),
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      options: "-c max_parallel_workers_per_gather=0 -c jit=off",
    },
    { onlyReads: options.onlyReads ?? false },
  );
  const lost = options.onIdleError ?? ((error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // A connection dies when PostgreSQL restarts or an admin ends it, and the client emits 'error'; with no
  // listener that crashes the whole server. The pool listens only while a client is idle, so a client checked
  // out (a transaction, the migration lock) needs its own: its query fails, release() drops the broken client
  // and the pool connects afresh on next use.
  pool.on("connect", (client) => client.on("error", lost));
  // Idle clients report through the listener above too; the pool's own event only needs handling.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  db.transaction = (work, config) => transactionOnOwnConnection(pool, work, config);
  return {
    db,
    engine: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        const migrator = drizzlePg(client, { schema });
        await migrateThenAnalyze(migrator, () => migratePg(migrator, { migrationsFolder: MIGRATIONS_FOLDER }));
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: () => ping(db),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount + pool.yieldingCount,
    }),
    close: once(() => pool.end()),
  };
}

/**
 * drizzle 0.45 sends BEGIN before its try/finally, so a BEGIN on a connection that died between checkout and BEGIN
 * (PostgreSQL restarted, an administrator ended it) never gave the connection back: after as many of those as the pool
 * has connections, every query waited for one in vain, and the board stayed unhealthy after PostgreSQL came back.
 * Here the connection is always released; pg-pool drops it on release when it can no longer be used.
 */
async function transactionOnOwnConnection<T>(
  pool: pg.Pool,
  work: Parameters<Db["transaction"]>[0],
  config: Parameters<Db["transaction"]>[1],
): Promise<T> {
  const client = await pool.connect();
  try {
    const onClient = drizzlePg(client, { schema }) as unknown as Db;
    return (await onClient.transaction(work, config)) as T;
  } finally {
    client.release();
  }
}

export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  // On a thread of its own (ADR 18): a slow query must not stop the server answering everyone else. What survives a
  // crash (README "Embedded database") is set in the worker: every commit's WAL is on disk before the statement returns.
  const client = await PgliteThread.create({ dataDir, loadDataDir: options.loadDataDir });
  const connect = () => drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  const db = connect();
  return {
    db,
    engine: "pglite",
    async migrate() {
      const migrator = connect() as unknown as PgliteDatabase<Schema>;
      await migrateThenAnalyze(migrator, () => migratePglite(migrator, { migrationsFolder: MIGRATIONS_FOLDER }));
    },
    // Busy is alive: an answer in the last second proves the database works (ADR 26), and a probe would wait its turn.
    ping: async () => client.answeredWithin(1_000) || ping(db),
    close: once(() => client.close()),
    dump: () => client.dumpDataDir("gzip"),
  };
}

/** Shutdown paths may close a database twice (signal + error); the second call is a no-op. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
