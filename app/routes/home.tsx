import { useEffect, useRef, useState } from "react";
import { redirect, useNavigate, useNavigation } from "react-router";
import { AlertForm } from "#app/components/alert-form.tsx";
import { FilterPanel } from "#app/components/filter-panel.tsx";
import { HomeHero } from "#app/components/home-hero.tsx";
import { ActiveFilters, InvalidValues, JobResults, ResultsHeading } from "#app/components/home-results.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { SearchNotes, SortControl } from "#app/components/search-notes.tsx";
import { ScrollToTop } from "#app/components/scroll-to-top.tsx";
import { Splash } from "#app/components/splash.tsx";
import { MOBILE_QUERY, useMediaQuery } from "#app/hooks/use-media-query.ts";
import { useSheet } from "#app/hooks/use-sheet.ts";
import { activeFilters, withoutFiltersHref } from "#app/lib/active-filters.ts";
import { servicesContext } from "#app/context.server.ts";
import {
  CARRIED_KEYS,
  FIELD_LABELS,
  FILTER_KEYS,
  homeSearchString,
  pick,
  toHomeQuery,
  withoutPhrase,
  type HomeQuery,
} from "#app/lib/home-search.ts";
import { HOME_PAGE_SIZE, jobSearchSchema } from "#shared/job.ts";
import { RESULT_WINDOW } from "#shared/job-paging.ts";
import { isDocumentHydrated } from "#app/lib/hydration.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/home";

const LAST_PAGE = Math.ceil(RESULT_WINDOW / HOME_PAGE_SIZE);

/** Pages from an estimated total are labelled as such; past the result window only the window's pages can be reached. */
function pagesLabel(total: number, exact: boolean): string | undefined {
  if (exact) return undefined;
  const pages = Math.ceil(total / HOME_PAGE_SIZE);
  return pages > LAST_PAGE ? `${LAST_PAGE.toLocaleString("en-US")}+` : `about ${pages.toLocaleString("en-US")}`;
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: titled(matches, "Find Jobs") },
  {
    name: "description",
    content:
      "Search tech and non-tech jobs, filter by experience, salary and more, save favourites and apply directly.",
  },
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }, ...feedLinks(data.query)] : []),
];

/** Feed discovery for the search on screen: a reader subscribing from this page gets these filters. */
function feedLinks(query: HomeQuery) {
  const filters = homeSearchString(pick(query, ["search", "location", ...CARRIED_KEYS]));
  return [
    { type: "application/rss+xml", file: "jobs.rss", name: "RSS" },
    { type: "application/atom+xml", file: "jobs.atom", name: "Atom" },
    { type: "application/feed+json", file: "jobs.json", name: "JSON Feed" },
  ].map(({ type, file, name }) => ({
    tagName: "link",
    rel: "alternate",
    type,
    title: `Jobs like these (${name})`,
    href: `/feeds/${file}${filters}`,
  }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The Clear button of a browser without JavaScript submits `clear`: drop every filter, keep the search.
  if (url.searchParams.has("clear")) {
    const kept = homeSearchString({
      search: url.searchParams.get("search") ?? undefined,
      location: url.searchParams.get("location") ?? undefined,
    });
    throw redirect(`/${kept}`);
  }
  const { env, jobs: jobsDomain, stats, heroCounters } = context.get(servicesContext);

  // A bad value in a shared or hand-edited link is dropped with a message, not a 500 for the whole page.
  const raw: Record<string, string> = Object.fromEntries(url.searchParams);
  delete raw.limit;
  delete raw.cursor;
  const invalid: { field: string; message: string }[] = [];
  let parsed = jobSearchSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const field = (FIELD_LABELS as Record<string, string>)[key] ?? key;
      if (invalid.some((entry) => entry.field === field)) continue;
      invalid.push({ field, message: issue.message });
      delete raw[key];
    }
    parsed = jobSearchSchema.safeParse(raw);
  }
  const search = { ...(parsed.success ? parsed.data : jobSearchSchema.parse({})), limit: HOME_PAGE_SIZE };
  // A minimum above the maximum would silently find nothing; say so, and search without the minimum.
  if (search.minSalary !== undefined && search.maxSalary !== undefined && search.minSalary > search.maxSalary) {
    invalid.push({
      field: FIELD_LABELS.minSalary,
      message: `Must not be more than the maximum salary (${search.maxSalary.toLocaleString("en-IN")})`,
    });
    delete search.minSalary;
  }
  // Pages reach the first RESULT_WINDOW results (ADR 9); a deeper link gets the last reachable page and a note.
  if (search.page > LAST_PAGE) {
    invalid.push({
      field: FIELD_LABELS.page,
      message: `Must be at most ${LAST_PAGE.toLocaleString("en-US")}; narrow the search to see more`,
    });
    search.page = LAST_PAGE;
  }

  const [{ optionCounts, ...found }, postedCount, heroFigures] = await Promise.all([
    jobsDomain.searchJobsWithOptionCounts(search),
    jobsDomain.countLiveJobs(),
    heroCounters.figures(),
  ]);
  let { jobs, total, totalIsExact } = found;
  // A page past the last one (an old link, a hand-edited URL) shows the last page and says so, not "99 / 6".
  const lastPage = Math.min(LAST_PAGE, Math.max(1, Math.ceil(total / HOME_PAGE_SIZE)));
  if (search.page > lastPage) {
    invalid.push({
      field: FIELD_LABELS.page,
      message:
        lastPage === 1 ? "There is only 1 page; showing it" : `There are only ${lastPage} pages; showing the last one`,
    });
    search.page = lastPage;
    ({ jobs, total, totalIsExact } = await jobsDomain.searchJobs(search));
  }
  // Nothing found: what each filter, and all of them, ruled out (ADR 38). Rare, so counted only then.
  const activeFilters = FILTER_KEYS.filter((key) => toHomeQuery(search)[key] !== undefined);
  const withoutFilters =
    total === 0 && activeFilters.length > 0
      ? await Promise.all(
          [...activeFilters.map((key) => [key]), ...(activeFilters.length > 1 ? [activeFilters] : [])].map(
            async (keys) => {
              const without = {
                ...search,
                page: 1,
                cursor: undefined,
                ...Object.fromEntries(keys.map((k) => [k, undefined])),
              };
              if (keys.includes("datePosted")) without.datePosted = "all";
              const { total: count, totalIsExact: exact } = await jobsDomain.searchJobs({ ...without, limit: 1 });
              const href = `/${homeSearchString(pick(toHomeQuery(without), ["search", "location", ...CARRIED_KEYS]))}`;
              return { keys, href, total: count, totalIsExact: exact };
            },
          ),
        )
      : [];
  // Nothing found, and the box named a place: what the same words find everywhere, so the chip says it is the way out.
  const placeRemoved = found.place ? withoutPhrase(search.search ?? "", found.place.typed) : undefined;
  const everywhere =
    total === 0 && placeRemoved !== undefined
      ? await jobsDomain.searchJobs({
          ...search,
          search: placeRemoved || undefined,
          page: 1,
          cursor: undefined,
          limit: 1,
        })
      : undefined;
  // What each listing earned (issue 32): this page showed these; counted in memory, the page does not wait.
  stats.countImpressions({
    jobIds: jobs.map((job) => job._id),
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  return {
    jobs,
    total,
    totalIsExact,
    place: found.place
      ? {
          label: found.place.typed.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase()),
          removeHref: `/${homeSearchString({ ...toHomeQuery(search), page: undefined, search: placeRemoved })}`,
          ...(everywhere && everywhere.total > 0
            ? {
                everywhere: {
                  search: placeRemoved ?? "",
                  total: everywhere.total,
                  totalIsExact: everywhere.totalIsExact,
                },
              }
            : {}),
        }
      : undefined,
    didYouMean: found.didYouMean
      ? {
          ...found.didYouMean,
          href: `/${homeSearchString({ ...toHomeQuery(search), page: undefined, search: found.didYouMean.search })}`,
        }
      : undefined,
    withoutFilters: withoutFilters.filter((hint) => hint.total > 0),
    optionCounts,
    postedCount,
    heroFigures,
    page: search.page,
    totalPages: lastPage,
    totalPagesLabel: pagesLabel(total, totalIsExact),
    query: toHomeQuery(search),
    invalid,
    canonicalUrl: `${env.PUBLIC_URL}/`,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const {
    jobs,
    total,
    totalIsExact,
    postedCount,
    heroFigures,
    page,
    totalPages,
    totalPagesLabel,
    query,
    invalid,
    place,
    didYouMean,
    withoutFilters,
    optionCounts,
  } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const filters = useSheet();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  // Spec: the splash opens the site. A full load of / renders it (server and hydration agree); coming to the
  // home page inside the app does not show it again.
  const [withSplash] = useState(() => !isDocumentHydrated());
  // The cards rendered with the splash start their logo skeleton when it lifts (spec: splash, then the skeleton);
  // cards of a later search start theirs at once.
  const shownWithSplash = useRef(withSplash ? jobs : []);

  // After Search, Apply, Clear or a page change, focus (and the screen reader) goes to the results' heading and
  // count once they have loaded, not to <body> or to a button that has moved, and the heading is brought to the top of
  // the screen: on a phone it sat at the bottom edge, "visible" to focus(), with every result below the screen.
  const results = useRef<HTMLHeadingElement>(null);
  const focusAfterLoad = useRef(false);
  const sawLoading = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      sawLoading.current = true;
      return;
    }
    if (focusAfterLoad.current && sawLoading.current) {
      results.current?.focus({ preventScroll: true });
      results.current?.scrollIntoView({ block: "start" });
    }
    focusAfterLoad.current = false;
    sawLoading.current = false;
  }, [navigation.state]);
  const go = (to: string) => {
    focusAfterLoad.current = true;
    void navigate(to);
  };

  // Leaving the mobile layout with the sheet open would leave a modal nobody can see.
  const { close: closeFilters } = filters;
  useEffect(() => {
    if (!isMobile) closeFilters();
  }, [isMobile, closeFilters]);

  // Spec §4: searching or filtering resets to page 1 (the page is simply not carried over).
  const applySearch = (next: HomeQuery) => go(`/${homeSearchString({ ...pick(query, CARRIED_KEYS), ...next })}`);
  const applyFilters = (next: HomeQuery) => {
    filters.close();
    go(`/${homeSearchString({ search: query.search, location: query.location, ...next })}`);
  };
  const applied = activeFilters(query);
  const clearFilters = () => go(`/${homeSearchString({ search: query.search, location: query.location })}`);
  const goToPage = (target: number) => go(`/${homeSearchString({ ...query, page: String(target) })}`);

  return (
    <main>
      {withSplash ? <Splash /> : null}
      <HomeHero query={query} postedCount={postedCount} figures={heroFigures} onSearch={applySearch} />
      <section aria-labelledby="results-title" className="mx-auto max-w-7xl px-4 py-4 sm:py-8">
        <div className="flex flex-col gap-6 min-[769px]:flex-row">
          <FilterPanel
            query={query}
            counts={optionCounts}
            onApply={applyFilters}
            onClear={clearFilters}
            sheet={filters.state}
            onCloseSheet={filters.close}
            isMobile={isMobile}
          />
          <div className="min-w-0 flex-1">
            <ResultsHeading
              ref={results}
              total={total}
              totalIsExact={totalIsExact}
              filtersOpen={filters.state === "open"}
              onOpenFilters={filters.open}
              activeCount={applied.length}
            />
            <ActiveFilters filters={applied} clearHref={withoutFiltersHref(query)} onGo={go} />
            {query.search ? (
              <SortControl
                query={query}
                onSort={(sort) => go(`/${homeSearchString({ ...query, page: undefined, sort })}`)}
              />
            ) : null}
            <SearchNotes place={place} didYouMean={didYouMean} searched={query.search} onGo={go} />
            <AlertForm search={pick(query, ["search", "location", ...CARRIED_KEYS]) as Record<string, string>} />
            <InvalidValues invalid={invalid} />
            <JobResults
              jobs={jobs}
              loading={loading}
              withoutFilters={withoutFilters}
              query={query}
              onGo={go}
              shownWithSplash={shownWithSplash.current}
            />
            {total > 0 || page > 1 ? (
              <Pagination
                page={page}
                totalPages={totalPages}
                totalPagesLabel={totalPagesLabel}
                query={{ ...query, page: undefined }}
                onPage={goToPage}
              />
            ) : null}
          </div>
        </div>
      </section>
      <ScrollToTop />
    </main>
  );
}
