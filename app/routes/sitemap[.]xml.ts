import { servicesContext } from "#app/context.server.ts";
import { sitemapIndexXml, XML_HEADERS } from "#app/lib/seo.ts";
import type { Route } from "./+types/sitemap[.]xml";

/**
 * /sitemap.xml: an index over the static pages' file, as many listing files as the live listings fill (ADR 9), and
 * the company pages' files (issue 32).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, jobs, companies } = context.get(servicesContext);
  const [files, companyFiles] = await Promise.all([jobs.countSitemapFiles(), companies.countSitemapFiles()]);
  const locs = [
    "/sitemap/pages.xml",
    ...Array.from({ length: files }, (_, i) => `/sitemap/jobs-${i + 1}.xml`),
    ...Array.from({ length: companyFiles }, (_, i) => `/sitemap/companies-${i + 1}.xml`),
  ];
  return new Response(sitemapIndexXml(env.PUBLIC_URL, locs), { headers: XML_HEADERS });
}
