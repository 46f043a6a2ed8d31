import { AlertTriangle, Info, Loader2, Search, SearchX } from "#app/components/icons.tsx";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { BackLink } from "#app/components/back-link.tsx";
import { TimedOverlay } from "#app/components/timed-overlay.tsx";
import { MOBILE_QUERY, useMediaQuery } from "#app/hooks/use-media-query.ts";
import { SourceTime } from "#app/components/source-time.tsx";
import {
  isFailing,
  type SourcePage as SourcePageData,
  type SourcePageJob,
  type SourceStatus,
} from "#shared/sources.ts";
import { SourceJobCard, type CardRules } from "#app/components/source-job-card.tsx";
import { SourceJobPopup } from "#app/components/source-job-popup.tsx";
import { SourcePager } from "#app/components/source-pager.tsx";

/** Spec: popup and sheet close delay. */
const CLEAR_SELECTION_MS = 300;
const SEARCH_DEBOUNCE_MS = 300;

export type SourcePageConfig = {
  title: string;
  placeholder: string;
  /** Full-screen spinner at first (spec §4/§9); 0 clears it as soon as the page is ready (Jooble). */
  spinnerMs: number;
  emptyText: string;
  rules: CardRules;
  /** Page-level credit the source's terms ask for. */
  attribution: ReactNode;
};

/** Why the list may be empty or stale, said plainly instead of leaving a spinner or a bare empty state. */
function StatusNotice({ status }: { status: SourceStatus }) {
  const box = "mb-6 flex items-start gap-3 rounded-lg border p-4 text-sm";
  if (!status.configured) {
    return (
      <div role="status" className={`${box} border-slate-300 bg-white text-slate-800`}>
        <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
        <p>
          {status.name} jobs are not available on this site: the site owner has not connected {status.name} yet.
        </p>
      </div>
    );
  }
  if (status.state === "stale" || status.state === "unavailable") {
    const since = status.state === "stale" ? (status.lastSuccessAt ?? status.failingSince) : status.failingSince;
    const when = since ? (
      <>
        {" "}
        since <SourceTime at={since} />
      </>
    ) : null;
    return (
      <div role="alert" className={`${box} border-amber-300 bg-amber-50 text-amber-900`}>
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        {status.state === "stale" ? (
          <p>
            {status.name} could not be refreshed{when}; showing the {status.count}{" "}
            {status.count === 1 ? "listing" : "listings"} from then.
          </p>
        ) : (
          <p>
            {status.name} jobs {since ? "have been" : "are"} unavailable{when}: they could not be loaded. Please try
            again later.
          </p>
        )}
      </div>
    );
  }
  if (!status.lastSuccessAt) {
    return (
      <div role="status" className={`${box} border-slate-300 bg-white text-slate-800`}>
        <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
        <p>{status.name} jobs are being fetched for the first time. Please check back in a minute.</p>
      </div>
    );
  }
  return null;
}

/** The shared layout of the remote and aggregator pages (spec §2): back, title, search, grid, paging, popup. */
export function SourcePage({ data, config }: { data: SourcePageData; config: SourcePageConfig }) {
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const compact = useMediaQuery(MOBILE_QUERY);
  const [query, setQuery] = useState(data.search);
  const [selected, setSelected] = useState<SourcePageJob | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The URL changed under us (Back, a link): show its search instead of pushing the typed one back.
  const lastSearch = useRef(data.search);
  useEffect(() => {
    if (data.search === lastSearch.current) return;
    lastSearch.current = data.search;
    setQuery(data.search);
  }, [data.search]);

  // Search runs over our stored copy; debounced so typing does not fire a request per key.
  useEffect(() => {
    if (query.trim() === data.search) return;
    const timer = setTimeout(() => {
      lastSearch.current = query.trim();
      const next = new URLSearchParams(searchParams);
      if (query.trim()) next.set("search", query.trim());
      else next.delete("search");
      next.delete("page");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, data.search, searchParams, setSearchParams]);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const open = (job: SourcePageJob) => {
    clearTimeout(clearTimer.current);
    setSelected(job);
    setPopupOpen(true);
  };
  // Runs twice per close (our button, then the dialog's own close event): restart one timer, never stack two.
  const close = () => {
    clearTimeout(clearTimer.current);
    setPopupOpen(false);
    clearTimer.current = setTimeout(() => setSelected(null), CLEAR_SELECTION_MS);
  };
  const goToPage = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(page));
    setSearchParams(next, { preventScrollReset: false });
  };

  const searching = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const { status, jobs } = data;
  const showEmpty =
    jobs.length === 0 && status.configured && (!!data.search || (status.lastSuccessAt !== null && !isFailing(status)));

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      {/* CSS-timed like the other screens' overlays: the page under it is already rendered and works without JS. */}
      <TimedOverlay ms={config.spinnerMs} className="fixed inset-0 z-50 flex items-center justify-center bg-white">
        <div role="status" aria-label="Loading jobs">
          <Loader2 aria-hidden="true" className="h-12 w-12 animate-spin text-brand-600" />
        </div>
      </TimedOverlay>
      <div className="flex flex-col">
        <BackLink
          fallback="/job-sites"
          className="inline-flex w-fit items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <h1 className="text-3xl font-bold text-slate-900">{config.title}</h1>
            <div className="mt-1 text-sm text-slate-600">{config.attribution}</div>
          </div>
          <form role="search" onSubmit={(event) => event.preventDefault()} className="relative w-full md:w-96">
            <label htmlFor="external-search" className="sr-only">
              Search jobs
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id="external-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={config.placeholder}
              maxLength={200}
              // Room on the right only for the spinner, so the spec's long placeholders fit on a 375 px phone.
              className={`w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-8 text-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 max-sm:text-xs ${searching ? "pr-9" : "pr-2"}`}
            />
            {searching && (
              <Loader2
                aria-label="Searching"
                className="absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 animate-spin text-slate-500"
              />
            )}
          </form>
        </div>

        <div className="mt-6">
          <StatusNotice status={status} />
          {showEmpty ? (
            <div className="flex flex-col items-center gap-3 py-16 text-center">
              <SearchX aria-hidden="true" className="h-20 w-20 text-slate-300" />
              <p className="text-xl font-semibold text-slate-700">{config.emptyText}</p>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3">
              {jobs.map((job) => (
                <li key={job.id} className="flex">
                  <div className="flex w-full flex-col [&>article]:flex-1">
                    <SourceJobCard job={job} rules={config.rules} compact={compact} onOpen={open} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {data.pageSize !== null && data.total > 0 && (
            <SourcePager page={data.page} pageSize={data.pageSize} total={data.total} onPage={goToPage} />
          )}
        </div>
      </div>
      <SourceJobPopup job={selected} open={popupOpen && selected !== null} rules={config.rules} onClose={close} />
    </main>
  );
}
