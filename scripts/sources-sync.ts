/**
 * `npm run sources:sync`: fetches every configured external source once into the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR), prints one line per source and exits.
 * Exit code 1 when a configured source failed; its previous listings stay in place.
 */
import { createLogger } from "#server/logger.ts";
import { createConnectors, syncAll } from "#server/sources.ts";
import { runWithDatabase } from "#scripts/support/run-with-database.ts";

runWithDatabase(async ({ env, database }) => {
  const logger = createLogger({ ...env, LOG_LEVEL: "warn" });
  const outcomes = await syncAll(database, createConnectors(env), {
    graceMs: env.SOURCES_GRACE_HOURS * 3_600_000,
    force: true,
    logger,
  });
  for (const outcome of outcomes) {
    const name = outcome.source.padEnd(10);
    if (outcome.outcome === "synced") {
      console.log(`${name} ok       ${outcome.fetched} fetched, ${outcome.dropped} dropped, ${outcome.count} stored`);
    } else if (outcome.outcome === "failed") {
      console.log(`${name} FAILED   ${outcome.error} (${outcome.count} previous listings kept)`);
    } else {
      console.log(`${name} skipped  ${outcome.reason}`);
    }
  }
  return outcomes.some((outcome) => outcome.outcome === "failed") ? 1 : 0;
});
