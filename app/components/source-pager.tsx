import { ChevronLeft, ChevronRight } from "#app/components/icons.tsx";

/**
 * Previous / Next with 'current / total' (spec §4): Previous is disabled on page 1, Next once
 * page × page size reaches the total count.
 */
export function SourcePager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.ceil(total / pageSize);
  const button =
    "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </button>
      <span className="text-sm text-slate-700" aria-live="polite">
        {page} / {pages}
      </span>
      <button type="button" className={button} disabled={page * pageSize >= total} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
