import { createHmac, timingSafeEqual } from "node:crypto";

/** The whole token and nothing else: a lower-case UUID, a dot, the 43 characters of a SHA-256 HMAC in base64url. */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The applicant's link (in the confirmation mail) carries the application's id and an HMAC of it instead of a
 * session: whoever has the mail may see the stage, withdraw and erase. It does not expire; erasing ends its use.
 */
export function createApplicationTokens(secret: string) {
  const mac = (id: string) => createHmac("sha256", `applications:${secret}`).update(id).digest("base64url");
  return {
    sign: (id: string) => `${id}.${mac(id)}`,
    /**
     * The application's id when the token is exactly one we signed; else undefined. Compared as text, not decoded:
     * a base64 decoder skips what it does not know, so `token.x`, `token=` or `token!` would open the application.
     */
    verify(token: string): string | undefined {
      const [, id, signature] = TOKEN.exec(token) ?? [];
      if (!id || !signature) return undefined;
      const given = Buffer.from(signature);
      const expected = Buffer.from(mac(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
