import type { SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** A row as the driver returns it: column names as the statement gives them, values as `pg` and PGlite decode them. */
export type RawRow = Record<string, unknown>;

/** The rows of a hand-written statement, on either engine: both drivers answer `execute` with `{ rows }`. */
export async function rowsOf(db: Pick<Db, "execute">, query: SQL): Promise<RawRow[]> {
  return ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows;
}
