import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "#server/db/client.ts";

/** What `withLocalSettings` runs its statements on: the transaction. */
export type SettingsTransaction = Pick<Db, "execute">;

/**
 * Runs `read` in a transaction whose settings are these, for it alone, as SET LOCAL would: a time budget for a
 * statement (`statement_timeout`), the planner's choices, the memory of a read. Set in one statement whatever their
 * number (`set_config`, which takes parameters where SET does not), a round trip less per setting on a search's
 * hottest paths.
 */
export async function withLocalSettings<T>(
  db: Db,
  settings: Record<string, string | number>,
  read: (tx: SettingsTransaction) => Promise<T>,
): Promise<T> {
  const set = sql`SELECT ${sql.join(
    Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${String(value)}, true)`),
    sql`, `,
  )}`;
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      await tx.execute(set);
      return read(tx);
    });
  }
  // PostgreSQL's own transaction here, not drizzle's: drizzle sends BEGIN before its try, so a pooled connection that
  // had died while idle (a replica stopped) was never given back, and closing the pool waited for it for ever.
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const tx = drizzlePg(client);
    await tx.execute(set);
    const result = await read(tx);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    // A statement ended by its budget leaves the connection good; one that cannot even roll back is dropped.
    broken = await client.query("ROLLBACK").then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    client.release(broken);
  }
}
