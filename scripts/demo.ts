/**
 * `npm run demo -- remove`: deletes the quick start's demo content (its accounts, listings, the applications in its
 * inbox, posts and the mail queued for them) from the configured database, leaving everything real people made. Run
 * it before opening a board to the public.
 */
import { removeDemo } from "#server/seed.ts";
import { exitWithUsage, runWithDatabase } from "#scripts/support/run-with-database.ts";

const [command] = process.argv.slice(2);
if (command !== "remove") exitWithUsage("Usage: npm run demo -- remove");

runWithDatabase(async ({ database }) => {
  const removed = await removeDemo(database.db);
  console.log(
    `Removed the demo content: ${removed.accounts} accounts, ${removed.listings} listings, ${removed.applications} applications and ${removed.posts} blog posts.`,
  );
  return 0;
});
