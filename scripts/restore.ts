/**
 * `npm run restore -- FILE [--force]`: brings a backup back into an empty embedded data directory or an empty
 * PostgreSQL database; an embedded backup restored with DATABASE_URL set moves the board into PostgreSQL. A data
 * directory or database that already holds a board is refused unless --force: then the embedded directory is moved
 * aside (never deleted), and PostgreSQL's tables are replaced by the pg_dump's.
 */
import fs from "node:fs";
import path from "node:path";
import { backupKind, holdsTables, restoreEmbedded, restoreEmbeddedIntoPostgres, runPgTool } from "#server/backup.ts";
import { connectPostgres } from "#server/db/client.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { loadDotEnvFile, loadEnv, type Env } from "#server/env.ts";
import { keepCreatedFilesPrivate } from "#server/private-files.ts";
import { StartupError } from "#server/startup-error.ts";
import { exitWithUsage } from "#scripts/support/run-with-database.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const [source] = args.filter((arg) => arg !== "--force");
if (!source || source.startsWith("-")) exitWithUsage("Usage: npm run restore -- FILE [--force]");
const file = path.resolve(source);

async function restoreIntoPostgres(env: Env & { DATABASE_URL: string }): Promise<string> {
  const kind = backupKind(file);
  const database = connectPostgres(env.DATABASE_URL, { max: 1 });
  try {
    if (await holdsTables(database)) {
      if (kind === "pglite")
        throw new StartupError(
          "The database at DATABASE_URL already holds tables: an embedded backup moves only into an empty database",
        );
      if (!force)
        throw new StartupError(
          "The database at DATABASE_URL already holds tables: restore into an empty database, or add --force to replace them",
        );
    }
  } finally {
    await database.close();
  }
  if (kind === "pglite") {
    await restoreEmbeddedIntoPostgres(file, env.DATABASE_URL, (table, rows) =>
      console.log(`${table}: ${rows.toLocaleString("en-US")} rows`),
    );
    return `Moved the embedded board in ${file} into the PostgreSQL database at DATABASE_URL.`;
  }
  await runPgTool("pg_restore", [
    "--no-owner",
    "--exit-on-error",
    ...(force ? ["--clean", "--if-exists"] : []),
    `--dbname=${env.DATABASE_URL}`,
    file,
  ]);
  return `Restored ${file} into the PostgreSQL database at DATABASE_URL.`;
}

async function restoreIntoDataDir(env: Env): Promise<string> {
  if (backupKind(file) !== "pglite")
    throw new StartupError(`${file} is a pg_dump of a PostgreSQL board: set DATABASE_URL to restore it`);
  fs.mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  // A board running on this directory holds its lock: restoring under it would corrupt both.
  const unlock = await lockDataDir(env.DATA_DIR, { waitMs: 0 });
  try {
    const target = path.join(env.DATA_DIR, "pglite");
    let movedAside = "";
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
      if (!force)
        throw new StartupError(
          `${target} already holds a database: restore into an empty DATA_DIR, or add --force to move it aside first`,
        );
      movedAside = `${target}.before-restore-${Date.now()}`;
      fs.renameSync(target, movedAside);
    }
    await restoreEmbedded(file, target);
    return `Restored ${file} into ${target}.${movedAside ? ` The database that was there is kept in ${movedAside}.` : ""}`;
  } finally {
    unlock();
  }
}

async function restore(): Promise<string> {
  // A restored data directory is as private as one the board made itself (ADR 64).
  keepCreatedFilesPrivate();
  loadDotEnvFile();
  const env = loadEnv();
  return env.DATABASE_URL ? restoreIntoPostgres({ ...env, DATABASE_URL: env.DATABASE_URL }) : restoreIntoDataDir(env);
}

restore().then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
