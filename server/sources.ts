import {
  externalSearchSchema,
  SOURCE_PAGE_SIZES,
  UNPAGED_LIMIT,
  type ExternalSearch,
  type SourceId,
  type SourcePage,
} from "#shared/sources.ts";
import type { Reads } from "#server/db/replicas.ts";
import type { Env } from "#server/env.ts";
import { searchExternalJobs } from "#server/sources/repository.ts";
import { htmlToText } from "#server/sources/sanitise.ts";
import { anySourceOffered, sourceStatus, sourceStatuses } from "#server/sources/status.ts";

/** Fetching from the upstream APIs: the scheduler the server runs, and what `npm run sources:sync` runs once. */
export { syncAll } from "#server/sources/ingest.ts";
export { createConnectors } from "#server/sources/registry.ts";
export { startSourceScheduler } from "#server/sources/scheduler.ts";

const EXCERPT_LENGTH = 180;

/**
 * The external sources as readers see them: our stored, sanitised copy of each source, searched and paged, and each
 * source's state. Fetching from the upstream APIs (connectors, ingest, scheduler) stays behind this door. Every read
 * here is a visitor's, so all of them go through `reads` (a replica when there is one, ADR 39).
 */
export function createSources({ reads, env }: { reads: Reads; env: Env }) {
  return {
    listStatuses: () => reads.run((db) => sourceStatuses(db, env)),

    /** Whether the header and footer link Job Sites: at least one source can show listings or is yet to be tried. */
    anyOffered: () => reads.run((db) => anySourceOffered(db, env)),

    /** `GET /api/sources/:source/jobs`: a source's listings, paged at the spec's size unless the caller sets one. */
    searchSourceJobs: ({ source, query }: { source: SourceId; query: ExternalSearch }) =>
      reads.run((db) =>
        searchExternalJobs(db, source, { ...query, limit: query.limit ?? SOURCE_PAGE_SIZES[source] ?? UNPAGED_LIMIT }),
      ),

    /** A source page: its URL's search and page (a hand-edited `?page=abc` shows the first page, not an error). */
    async loadSourcePage({ source, url }: { source: SourceId; url: URL }): Promise<SourcePage> {
      const parsed = externalSearchSchema.safeParse(Object.fromEntries(url.searchParams));
      const query = parsed.success ? parsed.data : { search: undefined, page: 1 };
      const pageSize = SOURCE_PAGE_SIZES[source];
      const page = pageSize ? query.page : 1;
      const [status, result] = await reads.run((db) =>
        Promise.all([
          sourceStatus(db, env, source),
          searchExternalJobs(db, source, { search: query.search, page, limit: pageSize ?? UNPAGED_LIMIT }),
        ]),
      );
      return {
        status,
        search: query.search ?? "",
        page,
        pageSize,
        total: result.total,
        jobs: result.jobs.map((job) => {
          const text = htmlToText(job.descriptionHtml);
          return {
            ...job,
            excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text,
          };
        }),
      };
    },
  };
}

export type Sources = ReturnType<typeof createSources>;
