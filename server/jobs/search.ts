import { sortOf, type Job, type JobSearch } from "#shared/job.ts";
import type { Db } from "#server/db/client.ts";
import { countMatches, type Total } from "#server/jobs/counts.ts";
import { listedRows } from "#server/jobs/listed.ts";
import { toWireJob } from "#server/jobs/mapper.ts";
import type { Rows } from "#server/jobs/page-rows.ts";
import { parseSearchQuery } from "#server/jobs/query.ts";
import { RANKED_MATCHES, rankedRows } from "#server/jobs/ranked.ts";
import { searchFilters, type Filters, type Place, type TextOptions } from "#server/jobs/search-filters.ts";
import { correctionsOf } from "#server/jobs/typos.ts";

/** What a search with text found besides its page: the place it read, and a correction or suggestion of its words. */
export type SearchNotes = {
  place?: Place;
  /**
   * Another text to search: the misspelt words corrected (`applied`: this page is already its results, as no listing
   * matched the words as typed), or the likeliest words when even that found nothing, with what it would find.
   */
  didYouMean?: { search: string; applied: boolean } & Total;
};

export type JobPage = Total & { jobs: Job[]; nextCursor: string | null } & SearchNotes;

/**
 * One page of matches by `page` (OFFSET, within RESULT_WINDOW) or after a `cursor`: in list order, or ranked by
 * relevance when the search has text and asks for it (the default). A search with text that matches nothing is
 * tried again with its misspelt words corrected (ADR 38).
 */
export async function searchJobRows(db: Db, search: JobSearch, text: TextOptions, now = new Date()): Promise<JobPage> {
  return (await searchJobRowsRead(db, search, text, now)).page;
}

/**
 * searchJobRows, and the filters its page was read with: the corrected words' when a correction was applied, so that
 * what is counted beside the page (the sidebar's options) is what the page shows. `given`: the search's filters, when
 * the caller worked them out already (searchFilters with the same search, time and text).
 */
export async function searchJobRowsRead(
  db: Db,
  search: JobSearch,
  text: TextOptions,
  now = new Date(),
  given?: Filters,
): Promise<{ page: JobPage; filters: Filters }> {
  const query = search.search ? parseSearchQuery(search.search, text.synonyms) : undefined;
  const filters = given ?? (await searchFilters(db, search, now, { ...text, query }));
  const found = await pageOf(db, search, filters);
  const notes: SearchNotes = filters.place ? { place: filters.place } : {};
  const asTyped = (page: JobPage) => ({ page, filters });
  if (!query || found.total > 0 || search.cursor || search.page > 1) return asTyped({ ...found, ...notes });
  const { applied: correction, suggested: suggestion } = await correctionsOf(db, query);
  if (correction) {
    // The title rule too reads the corrected text, so this page is what following the link to it shows.
    const corrected = await searchFilters(db, { ...search, search: correction.text }, now, {
      ...text,
      query: correction.query,
    });
    const page = await pageOf(db, search, corrected);
    if (page.total > 0) {
      const didYouMean = { search: correction.text, applied: true, total: page.total, totalIsExact: page.totalIsExact };
      return {
        page: { ...page, ...(corrected.place ? { place: corrected.place } : {}), didYouMean },
        filters: corrected,
      };
    }
  }
  if (suggestion) {
    const suggested = await searchFilters(db, { ...search, search: suggestion.text }, now, {
      ...text,
      query: suggestion.query,
    });
    const total = await countMatches(db, suggested.where);
    if (total.total > 0)
      return asTyped({ ...found, ...notes, didYouMean: { search: suggestion.text, applied: false, ...total } });
  }
  return asTyped({ ...found, ...notes });
}

async function pageOf(
  db: Db,
  search: JobSearch,
  filters: Filters,
): Promise<Total & { jobs: Job[]; nextCursor: string | null }> {
  const cursor = search.cursor;
  const offset = cursor ? ("position" in cursor ? cursor.position : 0) : (search.page - 1) * search.limit;
  const listCursor = cursor && "postedMicros" in cursor ? cursor : undefined;
  const { tier, text } = filters;
  const found: Rows =
    tier && text && sortOf(search) === "relevance" && !listCursor && offset < RANKED_MATCHES
      ? await rankedRows(db, filters, { tier, text }, { offset, limit: search.limit })
      : await listedRows(db, filters, { offset: listCursor ? 0 : offset, limit: search.limit, cursor: listCursor });
  const { rows, nextCursor } = found;
  // A short page by `page`, or a ranking of every match, already tells the exact total; only a full page or a cursor
  // page needs counting.
  const total: Total =
    found.total !== undefined
      ? { total: found.total, totalIsExact: true }
      : !cursor && rows.length < search.limit && (rows.length > 0 || offset === 0)
        ? { total: offset + rows.length, totalIsExact: true }
        : await countMatches(db, filters.where, offset + rows.length);
  return { jobs: rows.map(toWireJob), nextCursor, ...total };
}
