/**
 * What an operator's script asks of the running embedded board, which alone may open its data directory (ADR 36): a
 * backup, or a change of who is an admin. One JSON line in, one out, over a Unix socket in DATA_DIR that only its owner
 * may open (mode 0600): `{"file": "/abs/path"}` → `{"bytes": N}`; `{"admin": {"command", "email"}}` → `{"code",
 * "message"}`; `{"error": "…"}` when it fails.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { changeAdmin, type AdminCommand, type AdminChange } from "#server/admin-grant.ts";
import { writeEmbeddedBackup } from "#server/backup.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";

export const localSocketPath = (dataDir: string) => path.join(dataDir, "board.sock");

type LocalRequest = { file?: unknown; admin?: { command?: unknown; email?: unknown } };
type LocalReply = { bytes: number } | AdminChange | { error: string };

/** Answers the scripts for the embedded database this process holds; returns a function that stops listening. */
export async function serveLocalRequests({
  dataDir,
  database,
  env,
  logger,
}: {
  dataDir: string;
  database: Database;
  env: Env;
  logger: Logger;
}) {
  const socketPath = localSocketPath(dataDir);
  // A socket file left by a process that died is stale: this process holds the data directory's lock now.
  await fs.promises.rm(socketPath, { force: true });
  async function answer(line: string): Promise<LocalReply> {
    try {
      const request = JSON.parse(line) as LocalRequest;
      if (request.admin) {
        const { command, email } = request.admin;
        if ((command !== "grant" && command !== "revoke") || typeof email !== "string")
          return { error: "Say grant or revoke, and an address" };
        const change = await changeAdmin(database.db, env, { command, email });
        logger.info({ command, email, code: change.code }, "admin changed by npm run admin");
        return change;
      }
      const { file } = request;
      if (typeof file !== "string" || !path.isAbsolute(file))
        return { error: "Give the backup file as an absolute path" };
      const bytes = await writeEmbeddedBackup(database, file);
      logger.info({ file, bytes }, "backup written");
      return { bytes };
    } catch (error) {
      logger.error({ err: error }, "a local request failed");
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
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
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.promises.chmod(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Whether an error of askRunningBoard means no board holds the directory, so the script may open it itself. */
export const noBoardRunning = (error: unknown) =>
  error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ECONNREFUSED");

function ask(dataDir: string, request: LocalRequest): Promise<Exclude<LocalReply, { error: string }>> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(localSocketPath(dataDir));
    let reply = "";
    connection.setEncoding("utf8");
    connection.on("connect", () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on("data", (chunk: string) => (reply += chunk));
    connection.on("error", reject);
    connection.on("end", () => {
      try {
        const answer = JSON.parse(reply) as LocalReply;
        if ("error" in answer) reject(new Error(answer.error));
        else resolve(answer);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** Asks the running board that holds `dataDir` for a backup into `file`; its size in bytes. */
export async function requestEmbeddedBackup(dataDir: string, file: string): Promise<number> {
  const reply = await ask(dataDir, { file });
  if (!("bytes" in reply)) throw new Error("The board answered something else than a backup");
  return reply.bytes;
}

/** Asks the running board that holds `dataDir` to grant or revoke admin rights. */
export async function requestAdminChange(dataDir: string, change: AdminCommand): Promise<AdminChange> {
  const reply = await ask(dataDir, { admin: change });
  if (!("message" in reply)) throw new Error("The board answered something else than an admin change");
  return reply;
}
