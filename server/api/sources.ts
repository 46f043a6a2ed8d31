import { Hono } from "hono";
import { externalSearchSchema, isSourceId, SOURCE_PAGE_SIZES, UNPAGED_LIMIT } from "~/lib/external-job";
import { notFound, parseOrThrow } from "../errors";
import type { AppBindings } from "../http/types";
import { searchExternalJobs } from "../sources/repository";
import { sourceStatuses } from "../sources/status";

/** Our stored copy of the external sources: status per source, and each source's listings searched and paged. */
export const sourcesApi = new Hono<AppBindings>()
  .get("/sources", async (c) => {
    const { database, env } = c.get("services");
    return c.json(await sourceStatuses(database.db, env));
  })
  .get("/sources/:source/jobs", async (c) => {
    const source = c.req.param("source");
    if (!isSourceId(source)) throw notFound(`No source named "${source}"`);
    const query = parseOrThrow(externalSearchSchema, c.req.query());
    const limit = query.limit ?? SOURCE_PAGE_SIZES[source] ?? UNPAGED_LIMIT;
    const { jobs, total } = await searchExternalJobs(c.get("services").database.db, source, { ...query, limit });
    c.header("X-Total-Count", String(total));
    c.header("Access-Control-Expose-Headers", "X-Total-Count");
    return c.json(jobs);
  });
