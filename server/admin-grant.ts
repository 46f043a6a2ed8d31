import { secondFactorOfAddress, setAdmin } from "#server/accounts.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";

export type AdminCommand = { command: "grant" | "revoke"; email: string };
/** What `npm run admin` prints, and its exit code: 1 when no account has the address. */
export type AdminChange = { code: 0 | 1; message: string };

/**
 * With ADMIN_REQUIRE_2FA (the default) admin powers need a second factor that more than the password proved: one
 * enrolled before the grant, or, enrolled after it, confirmed by the link the board mails to the address (issue 71).
 */
function afterGrant(email: string, factor: Awaited<ReturnType<typeof secondFactorOfAddress>>, env: Env): string {
  if (!env.ADMIN_REQUIRE_2FA) return `${email} is now an admin: /admin opens for them now (ADMIN_REQUIRE_2FA is off).`;
  if (factor === "opens-admin")
    return `${email} is now an admin. They have two-step sign-in on already: /admin opens for them now.`;
  if (factor === "awaiting-mail")
    return `${email} is now an admin. /admin opens once they follow the link the board mailed to ${email} when they turned on two-step sign-in.`;
  return `${email} is now an admin, but /admin stays closed to them until they turn on two-step sign-in and then follow the link the board mails to ${email}: a password alone does not open it.`;
}

/** Makes an existing account an admin, or not (ADMIN_EMAILS is the other way, ADR 0011). */
export async function changeAdmin(db: Db, env: Env, { command, email }: AdminCommand): Promise<AdminChange> {
  if (!(await setAdmin(db, email, command === "grant")))
    return { code: 1, message: `No account with the address ${email}: sign up with it first.` };
  return {
    code: 0,
    message:
      command === "grant"
        ? afterGrant(email, await secondFactorOfAddress(db, email), env)
        : `${email} is no longer an admin (unless ADMIN_EMAILS lists it).`,
  };
}
