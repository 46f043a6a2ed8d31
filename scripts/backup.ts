/**
 * `npm run backup -- FILE`: a consistent copy of the whole board. The embedded database is dumped by the server that
 * holds it, while it runs (or opened here when no server does); PostgreSQL is copied with pg_dump's custom format.
 */
import fs from "node:fs";
import path from "node:path";
import { runPgTool, writeEmbeddedBackup } from "#server/backup.ts";
import { noBoardRunning, requestEmbeddedBackup } from "#server/local-requests.ts";
import { openConfiguredDatabase } from "#server/database.ts";
import { loadDotEnvFile, loadEnv } from "#server/env.ts";
import { keepCreatedFilesPrivate } from "#server/private-files.ts";
import { StartupError } from "#server/startup-error.ts";
import { exitWithUsage } from "#scripts/support/run-with-database.ts";

const [target] = process.argv.slice(2);
if (!target || target.startsWith("-")) exitWithUsage("Usage: npm run backup -- FILE");
const file = path.resolve(target);

async function backup(): Promise<string> {
  // The copy holds every account and CV: pg_dump's file, like ours, is for this user alone (ADR 64).
  keepCreatedFilesPrivate();
  loadDotEnvFile();
  const env = loadEnv();
  if (env.DATABASE_URL) {
    await runPgTool("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${env.DATABASE_URL}`]);
    // A file that was there before keeps its mode through pg_dump's rewrite.
    fs.chmodSync(file, 0o600);
    return `Backed up the PostgreSQL database to ${file} (pg_dump custom format).`;
  }
  try {
    const bytes = await requestEmbeddedBackup(path.resolve(env.DATA_DIR), file);
    return `Backed up the running board's embedded database to ${file} (${bytes.toLocaleString("en-US")} bytes).`;
  } catch (error) {
    // No server answers on the data directory's socket: none is running, so this process may open the database.
    if (!noBoardRunning(error)) throw error;
  }
  const { database, release } = await openConfiguredDatabase(env);
  try {
    const bytes = await writeEmbeddedBackup(database, file);
    return `Backed up the embedded database in ${env.DATA_DIR} to ${file} (${bytes.toLocaleString("en-US")} bytes).`;
  } finally {
    await release();
  }
}

backup().then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof StartupError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
