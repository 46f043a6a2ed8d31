import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Links in alert mails carry a signed token instead of a session: confirming needs the mailbox, unsubscribing and
 * managing need only the mail. HMAC-SHA256 with the app's secret; confirmation links expire.
 */
export type TokenPurpose = "confirm" | "unsubscribe" | "manage";
type Payload = { p: TokenPurpose; s: string; e?: number };

const encode = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function createTokens(secret: string) {
  const sign = (body: string) => createHmac("sha256", `alerts:${secret}`).update(body).digest();
  return {
    /** `subject` is an alert id (confirm, unsubscribe) or an address (manage). */
    sign(purpose: TokenPurpose, subject: string, expiresAt?: Date): string {
      const body = encode(
        JSON.stringify({ p: purpose, s: subject, ...(expiresAt ? { e: expiresAt.getTime() } : {}) } satisfies Payload),
      );
      return `${body}.${encode(sign(body))}`;
    },
    /** The subject, when the token is ours, for this purpose and not expired; else undefined. */
    verify(purpose: TokenPurpose, token: string, now = new Date()): string | undefined {
      const [body, signature] = token.split(".");
      if (!body || !signature) return undefined;
      const expected = sign(body);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
        if (payload.p !== purpose || typeof payload.s !== "string") return undefined;
        if (payload.e !== undefined && payload.e < now.getTime()) return undefined;
        return payload.s;
      } catch {
        return undefined;
      }
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
