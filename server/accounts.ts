/**
 * Account standing (verified, admin, trusted, suspended): the one module that reads and writes it, for the jobs domain
 * (may this account publish at once?) and moderation (who reviews, whom to trust or suspend) alike. Every function takes
 * the database or a transaction, so a decision and the standing it changes commit together.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { session, user } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";

export type Account = {
  id: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  trustedAt: Date | null;
  suspendedAt: Date | null;
  twoFactorEnabled: boolean;
  /** A second factor enrolled while an admin, with only a password session: waiting for the mailed link. */
  secondFactorUnconfirmedSince: Date | null;
};

export async function findAccount(db: Db, id: string): Promise<Account | undefined> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      isAdmin: user.isAdmin,
      trustedAt: user.trustedAt,
      suspendedAt: user.suspendedAt,
      twoFactorEnabled: user.twoFactorEnabled,
      secondFactorUnconfirmedSince: user.secondFactorUnconfirmedSince,
    })
    .from(user)
    .where(eq(user.id, id))
    .limit(1);
  return row;
}

/**
 * An admin is granted (`npm run admin -- grant`) or listed in ADMIN_EMAILS with a verified address (anyone can sign up
 * with any address; only a verified one proves it is theirs). A suspended account is nobody's admin.
 */
export function isAdminAccount(account: Account | undefined, env: Pick<Env, "ADMIN_EMAILS">): boolean {
  if (!account || account.suspendedAt) return false;
  return account.isAdmin || (account.emailVerified && env.ADMIN_EMAILS.includes(account.email.toLowerCase()));
}

/**
 * What an account may do as an admin now. With ADMIN_REQUIRE_2FA only one who turned on a second factor gets admin
 * powers (the queue, and reading other employers' applications and stats): a phished password alone must open none.
 * A factor enrolled while already an admin counts once the link mailed to the address was followed (issue 71): with
 * the password alone one can enrol an authenticator, but not read the mail.
 */
export function adminAccessOf(
  account: Account | undefined,
  env: Pick<Env, "ADMIN_EMAILS" | "ADMIN_REQUIRE_2FA">,
): "admin" | "needs-second-factor" | "none" {
  if (!isAdminAccount(account, env)) return "none";
  if (!env.ADMIN_REQUIRE_2FA) return "admin";
  return account?.twoFactorEnabled && !account.secondFactorUnconfirmedSince ? "admin" : "needs-second-factor";
}

/** Where review notices go: every granted admin, and every ADMIN_EMAILS address. */
export async function adminAddresses(db: Db, env: Pick<Env, "ADMIN_EMAILS">): Promise<string[]> {
  const granted = await db.select({ email: user.email }).from(user).where(eq(user.isAdmin, true));
  return [...new Set([...env.ADMIN_EMAILS, ...granted.map((row) => row.email.toLowerCase())])];
}

/** An employer one of whose listings an admin approved: what they post next skips review (MODERATION=first). */
export async function markTrusted(db: Db, id: string): Promise<void> {
  await db
    .update(user)
    .set({ trustedAt: sql`now()` })
    .where(and(eq(user.id, id), isNull(user.trustedAt)));
}

/** Suspends an account and ends its sessions; false when there is no such account or it is already suspended. */
export async function suspend(db: Db, id: string, reason: string): Promise<boolean> {
  const [suspended] = await db
    .update(user)
    .set({ suspendedAt: sql`now()`, suspendedReason: reason })
    .where(and(eq(user.id, id), isNull(user.suspendedAt)))
    .returning({ id: user.id });
  if (!suspended) return false;
  await db.delete(session).where(eq(session.userId, id));
  return true;
}

/** Lifts a suspension; false when there is no such account or it is not suspended. */
export async function liftSuspension(db: Db, id: string): Promise<boolean> {
  const lifted = await db
    .update(user)
    .set({ suspendedAt: null, suspendedReason: null })
    .where(and(eq(user.id, id), isNotNull(user.suspendedAt)))
    .returning({ id: user.id });
  return lifted.length > 0;
}

/** `npm run admin -- grant|revoke EMAIL`: false when there is no account with that address. */
export async function setAdmin(db: Db, email: string, admin: boolean): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ isAdmin: admin })
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: user.id });
  return rows.length > 0;
}

/**
 * What `npm run admin -- grant` tells the operator: whether the account already has a second factor that opens admin
 * powers (enrolled before the grant, or confirmed by the mailed link), or must still enrol and follow the link.
 */
export async function secondFactorOfAddress(
  db: Db,
  email: string,
): Promise<"opens-admin" | "awaiting-mail" | "none" | undefined> {
  const [row] = await db
    .select({ enabled: user.twoFactorEnabled, unconfirmedSince: user.secondFactorUnconfirmedSince })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!row) return undefined;
  if (!row.enabled) return "none";
  return row.unconfirmedSince ? "awaiting-mail" : "opens-admin";
}
