import { EXACT_COUNT_LIMIT, roundEstimate } from "#shared/job-paging.ts";
import type { HeroFigures } from "#shared/hero-counters.ts";
import type { CounterSetting, SiteSettings } from "#shared/site.ts";

/** "1,234+" from the count of live listings: exact when small, rounded when counted by estimate (ADR 9). */
export function postedLabel(count: number): string {
  return `${(count > EXACT_COUNT_LIMIT ? roundEstimate(count) : count).toLocaleString("en-US")}+`;
}

/** The spec's figures, shown while the demo content makes the board look busy: they are as made up as it is. */
const DEMO_FIGURES = { monthlyUsers: "5000+", jobseekers: "1000+" } as const;

export type Counter = { label: "Jobs Posted" | "Monthly Users" | "Jobseekers"; value: string };

function shown(setting: CounterSetting, auto: () => string | undefined): string | undefined {
  if (setting === "off") return undefined;
  return setting === "auto" ? auto() : setting.text;
}

/**
 * The hero's counters in the spec's order, each as the operator set it or, by default, the board's own figure: Jobs
 * Posted is the same live count as "Posted Jobs", so the two never disagree. A counter that is off, or whose figure
 * the page has not got, is left out.
 */
export function counterValues(site: SiteSettings, postedCount: number, figures: HeroFigures | undefined): Counter[] {
  const { counters } = site;
  const counted = (key: "monthlyUsers" | "jobseekers") => () => {
    if (!figures) return undefined;
    return figures.demo ? DEMO_FIGURES[key] : `${figures[key].toLocaleString("en-US")}+`;
  };
  const all: { label: Counter["label"]; value: string | undefined }[] = [
    { label: "Jobs Posted", value: shown(counters.jobsPosted, () => postedLabel(postedCount)) },
    { label: "Monthly Users", value: shown(counters.monthlyUsers, counted("monthlyUsers")) },
    { label: "Jobseekers", value: shown(counters.jobseekers, counted("jobseekers")) },
  ];
  return all.filter((counter): counter is Counter => counter.value !== undefined);
}
