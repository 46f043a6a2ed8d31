/**
 * `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`: makes an existing account an admin, or not, in the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). ADMIN_EMAILS is the other way (ADR 0011).
 */
import { openConfiguredDatabase } from "#server/database.ts";
import { loadDotEnvFile, loadEnv } from "#server/env.ts";
import { createModeration } from "#server/moderation.ts";

const USAGE = "Usage: npm run admin -- grant EMAIL | revoke EMAIL";

async function main() {
  const [command, email] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !email || !email.includes("@")) {
    console.error(USAGE);
    process.exit(2);
  }
  loadDotEnvFile();
  const env = loadEnv();
  const { database, release } = await openConfiguredDatabase(env);
  try {
    await database.migrate();
    const found = await createModeration({ db: database.db, env }).setAdmin({ email, admin: command === "grant" });
    if (!found) {
      console.error(`No account with the address ${email}: sign up with it first.`);
      process.exitCode = 1;
      return;
    }
    console.log(command === "grant" ? `${email} is now an admin.` : `${email} is no longer an admin (unless ADMIN_EMAILS lists it).`);
  } finally {
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
