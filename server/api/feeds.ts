import { Hono } from "hono";
import { compress } from "hono/compress";
import { jobFeedQuerySchema } from "#shared/job.ts";
import { parseOrThrow } from "#server/errors.ts";
import {
  atomXml,
  FEED_FORMATS,
  jsonFeed,
  rssXml,
  searchFeed,
  syndicationXmlStream,
  type FeedFormat,
} from "#server/feeds.ts";
import type { AppBindings } from "#server/http/types.ts";

/** Readers poll; five minutes of staleness is what every feed reader expects. */
const FEED_CACHE = "public, max-age=300";

const RENDER: Record<FeedFormat, (feed: ReturnType<typeof searchFeed>) => string> = {
  rss: rssXml,
  atom: atomXml,
  json: (feed) => JSON.stringify(jsonFeed(feed)),
};

/**
 * /feeds/*: every search as RSS, Atom and JSON Feed (the query of GET /api/jobs), and the whole board as an
 * aggregator's XML feed. All read the jobs door's search, so what a search would not show, no feed shows.
 */
export const feedsRoutes = new Hono<AppBindings>()
  .use(compress())
  .get("/:file{jobs\\.(rss|atom|json)}", async (c) => {
    const format = c.req.param("file").slice("jobs.".length) as FeedFormat;
    const search = parseOrThrow(jobFeedQuerySchema, c.req.query());
    const { jobs, nextCursor } = await c.get("services").jobs.searchJobs(search);
    const { env, site } = c.get("services");
    const feed = searchFeed({ siteName: site.name, baseUrl: env.PUBLIC_URL, format, search, jobs, nextCursor });
    return c.body(RENDER[format](feed), 200, { "Content-Type": FEED_FORMATS[format], "Cache-Control": FEED_CACHE });
  })
  .get("/indeed.xml", (c) => {
    const { env, jobs, site } = c.get("services");
    const body = syndicationXmlStream({
      baseUrl: env.PUBLIC_URL,
      publisher: site.name,
      batches: jobs.everyLiveJob(),
    });
    return c.body(body, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });
