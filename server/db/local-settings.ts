import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "#server/db/client.ts";

/** What `withLocalSettings` runs its statements on: the transaction. */
export type SettingsTransaction = Pick<Db, "execute">;

/**
 * Runs `read` in a transaction whose settings are these, for it alone, as SET LOCAL would: a time budget for a
 * statement (`statement_timeout`), the planner's choices, the memory of a read. On PostgreSQL the transaction begins
 * and takes its settings in one round trip (a simple query of several statements, which takes no parameters: the
 * names are checked and the values quoted), where BEGIN and a parameterised `set_config` took two: a search reads
 * through this once or twice, and each round trip costs the server a write to PostgreSQL's socket and PostgreSQL a
 * wake-up.
 */
export async function withLocalSettings<T>(
  db: Db,
  settings: Record<string, string | number>,
  read: (tx: SettingsTransaction) => Promise<T>,
): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    const set = sql`SELECT ${sql.join(
      Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${String(value)}, true)`),
      sql`, `,
    )}`;
    return db.transaction(async (tx) => {
      await tx.execute(set);
      return read(tx);
    });
  }
  // A transaction by hand, not drizzle's, which sends BEGIN alone: here BEGIN and the settings go as one simple query.
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(beginWith(client, settings));
    const result = await read(drizzlePg(client));
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

function beginWith(client: pg.PoolClient, settings: Record<string, string | number>): string {
  const statements = Object.entries(settings).map(([name, value]) => {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a setting's name: ${name}`);
    return `SET LOCAL ${name} = ${client.escapeLiteral(String(value))}`;
  });
  return ["BEGIN", ...statements].join("; ");
}
