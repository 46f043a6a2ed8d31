import type { Db } from "#server/db/client.ts";
import { jobStatsDaily } from "#server/db/schema.ts";

/*
 * What the demo employer's listings earned so far, so their stats pages show numbers for each day since they were
 * posted rather than zeros on the quick start's first visit. Counted as the board counts (server/stats): per listing and UTC day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days from the listing's posting day to today, oldest first, as the stats table keys them. */
function daysSince(postingDate: Date, now: Date): string[] {
  const days: string[] = [];
  for (let at = postingDate.getTime(); at <= now.getTime(); at += DAY_MS) days.push(isoDay(new Date(at)));
  const today = isoDay(now);
  return days.at(-1) === today ? days : [...days, today];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A day's counts for the n-th listing: shown in a few dozen searches, opened by about one in six of those, Apply
 * clicked by about one in eight of the readers. Fixed by the listing and day, so every first start shows the same.
 */
function dayCounts(listing: number, day: number): { impressions: number; views: number; applyClicks: number } {
  const impressions = 30 + ((listing * 37 + day * 53) % 70);
  const views = Math.round(impressions / (5 + ((listing + day) % 3)));
  const applyClicks = Math.floor(views / (7 + ((listing * 3 + day) % 3)));
  return { impressions, views, applyClicks };
}

export async function seedDemoStats(
  db: Db,
  listings: readonly { id: string; postingDate: Date }[],
  now: Date,
): Promise<void> {
  const rows = listings.flatMap(({ id, postingDate }, listing) =>
    daysSince(postingDate, now).map((day, i) => ({ jobId: id, day, ...dayCounts(listing, i) })),
  );
  if (rows.length > 0) await db.insert(jobStatsDaily).values(rows);
}
