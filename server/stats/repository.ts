import { randomBytes } from "node:crypto";
import { asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { jobStatsDaily, statsSalts, statsVisits } from "#server/db/schema.ts";
import type { StatsRow } from "#server/stats/counter.ts";

/** Rows per statement: 5 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 1_000;

/**
 * The shared salt of each of `days`: made (32 random bytes) by whichever process asks first, the others' inserts
 * doing nothing, then read, so every process hashes a day's visits with the same salt.
 */
export async function saltsOf(db: Db, days: readonly string[]): Promise<Map<string, Buffer>> {
  if (days.length === 0) return new Map();
  await db
    .insert(statsSalts)
    .values(days.map((day) => ({ day, salt: randomBytes(32) })))
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(statsSalts)
    .where(inArray(statsSalts.day, [...days]));
  return new Map(rows.map((row) => [row.day, row.salt]));
}

/**
 * Stores the visit keys and answers those that were not there yet (`day|key`): the visits no process has counted
 * today. Keys go in sorted, so two processes storing the same keys at once wait on each other in one order.
 */
export async function addNewVisits(db: Db, visits: readonly { day: string; key: string }[]): Promise<Set<string>> {
  const sorted = [...visits].sort((a, b) => (a.day === b.day ? (a.key < b.key ? -1 : 1) : a.day < b.day ? -1 : 1));
  const added = new Set<string>();
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const rows = await db
      .insert(statsVisits)
      .values(sorted.slice(start, start + CHUNK))
      .onConflictDoNothing()
      .returning({ day: statsVisits.day, key: statsVisits.key });
    for (const row of rows) added.add(`${row.day}|${row.key}`);
  }
  return added;
}

/** Every salt and visit key of the days before `day`: once a day is over, nothing is left to tell its visitors by. */
export async function forgetVisitsBefore(db: Db, day: string): Promise<void> {
  await db.delete(statsVisits).where(lt(statsVisits.day, day));
  await db.delete(statsSalts).where(lt(statsSalts.day, day));
}

/**
 * Adds the counts to each listing's day. The upsert adds to what is there, so every server process's flushes sum;
 * a listing deleted since it was counted is skipped (the join), not an error. Rows come sorted, so two processes
 * flushing at once take the rows' locks in the same order.
 */
export async function addStats(db: Db, rows: readonly StatsRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const values = rows
      .slice(start, start + CHUNK)
      .map(
        (row) =>
          sql`(${row.jobId}::uuid, ${row.day}::date, ${row.views}::int, ${row.applyClicks}::int, ${row.impressions}::int)`,
      );
    await db.execute(sql`
      INSERT INTO job_stats_daily (job_id, day, views, apply_clicks, impressions)
      SELECT v.job_id, v.day, v.views, v.apply_clicks, v.impressions
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(job_id, day, views, apply_clicks, impressions)
      JOIN jobs ON jobs.id = v.job_id
      ON CONFLICT (job_id, day) DO UPDATE SET
        views = job_stats_daily.views + EXCLUDED.views,
        apply_clicks = job_stats_daily.apply_clicks + EXCLUDED.apply_clicks,
        impressions = job_stats_daily.impressions + EXCLUDED.impressions`);
  }
}

/** One listing's days, oldest first. */
export async function listStatsDays(db: Db, jobId: string) {
  return db
    .select({
      day: jobStatsDaily.day,
      views: jobStatsDaily.views,
      applyClicks: jobStatsDaily.applyClicks,
      impressions: jobStatsDaily.impressions,
    })
    .from(jobStatsDaily)
    .where(eq(jobStatsDaily.jobId, jobId))
    .orderBy(asc(jobStatsDaily.day));
}

/** Totals per listing, for several listings at once (My Listings, the reminder mails). */
export async function sumStats(db: Db, jobIds: readonly string[]) {
  if (jobIds.length === 0) return [];
  return db
    .select({
      jobId: jobStatsDaily.jobId,
      views: sql<number>`sum(${jobStatsDaily.views})::int`,
      applyClicks: sql<number>`sum(${jobStatsDaily.applyClicks})::int`,
      impressions: sql<number>`sum(${jobStatsDaily.impressions})::int`,
    })
    .from(jobStatsDaily)
    .where(inArray(jobStatsDaily.jobId, [...jobIds]))
    .groupBy(jobStatsDaily.jobId);
}
