import { desc, gte } from "drizzle-orm";
import { LISTING_LIFETIME_DAYS } from "~/lib/job";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** One sitemap file holds at most 50,000 URLs (sitemaps.org); the static pages take a few of them. */
export const SITEMAP_JOB_LIMIT = 49_000;

/** The newest active listings for the sitemap: ids and last change, nothing more. */
export function activeJobEntries(db: Db, now = new Date()) {
  return db
    .select({ id: jobs.id, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(gte(jobs.postingDate, new Date(now.getTime() - LISTING_LIFETIME_DAYS * DAY_MS)))
    .orderBy(desc(jobs.postingDate), desc(jobs.id))
    .limit(SITEMAP_JOB_LIMIT);
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);

export function sitemapXml(baseUrl: string, pages: readonly string[], entries: { id: string; updatedAt: Date }[]): string {
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(`${baseUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map((page) => url(page)),
    ...entries.map((entry) => url(`/jobs/${entry.id}`, entry.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
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
