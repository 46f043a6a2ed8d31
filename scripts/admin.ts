/**
 * `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`: makes an existing account an admin, or not, in the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). A board running on DATA_DIR holds its database,
 * so it is asked to make the change itself; otherwise this script opens the database. ADMIN_EMAILS is the other way.
 */
import path from "node:path";
import { changeAdmin, type AdminChange } from "#server/admin-grant.ts";
import { loadDotEnvFile, loadEnv } from "#server/env.ts";
import { noBoardRunning, requestAdminChange } from "#server/local-requests.ts";
import { exitWithUsage, runWithDatabase } from "#scripts/support/run-with-database.ts";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email || !email.includes("@")) {
  exitWithUsage("Usage: npm run admin -- grant EMAIL | revoke EMAIL");
}
const change = { command, email } as const;

const report = ({ code, message }: AdminChange) => {
  (code === 0 ? console.log : console.error)(message);
  return code;
};

async function throughRunningBoard(): Promise<number | undefined> {
  loadDotEnvFile();
  const env = loadEnv();
  if (env.DATABASE_URL) return undefined;
  try {
    return report(await requestAdminChange(path.resolve(env.DATA_DIR), change));
  } catch (error) {
    if (noBoardRunning(error)) return undefined;
    throw error;
  }
}

throughRunningBoard().then(
  (code) => {
    if (code !== undefined) process.exit(code);
    runWithDatabase(async ({ database, env }) => report(await changeAdmin(database.db, env, change)));
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
