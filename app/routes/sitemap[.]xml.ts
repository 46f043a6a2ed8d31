import { servicesContext } from "~/context";
import { PUBLIC_PAGES } from "~/lib/site";
import { activeJobEntries, sitemapXml } from "../../server/seo/sitemap";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: the public pages and every active listing (expired ones leave it). */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const entries = await activeJobEntries(database.db);
  return new Response(sitemapXml(env.PUBLIC_URL, PUBLIC_PAGES, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
