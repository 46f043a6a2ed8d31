import { servicesContext } from "#app/context.server.ts";
import { companySitemapXml, sitemapXml, sitemapXmlStream, XML_HEADERS } from "#app/lib/seo.ts";
import { PUBLIC_PAGES } from "#app/lib/site.ts";
import type { Route } from "./+types/sitemap.$file";

/** /sitemap/pages.xml and /sitemap/jobs-N.xml, the files /sitemap.xml lists. A listing file streams in batches. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, jobs, companies } = context.get(servicesContext);
  if (params.file === "pages.xml")
    return new Response(sitemapXml(env.PUBLIC_URL, PUBLIC_PAGES), { headers: XML_HEADERS });
  const companyFile = /^companies-([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1];
  if (companyFile) {
    const entries = await companies.sitemapEntries({ file: Number(companyFile) });
    if (entries.length === 0) throw new Response("Not Found", { status: 404 });
    return new Response(companySitemapXml(env.PUBLIC_URL, entries), { headers: XML_HEADERS });
  }
  const file = /^jobs-([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1];
  const files = file ? await jobs.countSitemapFiles() : 0;
  if (!file || Number(file) > files) throw new Response("Not Found", { status: 404 });
  return new Response(sitemapXmlStream(env.PUBLIC_URL, jobs.sitemapEntries({ file: Number(file), files })), {
    headers: XML_HEADERS,
  });
}
