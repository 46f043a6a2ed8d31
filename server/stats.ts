import { z } from "zod";
import { expiresAt, type ListingStats, type StatsDay, type StatsTotals } from "#shared/stats.ts";
import { adminAccessOf, findAccount } from "#server/accounts.ts";
import type { Applications } from "#server/applications.ts";
import { CLIENT_IP_HEADER, type SessionUser } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { forbidden, notFound, secondFactorRequired } from "#server/errors.ts";
import type { Jobs } from "#server/jobs.ts";
import type { Logger } from "#server/logger.ts";
import { repeat } from "#server/repeat.ts";
import {
  createStatsCounter,
  sumRows,
  utcDay,
  visitKey,
  type PendingVisit,
  type StatsRow,
  type Visitor,
} from "#server/stats/counter.ts";
import {
  addNewVisits,
  addStats,
  forgetVisitsBefore,
  listStatsDays,
  saltsOf,
  sumStats,
} from "#server/stats/repository.ts";

export { utcDay, type Visitor };

const idSchema = z.uuid();
const DAY_MS = 24 * 60 * 60 * 1000;
/** The chart shows at most this many days (the newest), however long a listing has lived. */
const CHART_DAYS = 120;

const ZERO: Omit<StatsTotals, "applications"> = { views: 0, applyClicks: 0, impressions: 0 };
const ZERO_DAY: Omit<StatsDay, "day"> = { ...ZERO, applications: 0 };

/** Every day from `from` to `to` (inclusive, YYYY-MM-DD), with the counted ones filled in and the rest zero. */
function everyDay(from: string, to: string, counted: StatsDay[]): StatsDay[] {
  const byDay = new Map(counted.map((row) => [row.day, row]));
  const days: StatsDay[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) {
    const day = utcDay(new Date(time));
    days.push(byDay.get(day) ?? { day, ...ZERO_DAY });
  }
  return days.slice(-CHART_DAYS);
}

/**
 * The rows the held visits add: each hashed with its own day's shared salt (a visit held just before midnight with
 * the day it was made on), and counted only when its key was new to the board.
 */
async function countNewVisits(db: Db, visits: readonly PendingVisit[]): Promise<StatsRow[]> {
  if (visits.length === 0) return [];
  // Days in order, so two processes making the salts of the same two days (just after midnight) wait in one order.
  const salts = await saltsOf(db, [...new Set(visits.map((visit) => visit.day))].sort());
  const byKey = new Map<string, PendingVisit>();
  for (const visit of visits) {
    const salt = salts.get(visit.day);
    if (!salt) throw new Error(`No visit salt for ${visit.day}`);
    byKey.set(`${visit.day}|${visitKey(salt, visit)}`, visit);
  }
  const added = await addNewVisits(
    db,
    [...byKey.keys()].map((dayKey) => ({ day: dayKey.slice(0, 10), key: dayKey.slice(11) })),
  );
  return [...added].flatMap((dayKey) => {
    const visit = byKey.get(dayKey);
    if (!visit) return [];
    const view = visit.what === "view";
    return [{ jobId: visit.jobId, day: visit.day, views: view ? 1 : 0, applyClicks: view ? 0 : 1, impressions: 0 }];
  });
}

/** The counted days and the days applications came on, as one list of days, oldest first. */
function withApplications(counted: Omit<StatsDay, "applications">[], applied: { day: string; total: number }[]) {
  const byDay = new Map<string, StatsDay>(counted.map((row) => [row.day, { ...row, applications: 0 }]));
  for (const { day, total } of applied)
    byDay.set(day, { ...(byDay.get(day) ?? { day, ...ZERO }), applications: total });
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * What each listing earned (issue 32): the counting (views, Apply clicks, search impressions), kept in this process's
 * memory and added to the database in batches, and what a listing's owner (or an admin) reads of it. A person's view
 * or Apply click counts once a day for the whole board, however many server processes see it: the flush checks it
 * against the day's salted visit keys in the database. Nothing is sent anywhere else, and nothing kept identifies a
 * person once the day is over (see server/stats/counter.ts, ADR 43).
 */
export function createStats({
  db,
  env,
  jobs,
  applications,
  now = () => new Date(),
}: {
  db: Db;
  env: Env;
  jobs: Jobs;
  applications: Pick<Applications, "countApplicationsOfListings" | "countApplicationsByDay">;
  now?: () => Date;
}) {
  const counter = createStatsCounter({ now });
  /** The day this process last deleted the earlier days' salts and visit keys. */
  let forgottenBefore: string | undefined;

  /**
   * The listing when `user` owns it or is an admin (with ADMIN_REQUIRE_2FA, one with a second factor on); another
   * employer is refused, an unknown id is not found.
   */
  async function listingReadableBy(user: SessionUser, jobId: string) {
    const listing = idSchema.safeParse(jobId).success
      ? await jobs.findListingForApplications({ id: jobId })
      : undefined;
    if (listing && listing.ownerId === user.id) return listing;
    const access = adminAccessOf(await findAccount(db, user.id), env);
    if (!listing) throw notFound("Job not found");
    if (access === "needs-second-factor") throw secondFactorRequired();
    if (access !== "admin") throw forbidden("Only the employer who posted this job can read its stats");
    return listing;
  }

  return {
    /** A view of the job page, from its loader; in memory, the page does not wait. The client address is the one app.ts set on the request, never the client's own say. */
    countViewOfPage({ jobId, request }: { jobId: string; request: Request }) {
      const clientIp = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
      if (env.STATS_COUNTING)
        counter.countView(jobId, { clientIp, userAgent: request.headers.get("user-agent") ?? undefined });
    },

    /**
     * A click on Apply (the listing's link or mail), reported by the link's ping; false when no live listing has that
     * id, and nothing is held then: a click on an id of nobody's choosing must not become a visit key in the database.
     */
    async countApplyClick({ jobId, visitor }: { jobId: string; visitor: Visitor }): Promise<boolean> {
      const listing = idSchema.safeParse(jobId).success ? await jobs.findListingForApplications({ id: jobId }) : null;
      if (!listing?.published || listing.expired) return false;
      if (env.STATS_COUNTING) counter.countApplyClick(listing.id, visitor);
      return true;
    },

    /** The listings a results page showed. */
    countImpressions({ jobIds, userAgent }: { jobIds: readonly string[]; userAgent: string | undefined }) {
      if (env.STATS_COUNTING) counter.countImpressions(jobIds, userAgent);
    },

    /**
     * Adds what this process counted to the table, in one transaction: the held visits no process counted today
     * become views and Apply clicks, the impressions are added, and the earlier days' salts and visit keys are
     * deleted. Kept for the next flush if the database refuses (nothing is then stored, so nothing counts twice). How
     * many rows of counts.
     */
    async flush(): Promise<number> {
      const batch = counter.take();
      const today = utcDay(now());
      // Once a day the earlier days are deleted even if nothing was counted, so an idle board keeps no old salt.
      if (batch.rows.length === 0 && batch.visits.length === 0 && forgottenBefore === today) return 0;
      try {
        const written = await db.transaction(async (tx) => {
          const rows = sumRows([...batch.rows, ...(await countNewVisits(tx, batch.visits))]);
          if (rows.length > 0) await addStats(tx, rows);
          await forgetVisitsBefore(tx, today);
          return rows.length;
        });
        forgottenBefore = today;
        return written;
      } catch (error) {
        counter.putBack(batch);
        throw error;
      }
    },

    /** Totals of several listings (the caller decides who may read them): My Listings, the reminder mails. */
    async totalsOf({ jobIds }: { jobIds: readonly string[] }): Promise<Record<string, StatsTotals>> {
      const [sums, applied] = await Promise.all([
        sumStats(db, jobIds),
        applications.countApplicationsOfListings({ jobIds }),
      ]);
      const byJob = new Map(sums.map((row) => [row.jobId, row]));
      return Object.fromEntries(
        jobIds.map((id) => {
          const sum = byJob.get(id);
          const counted = sum
            ? { views: sum.views, applyClicks: sum.applyClicks, impressions: sum.impressions }
            : { ...ZERO };
          return [id, { ...counted, applications: applied[id] ?? 0 }];
        }),
      );
    },

    /** One listing's totals and days, for its owner or an admin. */
    async listingStats({ user, jobId }: { user: SessionUser; jobId: string }): Promise<ListingStats> {
      const listing = await listingReadableBy(user, jobId);
      const [counted, applied] = await Promise.all([
        listStatsDays(db, listing.id),
        applications.countApplicationsByDay({ jobId: listing.id }),
      ]);
      const days = withApplications(counted, applied);
      const totals = counted.reduce(
        (sum, row) => ({
          views: sum.views + row.views,
          applyClicks: sum.applyClicks + row.applyClicks,
          impressions: sum.impressions + row.impressions,
        }),
        { ...ZERO },
      );
      // From the first counted day (a renewed listing's earlier life included) or the posting day, to today or, once
      // it has expired, its last day (YYYY-MM-DD strings sort as dates).
      const expiry = expiresAt(listing.postingDate);
      const posted = utcDay(new Date(listing.postingDate));
      const firstCounted = days[0]?.day ?? posted;
      const lastCounted = days.at(-1)?.day ?? posted;
      const end = [utcDay(now()), utcDay(expiry)].sort()[0] as string;
      const from = firstCounted < posted ? firstCounted : posted;
      const to = lastCounted > end ? lastCounted : end;
      return {
        job: { id: listing.id, title: listing.title, companyName: listing.companyName },
        postingDate: listing.postingDate,
        expiresAt: expiry.toISOString(),
        totals: { ...totals, applications: applied.reduce((sum, row) => sum + row.total, 0) },
        days: everyDay(from, to, days),
      };
    },
  };
}

export type Stats = ReturnType<typeof createStats>;

/**
 * Every `intervalSeconds`, this process's counts go to the database; `stop` flushes once more, so a restart loses
 * nothing counted. Runs in every server process: each counts its own requests, and the flush tells apart the people
 * the others already counted today.
 */
export function startStatsFlush({
  stats,
  intervalSeconds,
  logger,
}: {
  stats: Pick<Stats, "flush">;
  intervalSeconds: number;
  logger: Logger;
}) {
  const loop = repeat(() => stats.flush(), intervalSeconds * 1000, logger, "listing stats flush");
  return {
    stop: async () => {
      await loop.stop();
      await stats.flush().catch((error: unknown) => logger.error({ err: error }, "listing stats not flushed"));
    },
  };
}
