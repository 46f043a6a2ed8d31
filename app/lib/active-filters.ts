import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import type { DATE_POSTED } from "#shared/job.ts";
import { CARRIED_KEYS, homeSearchString, pick, type FilterKey, type HomeQuery } from "#app/lib/home-search.ts";

export const DATE_POSTED_LABELS: Record<(typeof DATE_POSTED)[number], string> = {
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  all: "All time",
};

/** One filter the results are narrowed by: what its chip says, and the same search without it. */
export type ActiveFilter = { key: FilterKey; label: string; removeHref: string };

/** The filters a chip can remove: the currency only qualifies the salary bounds, so it has no chip of its own. */
const CHIP_KEYS = [
  "experienceLevel",
  "employmentType",
  "minSalary",
  "maxSalary",
  "datePosted",
  "gender",
  "englishLevel",
] as const satisfies readonly FilterKey[];

function amount(value: string, currency: string | undefined): string {
  const number = Number(value);
  const shown = Number.isFinite(number) ? number.toLocaleString("en-IN") : value;
  return currency && currency !== DEFAULT_CURRENCY ? `${shown} ${currency}` : shown;
}

function labelOf(key: (typeof CHIP_KEYS)[number], value: string, query: HomeQuery): string {
  switch (key) {
    case "minSalary":
      return `Min ${amount(value, query.salaryCurrency)}`;
    case "maxSalary":
      return `Max ${amount(value, query.salaryCurrency)}`;
    case "datePosted":
      return DATE_POSTED_LABELS[value as keyof typeof DATE_POSTED_LABELS] ?? value;
    // "Female" alone could be anything; the others name themselves ("Internship", "Part-time", "Basic English").
    case "gender":
      return `Gender: ${value}`;
    default:
      return value;
  }
}

/** The applied filters in the panel's order, each with the link that drops it (and goes back to page 1). */
export function activeFilters(query: HomeQuery): ActiveFilter[] {
  const kept = pick(query, ["search", "location", ...CARRIED_KEYS]);
  return CHIP_KEYS.flatMap((key) => {
    const value = query[key];
    if (!value) return [];
    const without: HomeQuery = { ...kept, [key]: undefined };
    if (!without.minSalary && !without.maxSalary) delete without.salaryCurrency;
    return [{ key, label: labelOf(key, value, query), removeHref: `/${homeSearchString(without)}` }];
  });
}

/** The same search with no filter at all, as Clear leaves it. */
export function withoutFiltersHref(query: HomeQuery): string {
  return `/${homeSearchString(pick(query, ["search", "location"]))}`;
}
