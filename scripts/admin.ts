/**
 * `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`: makes an existing account an admin, or not, in the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). ADMIN_EMAILS is the other way (ADR 0011).
 */
import { secondFactorOfAddress, setAdmin } from "#server/accounts.ts";
import { exitWithUsage, runWithDatabase } from "#scripts/support/run-with-database.ts";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email || !email.includes("@")) {
  exitWithUsage("Usage: npm run admin -- grant EMAIL | revoke EMAIL");
}

/**
 * With ADMIN_REQUIRE_2FA (the default) admin powers need a second factor that more than the password proved: one
 * enrolled before the grant, or, enrolled after it, confirmed by the link the board mails to the address (issue 71).
 */
function afterGrant(factor: Awaited<ReturnType<typeof secondFactorOfAddress>>, requireSecondFactor: boolean): string {
  if (!requireSecondFactor) return `${email} is now an admin: /admin opens for them now (ADMIN_REQUIRE_2FA is off).`;
  if (factor === "opens-admin")
    return `${email} is now an admin. They have two-step sign-in on already: /admin opens for them now.`;
  if (factor === "awaiting-mail")
    return `${email} is now an admin. /admin opens once they follow the link the board mailed to ${email} when they turned on two-step sign-in.`;
  return `${email} is now an admin, but /admin stays closed to them until they turn on two-step sign-in and then follow the link the board mails to ${email}: a password alone does not open it.`;
}

runWithDatabase(async ({ database, env }) => {
  const found = await setAdmin(database.db, email, command === "grant");
  if (!found) {
    console.error(`No account with the address ${email}: sign up with it first.`);
    return 1;
  }
  console.log(
    command === "grant"
      ? afterGrant(await secondFactorOfAddress(database.db, email), env.ADMIN_REQUIRE_2FA)
      : `${email} is no longer an admin (unless ADMIN_EMAILS lists it).`,
  );
  return 0;
});
