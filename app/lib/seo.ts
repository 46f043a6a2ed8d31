/** /sitemap.xml and /robots.txt, rendered from the listings the jobs domain gives. */
import { escapeHtml } from "#shared/html.ts";
import { streamBatches } from "#shared/stream-batches.ts";

export const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

const url = (baseUrl: string, loc: string, lastmod?: Date) =>
  `  <url><loc>${escapeHtml(`${baseUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;

/** The sitemap index: one <sitemap> per file, each file at most 50,000 URLs. */
export function sitemapIndexXml(baseUrl: string, files: readonly string[]): string {
  return [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `  <sitemap><loc>${escapeHtml(`${baseUrl}${file}`)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

export function sitemapXml(baseUrl: string, pages: readonly string[]): string {
  return [XML_DECLARATION, URLSET_OPEN, ...pages.map((page) => url(baseUrl, page)), "</urlset>", ""].join("\n");
}

/** A listings file written batch by batch as the database gives them, so memory stays one batch however big. */
export function sitemapXmlStream(baseUrl: string, batches: AsyncIterable<{ id: string; updatedAt: Date }[]>) {
  return streamBatches({
    head: `${XML_DECLARATION}\n${URLSET_OPEN}\n`,
    foot: "</urlset>\n",
    batches,
    render: (entry) => url(baseUrl, `/jobs/${entry.id}`, entry.updatedAt),
  });
}

/** A companies file: each company's page, with its last change. */
export function companySitemapXml(baseUrl: string, companies: readonly { slug: string; updatedAt: Date }[]): string {
  const urls = companies.map((company) => url(baseUrl, `/companies/${company.slug}`, company.updatedAt));
  return [XML_DECLARATION, URLSET_OPEN, ...urls, "</urlset>", ""].join("\n");
}

export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /my-job",
    "Disallow: /post-job",
    "Disallow: /edit-job/",
    "Disallow: /favourite",
    "Disallow: /login",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
