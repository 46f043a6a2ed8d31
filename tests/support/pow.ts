import { createHash } from "node:crypto";

/** The POSTs that want a solved proof-of-work challenge when POW_CHALLENGE is on (ADR 41). */
export function wantsChallenge(method: string, path: string): boolean {
  if (method.toUpperCase() !== "POST") return false;
  const pathname = path.split("?")[0] ?? path;
  return /^\/api\/(post-job|sendEmail|alerts|auth\/sign-up\/email|jobs\/[^/]+\/report)$/.test(pathname);
}

/** Solves a challenge as the browser does, by trying every number from 0: what goes in the X-Altcha header. */
export function solve(challenge: {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}) {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (createHash("sha256").update(`${challenge.salt}${number}`).digest("hex") === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
      ).toString("base64");
    }
  }
  throw new Error("challenge has no solution");
}

/** A fresh challenge from the board, solved: the X-Altcha header for one post (empty when the board has them off). */
export async function solvedChallenge(baseUrl: string): Promise<string> {
  // After the server refused an oversized body unread it closes that keep-alive connection, and this request may
  // have been written to it already: once more, on a fresh connection.
  const response = await fetch(`${baseUrl}/api/challenge`).catch(() => fetch(`${baseUrl}/api/challenge`));
  if (!response.ok) throw new Error(`GET /api/challenge: ${response.status}`);
  const challenge = await response.json();
  return challenge ? solve(challenge) : "";
}

/** The header to send with a post to `path`: a solved challenge where the board wants one, nothing elsewhere. */
export async function challengeHeaders(baseUrl: string, method: string, path: string): Promise<Record<string, string>> {
  if (!wantsChallenge(method, path)) return {};
  const solution = await solvedChallenge(baseUrl);
  return solution ? { "x-altcha": solution } : {};
}
