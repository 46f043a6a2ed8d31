import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { engines } from "#tests/support/engines.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { daysAgo, insertJobs, postJobViaApi } from "#tests/e2e/job-data.ts";
import { jobs } from "#server/db/schema.ts";

// The sitemap reads the database directly, so it runs on both engines.
describe.each(engines)("discoverability on %s", (engine) => {
  let server: TestServer;
  let activeId: string;
  let remoteId: string;
  let expiredId: string;

  beforeAll(async () => {
    server = await startTestServer({ engine, pages: true });
    activeId = await postJobViaApi(server, {
      jobTitle: "SEO Specialist",
      postingDate: daysAgo(2),
      employmentType: "Part-time",
      salaryType: "Yearly",
      minPrice: "300000",
      maxPrice: "450000",
      jobLocation: "Kochi",
      description: "Grow our organic traffic.\nOwn the <title> tags & more.",
    });
    remoteId = await postJobViaApi(server, {
      jobTitle: "Remote Intern",
      jobLocation: "Remote",
      experienceLevel: "Internship",
      postingDate: daysAgo(1),
    });
    await insertJobs(server, [{ jobTitle: "Stale Posting", postingDate: daysAgo(31) }]);
    const rows = await server.services.database.db.select({ id: jobs.id, title: jobs.title }).from(jobs);
    expiredId = rows.find((row) => row.title === "Stale Posting")!.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  async function jsonLd(id: string) {
    const html = await (await fetch(`${server.url}/jobs/${id}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => match[1]!,
    );
    return { html, blocks: blocks.map((block) => JSON.parse(block)) };
  }

  test("a job page carries JobPosting JSON-LD with the properties Google for Jobs requires", async () => {
    const { blocks } = await jsonLd(activeId);
    expect(blocks).toHaveLength(1);
    const posting = blocks[0];
    expect(posting["@context"]).toBe("https://schema.org/");
    expect(posting["@type"]).toBe("JobPosting");
    expect(posting.title).toBe("SEO Specialist");
    expect(posting.description).toContain("<p>Grow our organic traffic.</p>");
    expect(posting.description).toContain("Own the &lt;title&gt; tags &amp; more.");
    const posted = new Date(`${daysAgo(2)}T00:00:00Z`);
    expect(posting.datePosted).toBe(posted.toISOString());
    expect(posting.validThrough).toBe(new Date(posted.getTime() + 30 * 86_400_000).toISOString());
    expect(posting.employmentType).toEqual(["PART_TIME"]);
    const { companySlug } = (await (await fetch(`${server.url}/api/all-jobs/${activeId}`)).json()) as {
      companySlug: string;
    };
    const companyUrl = `${server.url}/companies/${companySlug}`;
    expect(posting.hiringOrganization).toEqual({
      "@type": "Organization",
      "@id": `${companyUrl}#organization`,
      name: "Acme Widgets",
      url: companyUrl,
      sameAs: "https://acme.example",
      logo: "https://acme.example/logo.png",
    });
    expect(posting.jobLocation).toEqual({
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: "Kochi", addressCountry: "IN" },
    });
    expect(posting.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "INR",
      value: { "@type": "QuantitativeValue", minValue: 300000, maxValue: 450000, unitText: "YEAR" },
    });
    expect(posting.identifier).toEqual({ "@type": "PropertyValue", name: "Acme Widgets", value: activeId });
  });

  test("the job's hiring organization is the Organization its company's page describes", async () => {
    const [posting] = (await jsonLd(activeId)).blocks;
    const companyPage = await (await fetch(posting.hiringOrganization.url)).text();
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(companyPage)?.[1] ?? "{}";
    expect(JSON.parse(ld)).toMatchObject({
      "@type": "Organization",
      "@id": posting.hiringOrganization["@id"],
      name: "Acme Widgets",
    });
  });

  test("a remote internship is marked as telecommute and as an internship", async () => {
    const [posting] = (await jsonLd(remoteId)).blocks;
    expect(posting.jobLocationType).toBe("TELECOMMUTE");
    expect(posting.applicantLocationRequirements).toEqual({ "@type": "Country", name: "India" });
    expect(posting.employmentType).toEqual(["FULL_TIME", "INTERN"]);
  });

  test("a job page has a title, a meta description and a canonical URL", async () => {
    const { html } = await jsonLd(activeId);
    expect(html).toContain("<title>SEO Specialist at Acme Widgets | Job Board</title>");
    expect(html).toMatch(
      /<meta name="description" content="SEO Specialist at Acme Widgets in Kochi\. Grow our organic traffic\./,
    );
    expect(html).toContain(`<link rel="canonical" href="${server.url}/jobs/${activeId}"/>`);
    expect(html).not.toContain('name="robots"');
  });

  test("an expired listing carries noindex and no JobPosting markup", async () => {
    const { html, blocks } = await jsonLd(expiredId);
    expect(blocks).toHaveLength(0);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  test("sitemap.xml is an index of the static pages' file, the listing files and the company pages' file", async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      `${server.url}/sitemap/pages.xml`,
      `${server.url}/sitemap/jobs-1.xml`,
      `${server.url}/sitemap/companies-1.xml`,
    ]);
  });

  test("the pages file lists the static pages", async () => {
    const response = await fetch(`${server.url}/sitemap/pages.xml`);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const page of [
      "/",
      "/about-us",
      "/contact",
      "/blog",
      "/community-guidelines",
      "/job-sites",
      "/privacy-policy",
      "/terms-and-condition",
    ]) {
      expect(locs).toContain(`${server.url}${page}`);
    }
  });

  test("the listings file lists the active listings and leaves out expired ones", async () => {
    const response = await fetch(`${server.url}/sitemap/jobs-1.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n[\s\S]*<\/urlset>\n$/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${server.url}/jobs/${activeId}`);
    expect(locs).toContain(`${server.url}/jobs/${remoteId}`);
    expect(locs).not.toContain(`${server.url}/jobs/${expiredId}`);
  });

  test("a listings file past the last one is a 404", async () => {
    expect((await fetch(`${server.url}/sitemap/jobs-2.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/sitemap/other.xml`)).status).toBe(404);
  });

  test("robots.txt allows crawling and points to the sitemap", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
