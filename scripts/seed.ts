/**
 * `npm run seed -- --jobs N [--start K] [--realistic | --description-words W]`: inserts N deterministic synthetic
 * listings into the configured database (DATABASE_URL, or the embedded one in DATA_DIR), oldest first, in batches, with
 * a progress line. The same N and start always produce the same listings; --start lets you add more without repeating.
 * Without a flag, descriptions are about 220 characters. --realistic: listings as long as real ones, for benchmarks
 * (2,500–3,500 characters of real job-ad language, over more role families). --description-words adds W made-up words
 * to each short description instead: they make listings heavier but no search matches them.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { insertJobsBulk, syntheticJob } from "#server/seed.ts";
import type { Database } from "#server/db/client.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { exitWithUsage, runWithDatabase } from "#scripts/support/run-with-database.ts";

const BATCH = 2_000;

/**
 * Batches written at once on PostgreSQL, one per core up to this. A batch's cost is PostgreSQL's (each listing's search
 * vector, words and index entries: one backend at 90% of a core while the script waits), so one writer left the
 * second core idle. The embedded database has one connection and writes one batch at a time.
 */
const MAX_WRITERS = 4;

/** What two writers racing to make the same new company, location or word may end in; the batch is written again. */
const RACE_STATES = ["40P01", "23505", "P0002"];

/**
 * One batch, in one statement: all of it or none. Two batches meeting a company new to both can both try to make it;
 * the one that loses fails as a whole (a deadlock, the slug taken, or the company not yet visible) and is written
 * again once, when the other's company is there to join.
 */
async function insertBatch(db: Database["db"], rows: Parameters<typeof insertJobsBulk>[1]): Promise<void> {
  try {
    await insertJobsBulk(db, rows);
  } catch (error) {
    if (!RACE_STATES.some((state) => hasSqlState(error, state))) throw error;
    await insertJobsBulk(db, rows);
  }
}

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "1000" },
    start: { type: "string", default: "0" },
    "description-words": { type: "string", default: "0" },
    realistic: { type: "boolean", default: false },
  },
});
const realistic = values.realistic;
const total = Number(values.jobs);
const start = Number(values.start);
const descriptionWords = Number(values["description-words"]);
// A description holds at most 10,000 characters; 800 made-up words of at most ten letters stay under it, so a seeded
// listing can still be edited.
if (
  !Number.isInteger(total) ||
  total < 1 ||
  !Number.isInteger(start) ||
  start < 0 ||
  !Number.isInteger(descriptionWords) ||
  descriptionWords < 0 ||
  descriptionWords > 800 ||
  (realistic && descriptionWords > 0)
) {
  exitWithUsage(
    "Usage: npm run seed -- --jobs N [--start K] [--realistic | --description-words W]   (N ≥ 1, K ≥ 0, 0 ≤ W ≤ 800)",
  );
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
  const batches = Array.from({ length: Math.ceil(total / BATCH) }, (_, i) => numbers.slice(i * BATCH, (i + 1) * BATCH));
  let inserted = 0;
  const insert = async (batch: number[]) => {
    await insertBatch(
      database.db,
      batch.map((n) => syntheticJob(n, now, { descriptionWords, realistic })),
    );
    inserted += batch.length;
    const rate = Math.round(inserted / ((Date.now() - began) / 1000 || 1));
    const line = `Inserted ${inserted.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} ${realistic ? "realistic " : ""}listings (${rate.toLocaleString("en-US")}/s)`;
    // A terminal shows one line that updates in place; a log file or CI gets one line per update.
    process.stdout.write(process.stdout.isTTY ? `\r${line}` : `${line}\n`);
  };
  // The first batch alone makes the companies, locations and words the synthetic listings share, so the writers
  // after it rarely race to make the same one.
  const [first, ...rest] = batches;
  if (first) await insert(first);
  const writers = database.engine === "postgres" ? Math.min(MAX_WRITERS, availableParallelism()) : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let batch = rest[next++]; batch; batch = rest[next++]) await insert(batch);
    }),
  );
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
