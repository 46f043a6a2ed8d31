import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { DEMO_CONTENT_PRESENT } from "#server/seed.ts";
import type { HeroFigures } from "#shared/hero-counters.ts";
import type { SiteSettings } from "#shared/site.ts";

/** How long a count is shown before the next request counts again (it still answers at once, from the old count). */
export const HERO_FIGURES_MAX_AGE_MS = 5 * 60 * 1000;
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The figures behind the hero's "Monthly Users" and "Jobseekers" when they are `auto` (README "Configuration"): people
 * the board knows by address, each counted once however many times they came. Monthly Users: accounts signed in, and
 * people who applied or confirmed a job alert, in the last 30 days. Jobseekers: people who applied for a listing or
 * keep a confirmed job alert, ever. The page views the stats count are no help here: they forget who viewed at the end
 * of each day (ADR 43). Counted at most every few minutes, so a busy home page does not scan these tables per visit.
 */
export function createHeroCounters({
  db,
  counters,
  now = () => new Date(),
}: {
  db: Db;
  counters: SiteSettings["counters"];
  now?: () => Date;
}) {
  const wanted = counters.monthlyUsers === "auto" || counters.jobseekers === "auto";
  let cached: { figures: HeroFigures; at: number } | undefined;
  let counting: Promise<HeroFigures> | undefined;

  async function count(): Promise<HeroFigures> {
    const since = new Date(now().getTime() - MONTH_MS).toISOString();
    // One statement: PGlite's execute takes one.
    const [row] = await rowsOf(
      db,
      sql`
      SELECT
        ${DEMO_CONTENT_PRESENT} AS demo,
        (SELECT count(*)::int FROM (
          SELECT lower(u.email) FROM session s JOIN "user" u ON u.id = s.user_id WHERE s.updated_at >= ${since}::timestamptz
          UNION SELECT lower(email) FROM applications WHERE email IS NOT NULL AND created_at >= ${since}::timestamptz
          UNION SELECT lower(email) FROM job_alerts WHERE confirmed_at >= ${since}::timestamptz
        ) AS people) AS monthly_users,
        (SELECT count(*)::int FROM (
          SELECT lower(email) FROM applications WHERE email IS NOT NULL
          UNION SELECT lower(email) FROM job_alerts WHERE confirmed_at IS NOT NULL
        ) AS people) AS jobseekers`,
    );
    return {
      demo: Boolean(row?.demo),
      monthlyUsers: Number(row?.monthly_users ?? 0),
      jobseekers: Number(row?.jobseekers ?? 0),
    };
  }

  /** Counts now, and keeps the answer for the requests that follow. */
  async function refresh(): Promise<HeroFigures> {
    const figures = await count();
    cached = { figures, at: now().getTime() };
    return figures;
  }

  /** One count at a time for the requests that find none, or an old one: many visitors at once cost one count. */
  function recount(): Promise<HeroFigures> {
    counting ??= refresh().finally(() => (counting = undefined));
    return counting;
  }

  return {
    refresh,
    /** The figures, or undefined when the operator set both counters themselves; a stale count is answered at once. */
    async figures(): Promise<HeroFigures | undefined> {
      if (!wanted) return undefined;
      if (!cached) return recount();
      if (now().getTime() - cached.at > HERO_FIGURES_MAX_AGE_MS) recount().catch(() => undefined);
      return cached.figures;
    },
  };
}

export type HeroCounters = ReturnType<typeof createHeroCounters>;
