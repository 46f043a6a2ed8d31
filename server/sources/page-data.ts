import { externalSearchSchema, SOURCE_PAGE_SIZES, UNPAGED_LIMIT, type SourceId } from "~/lib/external-job";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { searchExternalJobs } from "./repository";
import { htmlToText } from "./sanitise";
import { sourceStatus } from "./status";

const EXCERPT_LENGTH = 180;

/** Everything a source page renders: our stored copy searched and paged, plus the source's status. */
export async function loadSourcePage(db: Db, env: Env, source: SourceId, url: URL) {
  const parsed = externalSearchSchema.safeParse(Object.fromEntries(url.searchParams));
  // A hand-edited URL (?page=abc) shows the first page rather than an error screen.
  const query = parsed.success ? parsed.data : { search: undefined, page: 1 };
  const pageSize = SOURCE_PAGE_SIZES[source];
  const page = pageSize ? query.page : 1;
  const [status, result] = await Promise.all([
    sourceStatus(db, env, source),
    searchExternalJobs(db, source, { search: query.search, page, limit: pageSize ?? UNPAGED_LIMIT }),
  ]);
  return {
    status,
    search: query.search ?? "",
    page,
    pageSize,
    total: result.total,
    jobs: result.jobs.map((job) => {
      const text = htmlToText(job.descriptionHtml);
      return { ...job, excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text };
    }),
  };
}

export type SourcePageData = Awaited<ReturnType<typeof loadSourcePage>>;
export type SourcePageJob = SourcePageData["jobs"][number];
