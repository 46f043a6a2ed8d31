import { Hono, type Context } from "hono";
import { POW_HEADER } from "#server/challenges.ts";
import type { AppBindings } from "#server/http/types.ts";

/** `GET /api/challenge`: a fresh proof-of-work challenge for one form post, or null when they are off (ADR 41). */
export const challengeApi = new Hono<AppBindings>().get("/challenge", async (c) => {
  const { challenges } = c.get("services");
  c.header("Cache-Control", "no-store");
  return c.json(challenges.required() ? await challenges.issueChallenge() : null);
});

/** Refuses the post (400 CHALLENGE_FAILED) unless it carries a good, unspent solution; spends it. */
export const spendChallenge = (c: Context<AppBindings>) =>
  c.get("services").challenges.spendSolution({ solution: c.req.header(POW_HEADER) });
