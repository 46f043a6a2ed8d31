import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import * as z from "zod";
import { findAccount, isAdminAccount } from "#server/accounts.ts";
import type { Db } from "#server/db/client.ts";
import { twoFactor, user } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";
import { composeSecondFactorConfirmationMail, enqueueMail } from "#server/mail.ts";
import { SECOND_FACTOR_CONFIRMED_PATH, SECOND_FACTOR_LINK_EXPIRED_PATH } from "#shared/session.ts";

/** The plugin's TOTP: 30-second steps, 6 digits, and a code of the step before or after accepted too. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

const CONFIRMATION_SECONDS = 24 * 60 * 60;
const CONFIRMATION_PREFIX = "confirm-second-factor-";
export const CONFIRM_SECOND_FACTOR_PATH = "/confirm-second-factor";

/** RFC 4226's code for one counter, as the plugin computes it (the secret's bytes are the HMAC key). */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, "0");
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32Bytes(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let at = 0; at + 8 <= bits.length; at += 8) bytes.push(Number.parseInt(bits.slice(at, at + 8), 2));
  return Buffer.from(bytes);
}

/** The key the plugin verifies with: its stored secret decrypted (an imported one is kept as `base32:` text). */
async function totpKey(secretConfig: Parameters<typeof symmetricDecrypt>[0]["key"], stored: string): Promise<Buffer> {
  const secret = await symmetricDecrypt({ key: secretConfig, data: stored });
  return secret.startsWith("base32:") ? base32Bytes(secret.slice(7)) : Buffer.from(secret, "utf8");
}

/** The latest time step within the plugin's window whose code is `code`, or null when none is. */
function matchedStep(key: Buffer, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / 1000 / PERIOD_SECONDS);
  const typed = Buffer.from(code.padEnd(DIGITS, " ").slice(0, 16));
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (typed.length === expected.length && timingSafeEqual(typed, expected)) matched = step;
  }
  return matched;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code this is: the signed-in account's (enrolling, or checking a code with a session) or the one the sign-in's
 * challenge cookie names, as the plugin reads it.
 */
async function codeOwner(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}

const refusedCode = () => APIError.from("UNAUTHORIZED", { message: "Invalid code", code: "INVALID_CODE" });

/**
 * What better-auth's two-factor plugin does not do by itself (issue 71):
 * - A TOTP code is good once: the account's last accepted time step is kept, and a code of that step or an earlier one
 *   is refused as a wrong code, at sign-in and enrolment alike. The step is claimed before the plugin checks the code,
 *   in one statement, so two requests with one code cannot both pass.
 * - The account lock after repeated wrong codes says how long it lasts (Retry-After), instead of nothing.
 * - A second factor that an admin enrols with only a password session opens no admin powers until the link mailed to
 *   the address is followed (`confirmSecondFactorByMail`): a phished password can enrol an authenticator, but cannot
 *   read the mail.
 */
export function secondFactorProofs({ db }: { db: Db }): BetterAuthPlugin {
  return {
    id: "second-factor-proofs",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
            const userId = await codeOwner(ctx);
            if (!userId || !code) return;
            const [row] = await db
              .select({ secret: twoFactor.secret, lockedUntil: twoFactor.lockedUntil })
              .from(twoFactor)
              .where(eq(twoFactor.userId, userId));
            // No enrolment, or a locked account: the plugin refuses it as it would, and no step is spent.
            if (!row || (row.lockedUntil && row.lockedUntil.getTime() > Date.now())) return;
            const step = matchedStep(await totpKey(ctx.context.secretConfig, row.secret), code);
            // A wrong code is the plugin's to count against the account.
            if (step === null) return;
            const claimed = await db
              .update(twoFactor)
              .set({ lastTotpStep: step })
              .where(
                and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))),
              )
              .returning({ id: twoFactor.id });
            if (claimed.length === 0) throw refusedCode();
          }),
        },
      ],
      after: [
        {
          matcher: (context) =>
            context.path === "/two-factor/verify-totp" || context.path === "/two-factor/verify-backup-code",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!(returned instanceof APIError) || returned.body?.code !== "ACCOUNT_TEMPORARILY_LOCKED") return;
            const userId = await codeOwner(ctx);
            if (!userId) return;
            const [row] = await db
              .select({ lockedUntil: twoFactor.lockedUntil })
              .from(twoFactor)
              .where(eq(twoFactor.userId, userId));
            if (!row?.lockedUntil) return;
            const seconds = Math.max(1, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000));
            throw new APIError("TOO_MANY_REQUESTS", returned.body, { "x-retry-after": String(seconds) });
          }),
        },
      ],
    },
    endpoints: {
      /** The mailed link: the admin's second factor counts from now on. Good once, for a day, for that enrolment. */
      confirmSecondFactor: createAuthEndpoint(
        CONFIRM_SECOND_FACTOR_PATH,
        { method: "GET", query: z.object({ token: z.string().max(200) }) },
        async (ctx) => {
          const identifier = `${CONFIRMATION_PREFIX}${ctx.query.token}`;
          const found = await ctx.context.internalAdapter.findVerificationValue(identifier);
          const [userId, since] = (found?.value ?? "").split("|");
          const confirmed =
            found && found.expiresAt.getTime() > Date.now() && userId && since
              ? await db
                  .update(user)
                  .set({ secondFactorUnconfirmedSince: null })
                  .where(
                    and(
                      eq(user.id, userId),
                      eq(user.twoFactorEnabled, true),
                      // The enrolment the link was mailed for: not one made after it was turned off and on again.
                      eq(user.secondFactorUnconfirmedSince, new Date(since)),
                    ),
                  )
                  .returning({ id: user.id })
              : [];
          if (found) await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
          throw ctx.redirect(confirmed.length > 0 ? SECOND_FACTOR_CONFIRMED_PATH : SECOND_FACTOR_LINK_EXPIRED_PATH);
        },
      ),
    },
  };
}

type VerificationWriter = {
  createVerificationValue: (data: { identifier: string; value: string; expiresAt: Date }) => Promise<unknown>;
};

/**
 * Called once an account's second factor is turned on. An account that is an admin at that moment (granted, or listed
 * in ADMIN_EMAILS) with ADMIN_REQUIRE_2FA gets its admin powers only once it follows a link mailed to its address;
 * an account that enrolled before it became an admin is not asked.
 */
export async function confirmSecondFactorByMail(
  { db, env, verifications, baseUrl }: { db: Db; env: Env; verifications: VerificationWriter; baseUrl: string },
  userId: string,
): Promise<void> {
  if (!env.ADMIN_REQUIRE_2FA) return;
  const account = await findAccount(db, userId);
  if (!account || !isAdminAccount(account, env)) return;
  const since = new Date();
  await db.update(user).set({ secondFactorUnconfirmedSince: since }).where(eq(user.id, userId));
  const token = randomBytes(32).toString("base64url");
  await verifications.createVerificationValue({
    identifier: `${CONFIRMATION_PREFIX}${token}`,
    value: `${userId}|${since.toISOString()}`,
    expiresAt: new Date(since.getTime() + CONFIRMATION_SECONDS * 1000),
  });
  const url = `${baseUrl}${CONFIRM_SECOND_FACTOR_PATH}?token=${token}`;
  const [named] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  await enqueueMail(db, composeSecondFactorConfirmationMail({ email: account.email, name: named?.name ?? "" }, url));
}

/** A second factor turned off takes its wait for the mailed link with it; a new one starts its own. */
export async function forgetUnconfirmedSecondFactor(db: Db, userId: string): Promise<void> {
  await db
    .update(user)
    .set({ secondFactorUnconfirmedSince: null })
    .where(and(eq(user.id, userId), isNotNull(user.secondFactorUnconfirmedSince)));
}
