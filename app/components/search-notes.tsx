import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import { FIELD_LABELS, FILTER_KEYS, pick, type FilterKey, type HomeQuery } from "#app/lib/home-search.ts";
import { SEARCH_SORTS, type SearchSort } from "#shared/job.ts";
import { roundEstimate } from "#shared/job-paging.ts";

const SORT_LABELS: Record<SearchSort, string> = { relevance: "Relevance", newest: "Newest" };

/** "12 jobs", "1 job", or "about 1,200 jobs" for an estimate. */
export function jobCount(total: number, exact: boolean): string {
  const shown = exact ? total : roundEstimate(total);
  return `${exact ? "" : "about "}${shown.toLocaleString("en-US")} ${shown === 1 ? "job" : "jobs"}`;
}

/** A link that works without JavaScript and, with it, navigates in the app (focus then goes to the results). */
function NoteLink({ href, onGo, children }: { href: string; onGo: (to: string) => void; children: ReactNode }) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onGo(href);
  };
  return (
    <a href={href} onClick={click} className="font-semibold text-brand-700 underline hover:text-brand-800">
      {children}
    </a>
  );
}

/**
 * "Sort: Relevance / Newest" for a search with text. A GET form, so it works before the scripts load; once they
 * have, choosing an option applies it at once and the button is not needed.
 */
export function SortControl({ query, onSort }: { query: HomeQuery; onSort: (sort: SearchSort) => void }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const current = (query.sort as SearchSort | undefined) ?? "relevance";
  return (
    <form method="get" action="/" className="mt-3 flex items-center gap-2 text-sm text-slate-700">
      <HiddenFields query={pick(query, ["search", "location", ...FILTER_KEYS])} />
      <label htmlFor="sort" className="font-medium">
        Sort:
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={current}
        key={current}
        onChange={(event) => onSort(event.currentTarget.value as SearchSort)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold">
          Sort
        </button>
      )}
    </form>
  );
}

/**
 * `everywhere`: when the search found nothing in the place, what its other words find without it (the chip's link is
 * then the way out, and says so with its count).
 */
export type PlaceNote = {
  label: string;
  removeHref: string;
  everywhere?: { search: string; total: number; totalIsExact: boolean };
};
export type DidYouMeanNote = { search: string; applied: boolean; total: number; totalIsExact: boolean; href: string };

/** The place read from the search box, as a removable chip, and a corrected or suggested search. */
export function SearchNotes({
  place,
  didYouMean,
  searched,
  onGo,
}: {
  place?: PlaceNote;
  didYouMean?: DidYouMeanNote;
  searched?: string;
  onGo: (to: string) => void;
}) {
  if (!place && !didYouMean) return null;
  return (
    <div className="mt-3 space-y-2 text-sm text-slate-700">
      {place ? (
        <p className="flex flex-wrap items-center gap-2">
          <span>Location from your search:</span>
          <a
            href={place.removeHref}
            onClick={(event) => {
              event.preventDefault();
              onGo(place.removeHref);
            }}
            aria-label={`Remove location ${place.label}`}
            className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 font-medium text-brand-800 hover:bg-brand-100"
          >
            in {place.label} <span aria-hidden="true">×</span>
          </a>
        </p>
      ) : null}
      {place?.everywhere ? (
        <p>
          Nothing in {place.label}.{" "}
          <NoteLink href={place.removeHref} onGo={onGo}>
            {place.everywhere.search ? `Search “${place.everywhere.search}” everywhere` : "Search everywhere"}
          </NoteLink>{" "}
          ({jobCount(place.everywhere.total, place.everywhere.totalIsExact)})
        </p>
      ) : null}
      {didYouMean ? (
        <p role="status">
          {didYouMean.applied ? (
            <>
              Nothing matched &ldquo;{searched}&rdquo; as typed, so these are for &ldquo;{didYouMean.search}
              &rdquo;.{" "}
            </>
          ) : null}
          Did you mean{" "}
          <NoteLink href={didYouMean.href} onGo={onGo}>
            {didYouMean.search}
          </NoteLink>
          ? ({jobCount(didYouMean.total, didYouMean.totalIsExact)})
        </p>
      ) : null}
    </div>
  );
}

export type FilterHint = { keys: FilterKey[]; href: string; total: number; totalIsExact: boolean };

/** For a search that found nothing: each filter that ruled everything out, and all of them, with what is left. */
export function FilterHints({
  hints,
  query,
  onGo,
}: {
  hints: FilterHint[];
  query: HomeQuery;
  onGo: (to: string) => void;
}) {
  return (
    <div className="mt-4 text-sm text-slate-700">
      <p>Your filters ruled out every job. Try:</p>
      <ul className="mt-2 space-y-1">
        {hints.map((hint) => (
          <li key={hint.keys.join(",")}>
            <NoteLink href={hint.href} onGo={onGo}>
              {hint.keys.length === 1
                ? `Without ${FIELD_LABELS[hint.keys[0] as FilterKey]}: ${query[hint.keys[0] as FilterKey] ?? ""}`
                : "Without any filter"}
            </NoteLink>{" "}
            ({jobCount(hint.total, hint.totalIsExact)})
          </li>
        ))}
      </ul>
    </div>
  );
}
