import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "#server/db/schema.ts";
import type { Env } from "#server/env.ts";

export type Account = {
  id: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  trustedAt: Date | null;
  suspendedAt: Date | null;
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

/** Where review notices go: every granted admin, and every ADMIN_EMAILS address. */
export async function adminAddresses(db: Db, env: Pick<Env, "ADMIN_EMAILS">): Promise<string[]> {
  const granted = await db.select({ email: user.email }).from(user).where(eq(user.isAdmin, true));
  return [...new Set([...env.ADMIN_EMAILS, ...granted.map((row) => row.email.toLowerCase())])];
}
