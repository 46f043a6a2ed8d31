import type { Database } from "#server/db/client.ts";
import { openConfiguredDatabase } from "#server/database.ts";
import { loadDotEnvFile, loadEnv, type Env } from "#server/env.ts";
import { StartupError } from "#server/startup-error.ts";

export type ScriptContext = { env: Env; database: Database };

/**
 * The frame every operator script shares: `.env` and the environment read, the configured database (DATABASE_URL, or
 * the embedded one in DATA_DIR, locked) opened and migrated, released however `body` ends, and the process exits with
 * the code `body` returns. A setting or the machine in the way (a StartupError) is one line for the operator; any other
 * error keeps its stack, since it is a bug to report.
 */
export function runWithDatabase(body: (context: ScriptContext) => Promise<number>): void {
  const run = async () => {
    loadDotEnvFile();
    const env = loadEnv();
    const { database, release } = await openConfiguredDatabase(env);
    try {
      await database.migrate();
      return await body({ env, database });
    } finally {
      await release();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof StartupError ? error.message : error);
      process.exit(1);
    },
  );
}

/** Prints a script's usage and exits 2 (a wrong command line), before any database is opened. */
export function exitWithUsage(usage: string): never {
  console.error(usage);
  process.exit(2);
}
