import { SlidersHorizontal, X } from "#app/components/icons.tsx";
import type { MouseEvent, Ref } from "react";
import { JobCard } from "#app/components/job-card.tsx";
import { FilterHints, type FilterHint } from "#app/components/search-notes.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { SPLASH_MS } from "#app/components/splash.tsx";
import type { ActiveFilter } from "#app/lib/active-filters.ts";
import type { HomeQuery } from "#app/lib/home-search.ts";
import type { Job } from "#shared/job.ts";
import { EXACT_COUNT_LIMIT, roundEstimate } from "#shared/job-paging.ts";

/** Exact when small; otherwise an estimate, and the heading says so (ADR 9). */
function totalLabel(total: number, exact: boolean): string {
  if (exact) return `${total} Jobs`;
  const rounded = roundEstimate(total);
  // Just past the exact-count limit is "more than the limit", not an estimate of the limit itself.
  return total > EXACT_COUNT_LIMIT && rounded <= EXACT_COUNT_LIMIT
    ? `${EXACT_COUNT_LIMIT.toLocaleString("en-US")}+ Jobs`
    : `About ${rounded.toLocaleString("en-US")} Jobs`;
}

/**
 * The results' heading, which says how many there are and takes the focus after each search (hence `ref`), and the
 * button that opens the filter sheet on a phone.
 */
export function ResultsHeading({
  ref,
  total,
  totalIsExact,
  filtersOpen,
  onOpenFilters,
  activeCount,
}: {
  ref: Ref<HTMLHeadingElement>;
  total: number;
  totalIsExact: boolean;
  filtersOpen: boolean;
  onOpenFilters: () => void;
  /** How many filters narrow the results: the button says so, as the sheet that holds them is out of sight. */
  activeCount: number;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <h2 id="results-title" ref={ref} tabIndex={-1} className="scroll-mt-24 text-xl font-bold focus:outline-none">
        {totalLabel(total, totalIsExact)}
      </h2>
      <button
        type="button"
        onClick={onOpenFilters}
        aria-expanded={filtersOpen}
        aria-controls="filter-panel"
        aria-label={
          activeCount > 0
            ? `Filter (${activeCount}), ${activeCount} ${activeCount === 1 ? "filter" : "filters"} active`
            : undefined
        }
        className={`inline-flex items-center gap-2 rounded-md border px-4 py-2 text-sm font-semibold hover:bg-slate-100 min-[769px]:hidden ${activeCount > 0 ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700"}`}
      >
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        {activeCount > 0 ? `Filter (${activeCount})` : "Filter"}
      </button>
    </div>
  );
}

/**
 * A chip per applied filter, each a link to the same search without it (so it works before the scripts load; with
 * them it navigates in the app), and one to drop them all when there are several.
 */
export function ActiveFilters({
  filters,
  clearHref,
  onGo,
}: {
  filters: ActiveFilter[];
  clearHref: string;
  onGo: (to: string) => void;
}) {
  if (filters.length === 0) return null;
  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onGo(href);
  };
  return (
    <ul aria-label="Active filters" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      {filters.map((filter) => (
        <li key={filter.key}>
          <a
            href={filter.removeHref}
            onClick={follow(filter.removeHref)}
            aria-label={`Remove filter ${filter.label}`}
            className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {filter.label}
            <X aria-hidden="true" className="h-3.5 w-3.5" />
          </a>
        </li>
      ))}
      {filters.length > 1 ? (
        <li>
          <a
            href={clearHref}
            onClick={follow(clearHref)}
            className="px-1 font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Clear all filters
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** The values of a shared or hand-edited link the search dropped, and why. */
export function InvalidValues({ invalid }: { invalid: { field: string; message: string }[] }) {
  if (invalid.length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">Some search values in this link are not valid, so they were ignored:</p>
      <ul className="mt-1 list-disc pl-5">
        {invalid.map((entry) => (
          <li key={entry.field}>
            {entry.field}: {entry.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The page of results, dimmed under a spinner while the next one loads; with none, 'Not Jobs Found' and what each
 * filter ruled out (ADR 38).
 */
export function JobResults({
  jobs,
  loading,
  withoutFilters,
  query,
  onGo,
  shownWithSplash,
}: {
  jobs: Job[];
  loading: boolean;
  withoutFilters: FilterHint[];
  query: HomeQuery;
  onGo: (to: string) => void;
  /** The cards rendered under the splash, whose logo skeleton waits for it to lift. */
  shownWithSplash: Job[];
}) {
  return (
    <div aria-busy={loading} className="relative mt-4 min-h-40">
      {loading ? (
        <div className="absolute inset-0 z-20 flex items-start justify-center bg-white/70 pt-16">
          <Spinner label="Loading jobs" />
        </div>
      ) : null}
      {jobs.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white py-16 text-center">
          <img src="/images/company-fallback.svg" alt="" width={80} height={80} className="h-20 w-20 opacity-70" />
          <p className="mt-4 text-lg font-semibold text-slate-700">Not Jobs Found</p>
          {withoutFilters.length > 0 ? <FilterHints hints={withoutFilters} query={query} onGo={onGo} /> : null}
        </div>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCard job={job} skeletonDelayMs={shownWithSplash.includes(job) ? SPLASH_MS : 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
