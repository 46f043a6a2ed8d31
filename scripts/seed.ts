/**
 * `npm run seed -- --jobs N [--start K]`: inserts N deterministic synthetic listings into the configured
 * database (DATABASE_URL, or the embedded one in DATA_DIR), oldest first, in batches, with a progress line.
 * The same N and start always produce the same listings; --start lets you add more without repeating.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { insertJobsBulk, syntheticJob } from "#server/seed.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { exitWithUsage, runWithDatabase } from "#scripts/support/run-with-database.ts";

const BATCH = 2_000;

const { values } = parseArgs({
  options: { jobs: { type: "string", default: "1000" }, start: { type: "string", default: "0" } },
});
const total = Number(values.jobs);
const start = Number(values.start);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(start) || start < 0) {
  exitWithUsage("Usage: npm run seed -- --jobs N [--start K]   (N ≥ 1, K ≥ 0)");
}

runWithDatabase(async ({ database }) => {
  const now = new Date();
  const began = Date.now();
  // Oldest first, as a board that grew over time holds its listings (ADR 32). In the generator's order every next
  // listing of the list order lived on another part of the table, and each step of an index walk looked up another
  // page of the visibility map: at 1M under 8 visitors, 1,500 such lookups a search instead of 20, and a third
  // fewer searches a second.
  const numbers = Array.from({ length: total }, (_, i) => start + i + 1)
    .map((n) => ({ n, postedAt: syntheticJob(n, now).postingDate.getTime() }))
    .sort((a, b) => a.postedAt - b.postedAt || a.n - b.n)
    .map(({ n }) => n);
  for (let done = 0; done < total; done += BATCH) {
    const size = Math.min(BATCH, total - done);
    const rows = numbers.slice(done, done + size).map((n) => syntheticJob(n, now));
    await insertJobsBulk(database.db, rows);
    const inserted = done + size;
    const rate = Math.round(inserted / ((Date.now() - began) / 1000 || 1));
    const line = `Inserted ${inserted.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} listings (${rate.toLocaleString("en-US")}/s)`;
    // A terminal shows one line that updates in place; a log file or CI gets one line per update.
    process.stdout.write(process.stdout.isTTY ? `\r${line}` : `${line}\n`);
  }
  // Without statistics the planner guesses, and the first searches after a bulk load pick slow plans (issue 10);
  // VACUUM also sets the visibility map, so the capped counts can be index-only scans.
  process.stdout.write(`${process.stdout.isTTY ? "\n" : ""}Gathering statistics (VACUUM ANALYZE jobs)…`);
  await database.db.execute(sql`VACUUM (ANALYZE) jobs`);
  // The load is on disk only in the write-ahead log until a checkpoint writes the tables out. Left to PostgreSQL, that
  // happens paced over the next minutes, beside the first visitors (at 1M, 540 MB still being written while the
  // first searches ran). Done here, at once, the database is ready when the seed ends.
  process.stdout.write(`\nWriting it to disk (CHECKPOINT)…`);
  await database.db.execute(sql`CHECKPOINT`).catch((error: unknown) => {
    // Only superusers and members of pg_checkpoint may; without it PostgreSQL still writes it out, later.
    if (!hasSqlState(error, "42501")) throw error; // insufficient_privilege
    process.stdout.write(" skipped: this database user may not (grant pg_checkpoint to let it)");
  });
  process.stdout.write(`\nDone in ${((Date.now() - began) / 1000).toFixed(1)} s (${database.engine}).\n`);
  return 0;
});
