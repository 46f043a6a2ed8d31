import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "#server/db/client.ts";
import { onPoolConnection, OneTripClient } from "#server/db/one-trip.ts";
import { rowsOf } from "#server/db/rows.ts";

/** What `withLocalSettings` runs its statements on: the transaction. */
export type SettingsTransaction = Pick<Db, "execute">;

/**
 * Runs `read` with these settings for its statements alone, as SET LOCAL would: a time budget for a statement
 * (`statement_timeout`), the planner's choices, the memory of a read. On PostgreSQL each statement `read` runs goes in
 * one round trip, in a transaction of its own with the settings (server/db/one-trip.ts, ADR 62), where BEGIN and the
 * settings, the statement, and COMMIT took three: each round trip costs the server a write to PostgreSQL's socket and
 * PostgreSQL a wake-up. `read`'s statements do not share a snapshot; none of its callers needs one. On PGlite, one
 * transaction.
 */
export async function withLocalSettings<T>(
  db: Db,
  settings: Record<string, string | number>,
  read: (tx: SettingsTransaction) => Promise<T>,
): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const client = new OneTripClient(pool, settings);
    const reader = { $client: client, execute: async (query: SQL) => ({ rows: await rowsOf(reader, query) }) };
    return read(reader as unknown as SettingsTransaction);
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT ${sql.join(
        Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${String(value)}, true)`),
        sql`, `,
      )}`,
    );
    return read(tx);
  });
}

/**
 * The statements a transaction begins with, sent with its BEGIN: `statements` as text for PostgreSQL's simple query
 * (`quote` makes a value a literal), and `fallback`, the same as one statement, where there is no pool to send text
 * to (PGlite).
 */
export type FirstStatements = { statements: (quote: (value: string) => string) => string[]; fallback: SQL };

/**
 * Runs `run` in a transaction that begins with `first`: on PostgreSQL, BEGIN and `first` in one round trip, in a
 * transaction by hand (drizzle's sends BEGIN alone); rolled back if `run` throws.
 */
export async function transactionBegunWith<T>(db: Db, first: FirstStatements, run: (tx: Db) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      await tx.execute(first.fallback);
      return run(tx);
    });
  }
  return onPoolConnection(pool, async (client) => {
    const quote = (value: string) => client.escapeLiteral(value);
    await client.query(["BEGIN", ...first.statements(quote)].join("; "));
    // Without the schema: drizzle reads a schema's relations each time it is given one (5% of the server's CPU under
    // the search benchmark at 1M), and nothing run here asks for relations.
    const result = await run(drizzlePg(client) as unknown as Db);
    await client.query("COMMIT");
    return result;
  });
}
