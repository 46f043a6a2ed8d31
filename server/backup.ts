/**
 * Backups of the whole board (ADR 36). The embedded database is copied by the process that holds it, while it runs:
 * PGlite's own dump of its data directory, asked for over a Unix socket in DATA_DIR (`npm run backup`) or on a
 * schedule (BACKUP_DIR). PostgreSQL is copied by its own tools, pg_dump and pg_restore, in their custom format.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectPostgres, openPglite, type Database } from "#server/db/client.ts";
import { copyDatabase } from "#server/db/copy-database.ts";
import { rowsOf } from "#server/db/rows.ts";
import type { Logger } from "#server/logger.ts";
import { repeat } from "#server/repeat.ts";
import { StartupError } from "#server/startup-error.ts";

/** The socket a running embedded board answers backup requests on; only its owner may connect (mode 0600). */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, "backup.sock");

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

/**
 * Answers `npm run backup` for the embedded database this process holds: one JSON line in (`{"file": "/abs/path"}`),
 * one out (`{"bytes": N}` or `{"error": "…"}`). Returns a function that stops listening.
 */
export async function serveBackupRequests(dataDir: string, database: Database, logger: Logger) {
  const socketPath = backupSocketPath(dataDir);
  // A socket file left by a process that died is stale: this process holds the data directory's lock now.
  await fs.promises.rm(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let request = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => {
      request += chunk;
      if (!request.includes("\n")) return;
      void answer(request.slice(0, request.indexOf("\n"))).then((reply) =>
        connection.end(`${JSON.stringify(reply)}\n`),
      );
    });
    connection.on("error", () => undefined);
  });
  async function answer(line: string): Promise<{ bytes: number } | { error: string }> {
    try {
      const { file } = JSON.parse(line) as { file?: unknown };
      if (typeof file !== "string" || !path.isAbsolute(file))
        return { error: "Give the backup file as an absolute path" };
      const bytes = await writeEmbeddedBackup(database, file);
      logger.info({ file, bytes }, "backup written");
      return { bytes };
    } catch (error) {
      logger.error({ err: error }, "backup failed");
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.promises.chmod(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the running board that holds `dataDir` for a backup into `file`; its size in bytes. */
export function requestEmbeddedBackup(dataDir: string, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(backupSocketPath(dataDir));
    let reply = "";
    connection.setEncoding("utf8");
    connection.on("connect", () => connection.write(`${JSON.stringify({ file })}\n`));
    connection.on("data", (chunk: string) => (reply += chunk));
    connection.on("error", reject);
    connection.on("end", () => {
      try {
        const answer = JSON.parse(reply) as { bytes?: number; error?: string };
        if (answer.error !== undefined || answer.bytes === undefined) reject(new Error(answer.error ?? "no answer"));
        else resolve(answer.bytes);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
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
