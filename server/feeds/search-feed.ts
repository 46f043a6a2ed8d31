import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import { FEED_PAGE_SIZE, searchFilterParams, type Job, type JobSearch } from "#shared/job.ts";
import { applyUrl, jobContentHtml, jobPageUrl, salaryText } from "#server/feeds/job-content.ts";
import { cdata, element, escapeMarkup } from "#server/feeds/markup.ts";

export const FEED_FORMATS = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

/** The namespace of the job fields in RSS and Atom items: a name, not a page, so it never changes with PUBLIC_URL. */
const JOB_NS = "urn:job-board:feed:job:1";

/** One search's feed: its listings and the addresses a reader needs. */
export type SearchFeed = {
  /** The operator's board (SITE_NAME): the feed's author, and the start of its title. */
  siteName: string;
  title: string;
  /** The same search on the home page. */
  homeUrl: string;
  /** This feed, with the query normalised, so its id stays the same however the filters were spelt. */
  selfUrl: string;
  /** The next page of this feed (after the last item), when there is one. */
  nextUrl: string | null;
  jobs: Job[];
  baseUrl: string;
};

/** "Jobs: react in pune, Full-time": the filters a reader subscribed to, readable in their feed list. */
function describe(search: JobSearch, siteName: string): string {
  const parts: string[] = [];
  if (search.search) parts.push(search.search);
  if (search.location) parts.push(`in ${search.location}`);
  const rest: string[] = [search.employmentType, search.experienceLevel, search.gender, search.englishLevel].filter(
    (v) => v !== undefined,
  );
  const currency = search.salaryCurrency ?? DEFAULT_CURRENCY;
  if (search.minSalary !== undefined) rest.push(`salary from ${search.minSalary} ${currency}`);
  if (search.maxSalary !== undefined) rest.push(`salary up to ${search.maxSalary} ${currency}`);
  if (search.datePosted !== "all") rest.push(`posted within ${search.datePosted}`);
  const text = [parts.join(" "), rest.join(", ")].filter(Boolean).join(", ");
  return text ? `${siteName} jobs: ${text}` : `${siteName}: latest jobs`;
}

export function searchFeed({
  siteName,
  baseUrl,
  format,
  search,
  jobs,
  nextCursor,
}: {
  siteName: string;
  baseUrl: string;
  format: FeedFormat;
  search: JobSearch;
  jobs: Job[];
  nextCursor: string | null;
}): SearchFeed {
  const params = searchFilterParams(search);
  const query = params.size > 0 ? `?${params}` : "";
  const self = new URLSearchParams(params);
  if (search.limit !== FEED_PAGE_SIZE) self.set("limit", String(search.limit));
  const next = new URLSearchParams(self);
  if (nextCursor) next.set("cursor", nextCursor);
  return {
    siteName,
    title: describe(search, siteName),
    homeUrl: `${baseUrl}/${query}`,
    selfUrl: `${baseUrl}/feeds/jobs.${format}${query}`,
    nextUrl: nextCursor ? `${baseUrl}/feeds/jobs.${format}?${next}` : null,
    jobs,
    baseUrl,
  };
}

/** RFC 822 dates, as RSS wants them ("Mon, 23 Nov 2026 02:02:22 GMT"). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

const lastUpdate = (jobs: Job[]) =>
  jobs.reduce(
    (latest, job) => (job.updatedAt > latest ? job.updatedAt : latest),
    jobs[0]?.updatedAt ?? new Date(0).toISOString(),
  );

const jobFieldsXml = (baseUrl: string, job: Job) =>
  [
    element("job:company", job.companyName),
    element("job:location", job.jobLocation),
    `<job:salary min="${escapeMarkup(job.minPrice)}" max="${escapeMarkup(job.maxPrice)}" currency="${escapeMarkup(job.salaryCurrency)}" period="${escapeMarkup(job.salaryType)}">${escapeMarkup(salaryText(job))}</job:salary>`,
    element("job:type", job.employmentType),
    element("job:experience", job.experienceLevel),
    element("job:applyUrl", applyUrl(baseUrl, job)),
  ].join("");

/** RSS 2.0 with full HTML in content:encoded, a stable guid, and the job fields in our own namespace. */
export function rssXml(feed: SearchFeed): string {
  const items = feed.jobs.map((job) =>
    [
      "<item>",
      element("title", job.jobTitle),
      element("link", jobPageUrl(feed.baseUrl, job)),
      `<guid isPermaLink="false">urn:uuid:${job._id}</guid>`,
      element("pubDate", rfc822(job.postingDate)),
      element("description", jobContentHtml(feed.baseUrl, job)),
      `<content:encoded>${cdata(jobContentHtml(feed.baseUrl, job))}</content:encoded>`,
      ...job.skills.map((skill) => element("category", skill.value)),
      jobFieldsXml(feed.baseUrl, job),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:job="${JOB_NS}">`,
    "<channel>",
    element("title", feed.title),
    element("link", feed.homeUrl),
    element("description", `${feed.title}, newest first.`),
    `<atom:link href="${escapeMarkup(feed.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    feed.nextUrl ? `<atom:link href="${escapeMarkup(feed.nextUrl)}" rel="next" type="application/rss+xml"/>` : "",
    element("lastBuildDate", rfc822(lastUpdate(feed.jobs))),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Atom (RFC 4287): entry ids are urn:uuid of the listing, so a reader never shows one twice. */
export function atomXml(feed: SearchFeed): string {
  const entries = feed.jobs.map((job) =>
    [
      "<entry>",
      element("id", `urn:uuid:${job._id}`),
      element("title", job.jobTitle),
      element("published", new Date(job.postingDate).toISOString()),
      element("updated", job.updatedAt),
      `<link rel="alternate" type="text/html" href="${escapeMarkup(jobPageUrl(feed.baseUrl, job))}"/>`,
      `<author>${element("name", job.companyName)}</author>`,
      `<content type="html">${escapeMarkup(jobContentHtml(feed.baseUrl, job))}</content>`,
      ...job.skills.map((skill) => `<category term="${escapeMarkup(skill.value)}"/>`),
      jobFieldsXml(feed.baseUrl, job),
      "</entry>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:job="${JOB_NS}">`,
    element("id", feed.selfUrl),
    element("title", feed.title),
    element("updated", lastUpdate(feed.jobs)),
    `<link rel="self" type="application/atom+xml" href="${escapeMarkup(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeMarkup(feed.homeUrl)}"/>`,
    feed.nextUrl ? `<link rel="next" type="application/atom+xml" href="${escapeMarkup(feed.nextUrl)}"/>` : "",
    `<author>${element("name", feed.siteName)}</author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

/** JSON Feed 1.1; the job fields go in the `_job` extension object. */
export function jsonFeed(feed: SearchFeed) {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: feed.homeUrl,
    feed_url: feed.selfUrl,
    ...(feed.nextUrl ? { next_url: feed.nextUrl } : {}),
    items: feed.jobs.map((job) => ({
      id: job._id,
      url: jobPageUrl(feed.baseUrl, job),
      external_url: applyUrl(feed.baseUrl, job),
      title: job.jobTitle,
      content_html: jobContentHtml(feed.baseUrl, job),
      date_published: new Date(job.postingDate).toISOString(),
      date_modified: job.updatedAt,
      authors: [{ name: job.companyName }],
      tags: job.skills.map((skill) => skill.value),
      _job: {
        company: job.companyName,
        location: job.jobLocation,
        salary: {
          min: Number(job.minPrice),
          max: Number(job.maxPrice),
          currency: job.salaryCurrency,
          period: job.salaryType,
        },
        employmentType: job.employmentType,
        experienceLevel: job.experienceLevel,
        applyUrl: applyUrl(feed.baseUrl, job),
      },
    })),
  };
}
