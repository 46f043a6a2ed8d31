import path from "node:path";
import { connectPostgres, openPglite, type Database } from "#server/db/client.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { connectReplicas, type Replicas } from "#server/db/replicas.ts";
import { waitForPostgres } from "#server/db/wait-for-postgres.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { keepCreatedFilesPrivate, madePrivateMessage, makeTreePrivate } from "#server/private-files.ts";

/** `replicas`: PostgreSQL with DATABASE_REPLICA_URLS only, where the anonymous reads go (ADR 39). */
export type OpenedDatabase = { database: Database; replicas?: Replicas; release: () => Promise<void> };

/** `DATABASE_URL` → PostgreSQL; otherwise the embedded PGlite in DATA_DIR, locked against a second process. */
export async function openConfiguredDatabase(env: Env, logger?: Logger): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const database = connectPostgres(env.DATABASE_URL, {
      ...(env.DATABASE_POOL_SIZE ? { max: env.DATABASE_POOL_SIZE } : {}),
      ...(logger
        ? { onIdleError: (error) => logger.warn({ err: error }, "PostgreSQL connection lost; the pool reconnects") }
        : {}),
    });
    try {
      await waitForPostgres(database, env.DATABASE_URL, {
        waitMs: env.DATABASE_WAIT_SECONDS * 1000,
        onWait: (waitMs) => {
          const message = `PostgreSQL at DATABASE_URL is not answering; trying again for up to ${waitMs / 1000} s`;
          if (logger) logger.warn(message);
          else console.warn(message);
        },
      });
    } catch (error) {
      await database.close();
      throw error;
    }
    if (env.DATABASE_REPLICA_URLS.length === 0) return { database, release: () => database.close() };
    // Not waited for: a replica that is away takes no reads until the background check finds it answering.
    const replicas = connectReplicas({
      primary: database.db,
      urls: env.DATABASE_REPLICA_URLS,
      maxLagSeconds: env.DATABASE_REPLICA_MAX_LAG_SECONDS,
      ...(env.DATABASE_POOL_SIZE ? { poolSize: env.DATABASE_POOL_SIZE } : {}),
      ...(logger ? { logger } : {}),
    });
    return {
      database,
      replicas,
      release: async () => {
        await Promise.all([replicas.close(), database.close()]);
      },
    };
  }
  if (env.DATABASE_REPLICA_URLS.length > 0) {
    const message =
      "DATABASE_REPLICA_URLS is ignored: replicas serve reads for PostgreSQL (DATABASE_URL), and this board runs on the embedded database, which has none";
    if (logger) logger.warn(message);
    else console.warn(message);
  }
  // Private before PGlite opens it, and whatever the process creates in it from now on (ADR 64).
  keepCreatedFilesPrivate();
  const opened = makeTreePrivate(env.DATA_DIR);
  if (opened > 0) {
    if (logger) logger.warn({ dataDir: env.DATA_DIR, opened }, madePrivateMessage(opened, env.DATA_DIR));
    else console.warn(madePrivateMessage(opened, env.DATA_DIR));
  }
  const unlock = await lockDataDir(env.DATA_DIR, {
    waitMs: env.DATA_DIR_LOCK_WAIT_SECONDS * 1000,
    onWait: (holder, waitMs) => {
      const message = `The data directory is locked${holder ? ` by pid ${holder}` : ""}; waiting up to ${waitMs / 1000} s for it to exit`;
      if (logger) logger.warn({ dataDir: env.DATA_DIR }, message);
      else console.warn(message);
    },
  });
  try {
    const database = await openPglite(path.join(env.DATA_DIR, "pglite"));
    // PGlite sets the modes of what initdb made and of its relation cache files itself, whatever the umask.
    makeTreePrivate(env.DATA_DIR);
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
