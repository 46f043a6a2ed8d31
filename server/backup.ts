/**
 * Backups of the whole board (ADR 36). The embedded database is copied by the process that holds it, while it runs:
 * PGlite's own dump of its data directory, asked for over a Unix socket in DATA_DIR (`npm run backup`, through
 * server/local-requests.ts) or on a
 * schedule (BACKUP_DIR). PostgreSQL is copied by its own tools, pg_dump and pg_restore, in their custom format.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectPostgres, openPglite, type Database } from "#server/db/client.ts";
import { copyDatabase } from "#server/db/copy-database.ts";
import { rowsOf } from "#server/db/rows.ts";
import type { Logger } from "#server/logger.ts";
import { repeat } from "#server/repeat.ts";
import { StartupError } from "#server/startup-error.ts";

export type BackupKind = "pglite" | "pg_dump";

/** What a backup file holds, by its first bytes: PGlite dumps are gzipped tarballs, pg_dump's custom format says so. */
export function backupKind(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.toString("latin1") === "PGDMP") return "pg_dump";
  throw new StartupError(`${file} is not a backup of this board (neither an embedded dump nor a pg_dump file)`);
}

/** Writes next to `file` first and renames it into place, so a backup cut short never looks complete. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.partial`;
  await fs.promises.writeFile(partial, bytes, { mode: 0o600 });
  // A partial file a crash left behind keeps its old mode through the rewrite.
  await fs.promises.chmod(partial, 0o600);
  await fs.promises.rename(partial, file);
}

/** A consistent copy of an open embedded database; its size in bytes. */
export async function writeEmbeddedBackup(database: Database, file: string): Promise<number> {
  if (!database.dump) throw new Error("Only the embedded database is dumped in process; PostgreSQL uses pg_dump");
  const bytes = new Uint8Array(await (await database.dump()).arrayBuffer());
  await writeAtomically(file, bytes);
  return bytes.length;
}

/** Restores an embedded dump into `pgliteDir`, which must not hold a database yet. */
export async function restoreEmbedded(file: string, pgliteDir: string): Promise<void> {
  const dump = new Blob([new Uint8Array(await fs.promises.readFile(file))]);
  const database = await openPglite(pgliteDir, { loadDataDir: dump });
  await database.close();
}

/**
 * Moves an embedded board into an empty PostgreSQL database: the backup is opened in memory and brought to the current
 * schema, the target is migrated, then every row is copied across (copyDatabase).
 */
export async function restoreEmbeddedIntoPostgres(
  file: string,
  databaseUrl: string,
  onTable: (table: string, rows: number) => void,
): Promise<void> {
  const source = await openPglite(undefined, {
    loadDataDir: new Blob([new Uint8Array(await fs.promises.readFile(file))]),
  });
  const target = connectPostgres(databaseUrl, { max: 1 });
  try {
    await source.migrate();
    await target.migrate();
    await copyDatabase(source.db, target.db, onTable);
  } finally {
    await source.close();
    await target.close();
  }
}

/** Whether a PostgreSQL database already holds tables of its own (anything in the public schema). */
export async function holdsTables(database: Database): Promise<boolean> {
  const [row] = await rowsOf(
    database.db,
    sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** Runs one of PostgreSQL's client programs; its stderr becomes the error when it fails. */
export function runPgTool(program: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("error", (error) =>
      reject(
        new StartupError(
          `${program} could not be started (${error.message}): install PostgreSQL's client programs (Debian: postgresql-client)`,
        ),
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new StartupError(`${program} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

const STAMP = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
const SCHEDULED = /^jobboard-\d{8}T\d{6}Z\.tar\.gz$/;

/**
 * Backs the embedded database up into `dir` every `intervalHours` (the first one an interval after start, so a crash
 * loop does not fill the disk), keeping the newest `keep` files it made; files it did not make are never touched.
 */
export function startBackupSchedule({
  database,
  dir,
  intervalHours,
  keep,
  logger,
  now = () => new Date(),
}: {
  database: Database;
  dir: string;
  intervalHours: number;
  keep: number;
  logger: Logger;
  now?: () => Date;
}) {
  let first = true;
  return repeat(
    async () => {
      if (first) {
        first = false;
        return;
      }
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `jobboard-${STAMP(now())}.tar.gz`);
      const bytes = await writeEmbeddedBackup(database, file);
      const made = (await fs.promises.readdir(dir)).filter((name) => SCHEDULED.test(name)).sort();
      for (const old of made.slice(0, Math.max(0, made.length - keep))) await fs.promises.rm(path.join(dir, old));
      logger.info({ file, bytes, kept: Math.min(made.length, keep) }, "scheduled backup written");
    },
    intervalHours * 3_600_000,
    logger,
    "scheduled backup",
  );
}
