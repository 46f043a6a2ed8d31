import { createHmac } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { powSpent } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { DomainError } from "#server/errors.ts";
import type { PowChallenge } from "#shared/challenge.ts";

type Payload = Exclude<Parameters<typeof verifySolution>[0], string>;

/** The header the browser sends a solved challenge in: ALTCHA's base64 JSON payload. */
export const POW_HEADER = "x-altcha";

export const CHALLENGE_MESSAGE = "Your browser could not show that a person sent this. Reload the page and try again.";

const refused = () => new DomainError("CHALLENGE_FAILED", CHALLENGE_MESSAGE);

/** Its own key, derived from the board's one secret, so a challenge's signature says nothing about the session keys. */
const hmacKeyOf = (secret: string) => createHmac("sha256", secret).update("altcha-pow-v1").digest("base64url");

function decode(header: string): Payload | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
    if (!payload || typeof payload !== "object") return null;
    const { algorithm, challenge, number, salt, signature } = payload as Record<string, unknown>;
    if (algorithm !== "SHA-256" || typeof challenge !== "string" || typeof salt !== "string") return null;
    if (typeof signature !== "string" || !Number.isSafeInteger(number)) return null;
    return { algorithm, challenge, number: number as number, salt, signature };
  } catch {
    return null;
  }
}

/**
 * Bots without third parties (ADR 41): ALTCHA's proof of work, issued and verified here. A challenge is signed with a
 * key derived from the board's secret, expires after POW_EXPIRES_SECONDS, and is spent on first use.
 */
export function createChallenges({ db, env, secret }: { db: Db; env: Env; secret: string }) {
  const hmacKey = hmacKeyOf(secret);
  let spends = 0;

  return {
    /** Whether the JSON API wants a solution (POW_CHALLENGE). */
    required: () => env.POW_CHALLENGE,

    async issueChallenge(): Promise<PowChallenge> {
      const expires = new Date(Date.now() + env.POW_EXPIRES_SECONDS * 1000);
      const challenge = await createChallenge({
        algorithm: "SHA-256",
        hmacKey,
        maxNumber: env.POW_MAX_NUMBER,
        expires,
      });
      return { ...challenge, algorithm: "SHA-256", maxnumber: env.POW_MAX_NUMBER, expiresAt: expires.toISOString() };
    },

    /**
     * Refuses (CHALLENGE_FAILED, 400) a missing, forged, expired or already spent solution; spends a good one. Does
     * nothing when POW_CHALLENGE is off.
     */
    async spendSolution({ solution }: { solution: string | undefined }): Promise<void> {
      if (!env.POW_CHALLENGE) return;
      const payload = solution ? decode(solution) : null;
      if (!payload || !(await verifySolution(payload, hmacKey, true))) throw refused();
      const expires = Number(new URLSearchParams(payload.salt.split("?")[1] ?? "").get("expires"));
      // Without an expiry a solution would be good for ever; every challenge issued here has one.
      if (!Number.isSafeInteger(expires)) throw refused();
      const spent = await db
        .insert(powSpent)
        .values({ signature: payload.signature, expiresAt: new Date(expires * 1000) })
        .onConflictDoNothing()
        .returning({ signature: powSpent.signature });
      if (spent.length === 0) throw refused();
      // Expired rows can go: their challenges are refused by their expiry anyway. Not on every spend: one in 100.
      spends += 1;
      if (spends % 100 === 0) await db.delete(powSpent).where(lt(powSpent.expiresAt, sql`now()`));
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
