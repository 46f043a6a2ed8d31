import { EXACT_COUNT_LIMIT, roundEstimate } from "#shared/job-paging.ts";
import type { SiteSettings } from "#shared/site.ts";

/** "1,234+" from the count of live listings: exact when small, rounded when counted by estimate (ADR 9). */
export function postedLabel(count: number): string {
  return `${(count > EXACT_COUNT_LIMIT ? roundEstimate(count) : count).toLocaleString("en-US")}+`;
}

/** The three counters as the operator configured them; "Jobs Posted" is the live count when set to `count`. */
export function counterValues(site: SiteSettings, postedCount: number) {
  return {
    jobsPosted: site.counters.jobsPosted ?? postedLabel(postedCount),
    monthlyUsers: site.counters.monthlyUsers,
    jobseekers: site.counters.jobseekers,
  };
}
