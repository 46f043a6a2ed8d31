import { sql } from "drizzle-orm";
import { StartupError } from "#server/startup-error.ts";
import type { Database } from "#server/db/client.ts";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";

export class DatabaseUnreachableError extends StartupError {}

const RETRY_MS = 500;

type WaitOptions = {
  /** How long to keep trying a server that is not answering (it may be starting beside us, as in docker compose). */
  waitMs: number;
  onWait?: (waitMs: number) => void;
};

/**
 * Waits until PostgreSQL at DATABASE_URL answers a query. A server that is away is retried for `waitMs`;
 * a server that answers "no" (wrong password, no such database) is not, since waiting cannot fix it. Either
 * way the error says which it was and names DATABASE_URL, without the password.
 */
export async function waitForPostgres(database: Database, url: string, { waitMs, onWait }: WaitOptions): Promise<void> {
  const deadline = Date.now() + waitMs;
  let waiting = false;
  for (;;) {
    try {
      await database.db.execute(sql`SELECT 1`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw new DatabaseUnreachableError(refused(error, url));
      if (Date.now() >= deadline) throw new DatabaseUnreachableError(unreachable(error, url, waitMs));
      if (!waiting) {
        waiting = true;
        onWait?.(waitMs);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

function where(url: string): { server: string; user: string; name: string } {
  const parsed = new URL(url);
  return {
    // A `host` parameter (a Unix socket directory) is where the driver connects, whatever the URL's host says.
    server: `${parsed.searchParams.get("host") ?? parsed.hostname}:${parsed.port || "5432"}`,
    user: decodeURIComponent(parsed.username) || "(default user)",
    name: decodeURIComponent(parsed.pathname.slice(1)) || "(default database)",
  };
}

/** The innermost error with a code: drizzle wraps the driver's error in its own. */
function rootCause(error: unknown): { code?: string; message: string } {
  let found: { code?: string; message: string } = { message: String(error) };
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    found = { message: current.message, ...(typeof code === "string" ? { code } : {}) };
    if (typeof code === "string") break;
  }
  return found;
}

function unreachable(error: unknown, url: string, waitMs: number): string {
  const { server } = where(url);
  const { code, message } = rootCause(error);
  const reason =
    code === "ECONNREFUSED"
      ? "connection refused"
      : code === "ENOTFOUND" || code === "EAI_AGAIN"
        ? "no such host"
        : (code ?? message);
  return `DATABASE_URL: PostgreSQL at ${server} is unreachable (${reason}; tried for ${waitMs / 1000} s). Start PostgreSQL or fix the host and port in DATABASE_URL; unset DATABASE_URL to use the embedded database.`;
}

function refused(error: unknown, url: string): string {
  const { server, user, name } = where(url);
  const { code, message } = rootCause(error);
  if (code === "3D000")
    return `DATABASE_URL: the database "${name}" does not exist on ${server}. Create it (createdb ${name}) or fix the database name in DATABASE_URL.`;
  if (code === "28P01" || code === "28000")
    return `DATABASE_URL: PostgreSQL at ${server} refused user "${user}" (${message}). Fix the user and password in DATABASE_URL.`;
  return `DATABASE_URL: PostgreSQL at ${server} could not be used (${message}). Check DATABASE_URL.`;
}
