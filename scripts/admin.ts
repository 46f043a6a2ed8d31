/**
 * `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`: makes an existing account an admin, or not, in the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). ADMIN_EMAILS is the other way (ADR 0011).
 */
import { setAdmin } from "#server/accounts.ts";
import { exitWithUsage, runWithDatabase } from "#scripts/support/run-with-database.ts";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email || !email.includes("@")) {
  exitWithUsage("Usage: npm run admin -- grant EMAIL | revoke EMAIL");
}

runWithDatabase(async ({ database }) => {
  const found = await setAdmin(database.db, email, command === "grant");
  if (!found) {
    console.error(`No account with the address ${email}: sign up with it first.`);
    return 1;
  }
  console.log(
    command === "grant"
      ? `${email} is now an admin. With ADMIN_REQUIRE_2FA (the default), /admin first asks them to turn on two-step sign-in.`
      : `${email} is no longer an admin (unless ADMIN_EMAILS lists it).`,
  );
  return 0;
});
