import { createHmac } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import { mailOutbox } from "#server/db/schema.ts";
import type { Session } from "#tests/support/http.ts";
import { servicesAt } from "#tests/support/serve-app.ts";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = [];
  for (let at = 0; at + 8 <= bits.length; at += 8) bytes.push(Number.parseInt(bits.slice(at, at + 8), 2));
  return Buffer.from(bytes);
}

/**
 * RFC 6238 (SHA-1, 30 s, 6 digits) written out here rather than borrowed from better-auth, so the tests check that
 * what the board hands out works in any authenticator app. `secret` is the base32 key of the otpauth URI.
 */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

export const secretOfUri = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";

/** The cookies a response sets, as a Cookie header (cleared ones left out). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function post(baseUrl: string, path: string, body: unknown, cookie: string): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** The link in the newest mail to `email` asking to confirm an admin's second factor, if one was queued. */
export async function secondFactorConfirmationLink(baseUrl: string, email: string): Promise<string | null> {
  const services = servicesAt(baseUrl);
  if (!services) return null;
  const [mail] = await services.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, "Confirm two-step sign-in%")))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /https?:\/\/\S+confirm-second-factor\S+/.exec(mail?.text ?? "")?.[0] ?? null;
}

/**
 * Turns on two-step sign-in for a signed-in account as the board's page does (enable, then confirm with a first code).
 * Confirming replaces the session, so `session` is updated in place to the new one. An admin who enrols is mailed a
 * link that opens the admin powers: followed here, as its owner would, unless `confirmByMail` is false.
 */
export async function enrolSecondFactor(
  baseUrl: string,
  session: Session,
  { confirmByMail = true }: { confirmByMail?: boolean } = {},
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enabled = await post(baseUrl, "/api/auth/two-factor/enable", { password: session.password }, session.cookie);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const confirmed = await post(baseUrl, "/api/auth/two-factor/verify-totp", { code: totp(secret) }, session.cookie);
  session.cookie = cookiesOf(confirmed);
  session.token = confirmed.headers.get("set-auth-token") ?? session.token;
  const link = confirmByMail ? await secondFactorConfirmationLink(baseUrl, session.email) : null;
  if (link) await fetch(link, { redirect: "manual" });
  return { secret, recoveryCodes: backupCodes };
}
