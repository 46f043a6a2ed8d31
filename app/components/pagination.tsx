import { ChevronLeft, ChevronRight } from "#app/components/icons.tsx";
import type { MouseEvent } from "react";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import type { HomeQuery } from "#app/lib/home-search.ts";

type Props = {
  page: number;
  totalPages: number;
  /** How the total is shown when it is not an exact count (ADR 9): "about 437", "1,000+". */
  totalPagesLabel?: string;
  /** Everything but the page, kept across page changes. */
  query: HomeQuery;
  onPage: (page: number) => void;
};

const buttonClass =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50";

/** Spec: Previous and Next buttons with a 'page / total pages' indicator. A GET form, so it pages without JS too. */
export function Pagination({ page, totalPages, totalPagesLabel, query, onPage }: Props) {
  const go = (target: number) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onPage(target);
  };
  return (
    <form method="get" action="/" aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
      <HiddenFields query={query} />
      <button
        type="submit"
        name="page"
        value={page - 1}
        disabled={page <= 1}
        onClick={go(page - 1)}
        className={buttonClass}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </button>
      <p aria-live="polite" className="text-sm font-medium text-slate-700">
        <span className="sr-only">Page </span>
        {page} / {totalPagesLabel ?? totalPages}
      </p>
      <button
        type="submit"
        name="page"
        value={page + 1}
        disabled={page >= totalPages}
        onClick={go(page + 1)}
        className={buttonClass}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </form>
  );
}
