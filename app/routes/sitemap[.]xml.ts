import { servicesContext } from "#app/context.server.ts";
import { sitemapIndexXml, XML_HEADERS } from "#app/lib/seo.ts";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: an index over the static pages' file and as many listing files as the live listings fill (ADR 9). */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, jobs } = context.get(servicesContext);
  const files = await jobs.countSitemapFiles();
  const locs = ["/sitemap/pages.xml", ...Array.from({ length: files }, (_, i) => `/sitemap/jobs-${i + 1}.xml`)];
  return new Response(sitemapIndexXml(env.PUBLIC_URL, locs), { headers: XML_HEADERS });
}
