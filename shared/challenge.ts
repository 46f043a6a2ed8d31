import { z } from "zod";

/**
 * An ALTCHA proof-of-work challenge (ADR 41): find the number n in [0, maxnumber] with
 * SHA-256(salt + n) = challenge, then send `{ algorithm, challenge, number, salt, signature }` as base64 JSON in the
 * `X-Altcha` header of the form's POST. `null` when the board has the challenge off (POW_CHALLENGE=false).
 */
export const powChallengeSchema = z
  .object({
    algorithm: z.literal("SHA-256"),
    challenge: z.string().regex(/^[0-9a-f]{64}$/),
    maxnumber: z.number().int().positive(),
    salt: z.string(),
    signature: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "PowChallenge", title: "PowChallenge" });

export const powChallengeAnswerSchema = powChallengeSchema.nullable();

export type PowChallenge = z.output<typeof powChallengeSchema>;
