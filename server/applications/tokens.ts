import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The applicant's link (in the confirmation mail) carries the application's id and an HMAC of it instead of a
 * session: whoever has the mail may see the stage, withdraw and erase. It does not expire; erasing ends its use.
 */
export function createApplicationTokens(secret: string) {
  const mac = (id: string) => createHmac("sha256", `applications:${secret}`).update(id).digest();
  return {
    sign: (id: string) => `${id}.${mac(id).toString("base64url")}`,
    /** The application's id when the token is ours; else undefined. */
    verify(token: string): string | undefined {
      const [id, signature] = token.split(".");
      if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
      const given = Buffer.from(signature, "base64url");
      const expected = mac(id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
