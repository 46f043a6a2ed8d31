import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rateLimit } from "#server/db/schema.ts";
import { rateLimited } from "#server/errors.ts";
import { tooManyAttemptsMessage } from "#shared/session.ts";

/**
 * A sign-up sent without scripts cannot solve the proof of work (ADR 41), so it meets a strict limit per client address
 * instead: NO_SCRIPT_SIGN_UP_MAX in NO_SCRIPT_SIGN_UP_WINDOW_SECONDS (issue 71). Counted in better-auth's own rate-limit
 * table under a key of its own, in one statement, so sign-ups sent at once cannot all pass; `last_request` holds when
 * the window began.
 */
export function limitSignUpsWithoutScripts(db: Db, { max, windowSeconds }: { max: number; windowSeconds: number }) {
  return async (clientIp: string): Promise<void> => {
    const now = Date.now();
    const windowStart = now - windowSeconds * 1000;
    const expired = sql`${rateLimit.lastRequest} <= ${windowStart}`;
    const [row] = await db
      .insert(rateLimit)
      .values({ id: randomUUID(), key: `no-script-sign-up|${clientIp}`, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimit.count} + 1 END`,
          lastRequest: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimit.lastRequest} END`,
        },
      })
      .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
    if (!row || row.count <= max) return;
    const retryAfter = Math.max(1, Math.ceil((row.lastRequest + windowSeconds * 1000 - now) / 1000));
    throw rateLimited(tooManyAttemptsMessage(retryAfter), retryAfter);
  };
}
