import { Hono } from "hono";
import { externalSearchSchema, isSourceId } from "#shared/sources.ts";
import { notFound, parseOrThrow } from "#server/errors.ts";
import type { AppBindings } from "#server/http/types.ts";

/** Our stored copy of the external sources: status per source, and each source's listings searched and paged. */
export const sourcesApi = new Hono<AppBindings>()
  .get("/sources", async (c) => c.json(await c.get("services").sources.listStatuses()))
  .get("/sources/:source/jobs", async (c) => {
    const source = c.req.param("source");
    if (!isSourceId(source)) throw notFound(`No source named "${source}"`);
    const query = parseOrThrow(externalSearchSchema, c.req.query());
    const { jobs, total } = await c.get("services").sources.searchSourceJobs({ source, query });
    c.header("X-Total-Count", String(total));
    c.header("Access-Control-Expose-Headers", "X-Total-Count");
    return c.json(jobs);
  });
