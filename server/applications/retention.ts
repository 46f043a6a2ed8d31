import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { repeat } from "#server/repeat.ts";
import { applyRetention, forgetOldAttempts } from "#server/applications/repository.ts";

/** The first key of the retention pass's advisory lock: one instance of many erases at a time. */
const RETENTION_LOCK = 727_031;
const HOUR_MS = 60 * 60 * 1000;

/**
 * One retention pass. On PostgreSQL a transaction-scoped advisory lock makes one instance of many do it (the others
 * skip and try at their next pass); PGlite is one process.
 */
export async function runRetention(
  database: Database,
  days: number,
): Promise<{ erased: number; deleted: number } | null> {
  if (database.engine !== "postgres") return applyRetention(database.db, days);
  return database.db.transaction(async (tx) => {
    const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}, 0) AS locked`);
    const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
    return locked ? applyRetention(tx, days) : null;
  });
}

/**
 * Hourly: applications to listings expired or deleted APPLICATION_RETENTION_DAYS ago are erased, and the per-client
 * limit's attempts older than its window are deleted (any instance may: deleting what is gone already is harmless).
 */
export function startApplicationRetention({
  database,
  days,
  limitWindowSeconds,
  logger,
  intervalMs = HOUR_MS,
}: {
  database: Database;
  days: number;
  limitWindowSeconds: number;
  logger: Logger;
  intervalMs?: number;
}) {
  return repeat(
    async () => {
      await forgetOldAttempts(database.db, limitWindowSeconds);
      const outcome = await runRetention(database, days);
      if (outcome && outcome.erased + outcome.deleted > 0) logger.info(outcome, "applications past retention erased");
    },
    intervalMs,
    logger,
    "application retention pass",
  );
}
