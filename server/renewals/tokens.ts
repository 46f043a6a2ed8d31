import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The reminder mail's "Renew for 30 more days" link carries a signed token instead of a session: the listing's id,
 * the posting date it was made for (to the microsecond) and when it stops working. A renewal changes the posting date,
 * so the same link cannot renew twice; HMAC-SHA256 with the app's secret, so nobody can make one.
 */
export type RenewalClaim = { jobId: string; postedMicros: string };
type Payload = { j: string; p: string; e: number };

const encode = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function createRenewalTokens(secret: string) {
  const mac = (body: string) => createHmac("sha256", `renewals:${secret}`).update(body).digest();
  return {
    sign({ jobId, postedMicros }: RenewalClaim, expiresAt: Date): string {
      const body = encode(JSON.stringify({ j: jobId, p: postedMicros, e: expiresAt.getTime() } satisfies Payload));
      return `${body}.${encode(mac(body))}`;
    },
    /** What the token claims, when it is ours and has not expired; else undefined. */
    verify(token: string, now = new Date()): RenewalClaim | undefined {
      const [body, signature] = token.split(".");
      if (!body || !signature) return undefined;
      const given = Buffer.from(signature, "base64url");
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
        if (typeof payload.j !== "string" || !/^\d+$/.test(String(payload.p)) || typeof payload.e !== "number")
          return undefined;
        if (payload.e < now.getTime()) return undefined;
        return { jobId: payload.j, postedMicros: String(payload.p) };
      } catch {
        return undefined;
      }
    },
  };
}
