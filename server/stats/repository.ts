import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { jobStatsDaily } from "#server/db/schema.ts";
import type { StatsRow } from "#server/stats/counter.ts";

/** Rows per statement: 5 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 1_000;

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
