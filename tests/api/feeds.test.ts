import { XMLParser } from "fast-xml-parser";
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from "feedsmith";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { externalJobs } from "#server/db/schema.ts";
import type { JobValues } from "#server/jobs/mapper.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { engines } from "#tests/support/engines.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const DAY = 24 * 60 * 60 * 1000;
const HOSTILE_TITLE = `<script>alert("x")</script> & Co ]]> React Lead`;
const HOSTILE_DESCRIPTION = `Build things.\n\n<img src=x onerror=alert(1)> ]]> <b>not bold</b>`;

type Listing = Partial<JobValues> & { title: string; location: string; age: number };

const BOARD: Listing[] = [
  { title: "Senior React Developer", location: "Pune, Maharashtra, India", employmentType: "Full-time", age: 1 * DAY },
  {
    title: "React Native Engineer",
    location: "Remote",
    employmentType: "Contract",
    salaryCurrency: "EUR",
    age: 2 * DAY,
  },
  { title: "Data Analyst", location: "Pune", employmentType: "Part-time", age: 3 * DAY },
  {
    title: HOSTILE_TITLE,
    location: "Mumbai",
    employmentType: "Full-time",
    description: HOSTILE_DESCRIPTION,
    age: 4 * DAY,
  },
  { title: "Expired React Developer", location: "Pune", employmentType: "Full-time", age: 40 * DAY },
];
const LIVE = BOARD.filter((listing) => listing.age < 30 * DAY).map((listing) => listing.title);

async function get(server: TestServer, path: string) {
  const response = await fetch(`${server.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    headers: response.headers,
    text: await response.text(),
  };
}

describe.each(engines)("feeds on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    const { db } = server.services.database;
    await insertJobsBulk(
      db,
      BOARD.map(({ age, ...listing }, i) => ({
        ...syntheticJob(i + 1, new Date(now)),
        ...listing,
        postingDate: new Date(now - age),
      })),
    );
    // A mirrored listing that matches every search below: its terms forbid redistribution, so no feed may carry it.
    await db.insert(externalJobs).values({
      source: "remoteok",
      upstreamId: "mirrored-1",
      title: "Mirrored React Developer",
      company: "Elsewhere",
      location: "Pune",
      descriptionHtml: "<p>Mirrored</p>",
      postedAt: new Date(now - DAY),
      applyUrl: "https://elsewhere.example/apply",
    });
  });
  afterAll(() => server.close());

  test("the RSS feed of a search lists its live listings, newest first, with stable guids, dates and job fields", async () => {
    const { status, type, text } = await get(server, "/feeds/jobs.rss?search=react&location=pune");
    expect(status).toBe(200);
    expect(type).toContain("application/rss+xml");
    const feed = parseRssFeed(text);
    expect(feed.items?.map((item) => item.title)).toEqual(["Senior React Developer"]);
    const [item] = feed.items ?? [];
    expect(item?.guid?.value).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(item?.guid?.isPermaLink).toBe(false);
    expect(item?.link).toMatch(new RegExp(`^${server.url}/jobs/[0-9a-f-]{36}$`));
    expect(Date.parse(item?.pubDate ?? "")).toBeGreaterThan(Date.now() - 2 * DAY);
    expect(item?.content?.encoded).toContain("<strong>Company:</strong>");
    expect(item?.content?.encoded).toContain("Pune, Maharashtra, India");
    expect(text).toMatch(/<job:type>Full-time<\/job:type>/);
    expect(text).toMatch(
      /<job:salary min="\d+" max="\d+" currency="INR" period="\w+">\d+ - \d+ INR \/ \w+<\/job:salary>/,
    );
    expect(feed.link).toBe(`${server.url}/?search=react&location=pune`);

    const again = parseRssFeed((await get(server, "/feeds/jobs.rss?location=pune&search=react")).text);
    expect(again.items?.[0]?.guid?.value).toBe(item?.guid?.value);
  });

  test("the Atom feed of a search carries entry ids, dates, HTML content and the filters honoured", async () => {
    const { status, type, text } = await get(server, "/feeds/jobs.atom?employmentType=Contract");
    expect(status).toBe(200);
    expect(type).toContain("application/atom+xml");
    const feed = parseAtomFeed(text);
    expect(feed.entries?.map((entry) => entry.title?.value)).toEqual(["React Native Engineer"]);
    const [entry] = feed.entries ?? [];
    expect(entry?.id).toMatch(/^urn:uuid:/);
    expect(Date.parse(entry?.updated ?? "")).not.toBeNaN();
    expect(Date.parse(entry?.published ?? "")).not.toBeNaN();
    expect(entry?.content?.value).toContain("Remote");
    expect(feed.id).toBe(`${server.url}/feeds/jobs.atom?employmentType=Contract`);
  });

  test("the JSON Feed 1.1 lists every live first-party listing with the job fields in _job", async () => {
    const { status, type, text } = await get(server, "/feeds/jobs.json");
    expect(status).toBe(200);
    expect(type).toContain("application/feed+json");
    const feed = parseJsonFeed(JSON.parse(text));
    expect(feed.items?.map((item) => item.title).sort()).toEqual([...LIVE].sort());
    const raw = JSON.parse(text);
    expect(raw.version).toBe("https://jsonfeed.org/version/1.1");
    const senior = raw.items.find((item: { title: string }) => item.title === "Senior React Developer");
    expect(senior._job).toMatchObject({ location: "Pune, Maharashtra, India", employmentType: "Full-time" });
    expect(typeof senior._job.salary.min).toBe("number");
    expect(senior.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("every feed gives a listing's salary in its own currency", async () => {
    const rss = (await get(server, "/feeds/jobs.rss?employmentType=Contract")).text;
    expect(rss).toMatch(
      /<job:salary min="\d+" max="\d+" currency="EUR" period="\w+">\d+ - \d+ EUR \/ \w+<\/job:salary>/,
    );
    const json = JSON.parse((await get(server, "/feeds/jobs.json?employmentType=Contract")).text);
    expect(json.items[0]._job.salary.currency).toBe("EUR");
    expect(json.items[0].content_html).toMatch(/<strong>Salary:<\/strong> \d+ - \d+ EUR \/ \w+/);
    const syndication = (await get(server, "/feeds/indeed.xml")).text;
    expect(syndication).toMatch(/<salary><!\[CDATA\[\d+ - \d+ EUR per \w+\]\]><\/salary>/);
  });

  test("no feed carries mirrored external listings or expired ones", async () => {
    for (const path of [
      "/feeds/jobs.rss?search=react",
      "/feeds/jobs.atom?search=react",
      "/feeds/jobs.json?search=react",
      "/feeds/indeed.xml",
    ]) {
      const { text } = await get(server, path);
      expect(text, path).not.toContain("Mirrored");
      expect(text, path).not.toContain("Expired React Developer");
    }
  });

  test("a hostile title and description are escaped in every format and read back as the text that was written", async () => {
    const rss = await get(server, "/feeds/jobs.rss?location=mumbai");
    const atom = await get(server, "/feeds/jobs.atom?location=mumbai");
    const json = await get(server, "/feeds/jobs.json?location=mumbai");
    for (const { text } of [rss, atom]) {
      expect(text).not.toContain("<script>");
      expect(text).not.toContain("<img");
    }
    expect(parseRssFeed(rss.text).items?.[0]?.title).toBe(HOSTILE_TITLE);
    expect(parseAtomFeed(atom.text).entries?.[0]?.title?.value).toBe(HOSTILE_TITLE);
    const item = JSON.parse(json.text).items[0];
    expect(item.title).toBe(HOSTILE_TITLE);
    // The HTML a reader renders shows the markup as text: no element of the listing's own survives.
    for (const html of [
      item.content_html,
      parseRssFeed(rss.text).items?.[0]?.content?.encoded,
      parseAtomFeed(atom.text).entries?.[0]?.content?.value,
    ]) {
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).not.toMatch(/<img|<b>/);
    }
  });

  test("paging follows the search: limit caps the items and the next link continues after the last", async () => {
    const first = parseJsonFeed(JSON.parse((await get(server, "/feeds/jobs.json?limit=2")).text));
    expect(first.items).toHaveLength(2);
    expect(first.next_url).toContain("cursor=");
    const second = parseJsonFeed(
      JSON.parse(
        (await get(server, new URL(first.next_url ?? "").pathname + new URL(first.next_url ?? "").search)).text,
      ),
    );
    expect([...(first.items ?? []), ...(second.items ?? [])].map((item) => item.title)).toEqual(LIVE.slice(0, 4));
  });

  test("a bad filter is a 400 in the one error shape", async () => {
    const { status, text } = await get(server, "/feeds/jobs.rss?employmentType=Forever");
    expect(status).toBe(400);
    expect(JSON.parse(text).error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { employmentType: expect.any(String) },
    });
  });

  test("the syndication feed holds every live listing in the aggregators' format, with its id as reference number", async () => {
    const { status, type, text } = await get(server, "/feeds/indeed.xml");
    expect(status).toBe(200);
    expect(type).toContain("application/xml");
    const parsed = new XMLParser({ isArray: (name) => name === "job", parseTagValue: false }).parse(text);
    expect(parsed.source.publisherurl).toBe(server.url);
    const jobs = parsed.source.job as Record<string, string>[];
    expect(jobs.map((job) => job.title).sort()).toEqual([...LIVE].sort());
    const senior = jobs.find((job) => job.title === "Senior React Developer");
    expect(senior).toMatchObject({ city: "Pune", state: "Maharashtra", country: "India", jobtype: "fulltime" });
    expect(senior?.url).toBe(`${server.url}/jobs/${senior?.referencenumber}`);
    expect(Date.parse(senior?.date ?? "")).not.toBeNaN();
    expect(jobs.find((job) => job.title === HOSTILE_TITLE)?.description).toContain("&lt;img");
  });

  test("the syndication feed streams every batch: more listings than one batch all arrive once", async () => {
    const batches: string[][] = [];
    for await (const batch of server.services.jobs.everyLiveJob({ batch: 2 }))
      batches.push(batch.map((job) => job.jobTitle));
    expect(batches.map((batch) => batch.length)).toEqual([2, 2]);
    expect(batches.flat()).toEqual(LIVE);
  });
});
