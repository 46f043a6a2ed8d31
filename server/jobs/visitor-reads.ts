import {
  allJobsQuerySchema,
  HOME_PAGE_SIZE,
  sortOf,
  type Job,
  type JobSearch,
  type OptionCounts,
} from "#shared/job.ts";
import { RESULT_WINDOW } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import type { Reads } from "#server/db/replicas.ts";
import { invalid, parseOrThrow } from "#server/errors.ts";
import { countSearchOptions } from "#server/jobs/options.ts";
import type { Synonyms } from "#server/jobs/query.ts";
import {
  countEveryLiveJob,
  countLiveJobRows,
  listCompanyJobRows,
  listJobRows,
  listJobsPublishedAfter,
  listLiveJobBatch,
  listLiveJobEntries,
  type PublishedMark,
} from "#server/jobs/repository.ts";
import { searchFilters } from "#server/jobs/search-filters.ts";
import { searchJobRows, searchJobRowsRead, type JobPage } from "#server/jobs/search.ts";

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). Files start every 45,000 listings; the last one may take
 * up to 50,000, so listings posted between reading the index and reading the last file still appear. */
export const SITEMAP_FILE_STRIDE = 45_000;
const SITEMAP_FILE_MAX = 50_000;
const SITEMAP_BATCH = 5_000;
const SYNDICATION_BATCH = 1_000;

/** A page by number reaches RESULT_WINDOW results; a cursor goes further, and the two do not mix. */
function checkPaging(search: JobSearch) {
  if (search.cursor && search.page > 1)
    throw invalid("Give page or cursor, not both", { page: "Leave out page when you give a cursor" });
  if (!search.cursor && (search.page - 1) * search.limit >= RESULT_WINDOW) {
    const lastPage = Math.ceil(RESULT_WINDOW / search.limit);
    throw invalid(`Pages reach the first ${RESULT_WINDOW.toLocaleString("en-US")} results`, {
      page: `Must be at most ${lastPage} at this limit; follow X-Next-Cursor to go further`,
    });
  }
}

/**
 * The jobs domain's reads of live listings for anyone, signed in or not: searches, counts, sitemaps, the syndication
 * feed, a company's listings, an alert's new matches and /api/all-jobs. All but the alerts' read through `reads`, a
 * replica when there are any (ADR 39); an alert's digest is read on the primary by the loop that mails it.
 */
export function visitorReads({ db, reads, synonyms }: { db: Db; reads: Reads; synonyms: Synonyms }) {
  return {
    /**
     * Spec §5: live listings matching every filter, newest first, with the total for paging: exact up to
     * EXACT_COUNT_LIMIT, else an estimate flagged by totalIsExact = false (ADR 9). `page` reaches RESULT_WINDOW
     * results; `cursor` (the previous page's nextCursor) goes on to the end.
     */
    searchJobs(search: JobSearch): Promise<JobPage> {
      checkPaging(search);
      return reads.run((readDb) => searchJobRows(readDb, search, { synonyms }));
    },

    /**
     * A search's page and how many results each option of the sidebar's filters would give (ADR 38), as the home page
     * shows them: the search's filters (its title, place and word lookups) are worked out once for both.
     */
    searchJobsWithOptionCounts(search: JobSearch): Promise<JobPage & { optionCounts: OptionCounts }> {
      checkPaging(search);
      return reads.run(async (readDb) => {
        const now = new Date();
        const filters = await searchFilters(readDb, search, now, { synonyms });
        const [{ page, filters: read }, optionCounts] = await Promise.all([
          searchJobRowsRead(readDb, search, { synonyms }, now, filters),
          countSearchOptions(readDb, search, { synonyms }, now, filters),
        ]);
        // Misspelt words corrected at once: the page shows the corrected words' results, and the counts follow it.
        if (read === filters) return { ...page, optionCounts };
        return { ...page, optionCounts: await countSearchOptions(readDb, search, { synonyms }, now, read) };
      });
    },

    /** 'Posted Jobs N+': the unfiltered search's total (exact when small, else the estimate). */
    countLiveJobs: ({ now = new Date() }: { now?: Date } = {}): Promise<number> =>
      reads.run((readDb) => countLiveJobRows(readDb, now)),

    /** How many sitemap files the live listings fill (ADR 9). */
    async countSitemapFiles({ now = new Date() }: { now?: Date } = {}): Promise<number> {
      return Math.ceil((await reads.run((readDb) => countEveryLiveJob(readDb, now))) / SITEMAP_FILE_STRIDE);
    },

    /**
     * File `file` (1-based) of the listings' sitemap, in batches so no request holds more than one batch: it starts at
     * its stride and takes SITEMAP_FILE_STRIDE listings, the last file up to SITEMAP_FILE_MAX, so listings posted
     * between reading the index and reading the last file still appear. `files` is what countSitemapFiles said.
     */
    async *sitemapEntries({ file, files, now = new Date() }: { file: number; files: number; now?: Date }) {
      if (file < 1 || file > files) return;
      let left = file === files ? SITEMAP_FILE_MAX : SITEMAP_FILE_STRIDE;
      // Batch by batch: a replica that fails mid-file hands the next batches (and the failed one) to the primary.
      let batch = await reads.run((readDb) =>
        listLiveJobEntries(
          readDb,
          { offset: (file - 1) * SITEMAP_FILE_STRIDE, limit: Math.min(left, SITEMAP_BATCH) },
          now,
        ),
      );
      while (batch.length > 0) {
        yield batch.map(({ id, updatedAt }) => ({ id, updatedAt }));
        left -= batch.length;
        const last = batch.at(-1);
        if (left <= 0 || !last || batch.length < SITEMAP_BATCH) return;
        const cursor = { postedMicros: last.postedMicros, id: last.id };
        batch = await reads.run((readDb) =>
          listLiveJobEntries(readDb, { cursor, limit: Math.min(left, SITEMAP_BATCH) }, now),
        );
      }
    },

    /**
     * Every listing a search of everything would show, in batches of `batch`, newest first: the syndication feed
     * streams them, so memory holds one batch however many listings there are. Same conditions as searchJobs.
     */
    async *everyLiveJob({ batch = SYNDICATION_BATCH, now = new Date() }: { batch?: number; now?: Date } = {}) {
      let page = await reads.run((readDb) => listLiveJobBatch(readDb, { limit: batch }, now));
      while (page.jobs.length > 0) {
        yield page.jobs;
        if (!page.next) return;
        const cursor = page.next;
        page = await reads.run((readDb) => listLiveJobBatch(readDb, { cursor, limit: batch }, now));
      }
    },

    /** A company page's listings: its live ones, newest first, a home page's worth at a time, with their total. */
    listCompanyJobs({ companyId, page, now = new Date() }: { companyId: string; page: number; now?: Date }) {
      return reads.run((readDb) => listCompanyJobRows(readDb, companyId, { page, limit: HOME_PAGE_SIZE }, now));
    },

    /** What a job alert mails: listings its search shows, published after its watermark, newest first. */
    async listJobsPublishedAfter({
      search,
      after,
      limit,
      now = new Date(),
    }: {
      search: JobSearch;
      after: PublishedMark;
      limit: number;
      now?: Date;
    }) {
      // With text, the filters its first page is read with, as the home page reads it: a misspelt text that finds
      // nothing as typed is read with its corrected words, so the digest lists what the search shows.
      const filters = search.search
        ? (await searchJobRowsRead(db, { ...search, page: 1, limit: 1, cursor: undefined }, { synonyms }, now)).filters
        : await searchFilters(db, search, now, { synonyms });
      const ranked = sortOf(search) === "relevance" ? filters.tier : undefined;
      return listJobsPublishedAfter(db, { where: filters.where, tier: ranked }, after, limit);
    },

    /** GET /api/all-jobs: every listing, newest first, in bounded pages (`limit` ≤ 100, then `cursor`). */
    listAllJobs(query: Record<string, string | undefined>): Promise<{ jobs: Job[]; nextCursor: string | null }> {
      const parsed = parseOrThrow(allJobsQuerySchema, query);
      return reads.run((readDb) => listJobRows(readDb, parsed));
    },
  };
}
