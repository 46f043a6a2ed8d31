import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SITEMAP_FILE_STRIDE } from "#server/jobs.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { jobs } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** One more file's worth than the first file takes: every listing must still be in exactly one file. */
const LISTINGS = SITEMAP_FILE_STRIDE + 1_500;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

// 46,500 rows: PostgreSQL inserts them in seconds; the same on PGlite would take most of a minute for no new rule.
describe.skipIf(!engines.includes("postgres"))("the sitemap past one file on postgres", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine: "postgres", pages: true });
    const now = new Date();
    await insertJobsBulk(
      server.services.database.db,
      Array.from({ length: LISTINGS }, (_, i) => ({
        ...syntheticJob(i + 1, now),
        postingDate: new Date(now.getTime() - i * 30_000),
      })),
    );
  }, 180_000);
  afterAll(() => server?.close());

  test("the index names a second listing file once the listings outgrow the first", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(locs(xml)).toEqual([
      `${server.url}/sitemap/pages.xml`,
      `${server.url}/sitemap/jobs-1.xml`,
      `${server.url}/sitemap/jobs-2.xml`,
      `${server.url}/sitemap/companies-1.xml`,
    ]);
  });

  test(
    "every live listing is in exactly one file, and no file holds more than 50,000 URLs",
    { timeout: 120_000 },
    async () => {
      const files = await Promise.all(
        [1, 2].map(async (file) => locs(await (await fetch(`${server.url}/sitemap/jobs-${file}.xml`)).text())),
      );
      for (const urls of files) expect(urls.length).toBeLessThanOrEqual(50_000);
      expect(files[0]).toHaveLength(SITEMAP_FILE_STRIDE);
      const listed = files.flat();
      expect(new Set(listed).size).toBe(listed.length);
      const ids = await server.services.database.db.select({ id: jobs.id }).from(jobs);
      expect(new Set(listed)).toEqual(new Set(ids.map(({ id }) => `${server.url}/jobs/${id}`)));
    },
  );

  test("a file past the last is a 404", async () => {
    expect((await fetch(`${server.url}/sitemap/jobs-3.xml`)).status).toBe(404);
  });
});
