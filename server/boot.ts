import path from "node:path";
import { connectPostgres, lockDataDir, openPglite, type Database } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";

export type OpenedDatabase = { database: Database; release: () => Promise<void> };

/** `DATABASE_URL` → PostgreSQL; otherwise the embedded PGlite in DATA_DIR, locked against a second process. */
export async function openConfiguredDatabase(env: Env, logger?: Logger): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const database = connectPostgres(env.DATABASE_URL, {
      ...(logger ? { onIdleError: (error) => logger.warn({ err: error }, "PostgreSQL connection lost; the pool reconnects") } : {}),
    });
    return { database, release: () => database.close() };
  }
  const unlock = lockDataDir(env.DATA_DIR);
  try {
    const database = await openPglite(path.join(env.DATA_DIR, "pglite"));
    return {
      database,
      release: async () => {
        try {
          await database.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
