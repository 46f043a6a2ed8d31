import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** The transaction `withLocalSettings` runs its statements in. */
export type SettingsTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs `read` in a transaction whose settings are these, for it alone, as SET LOCAL would: a time budget for a
 * statement (`statement_timeout`), the planner's choices, the memory of a read. Set in one statement whatever their
 * number (`set_config`, which takes parameters where SET does not), a round trip less per setting on a search's
 * hottest paths.
 */
export function withLocalSettings<T>(
  db: Db,
  settings: Record<string, string | number>,
  read: (tx: SettingsTransaction) => Promise<T>,
): Promise<T> {
  const set = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${String(value)}, true)`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${sql.join(set, sql`, `)}`);
    return read(tx);
  });
}
