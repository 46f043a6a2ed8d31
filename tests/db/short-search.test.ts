import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { loadEnv } from "#server/env.ts";
import { createJobs } from "#server/jobs.ts";
import { jobSearchSchema } from "#shared/job.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

/**
 * 1–2 character searches take one of two paths (ADR 20): a piece the statistics call common is left to the list
 * walk, a rare one is looked up in the grams index first. Both must answer exactly what ILIKE does, so the board
 * is large enough for 'er' to be common (more than 10,000 rows) and holds a few rare titles.
 */
const COMMON = 12_000;
const RARE = ["QA Lead", "Senior QA", "Lead qa Tester"];

describe.each(engines)("1–2 character searches at scale on %s", (engine) => {
  let testDatabase: TestDatabase;
  let jobs: ReturnType<typeof createJobs>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    const db = testDatabase.database.db;
    const now = new Date();
    const rows = [
      ...Array.from({ length: COMMON }, (_, i) => ({
        ...syntheticJob(i + 1, now),
        title: `Engineer ${i + 1}`,
        location: "Berlin",
      })),
      ...RARE.map((title, i) => ({
        ...syntheticJob(COMMON + i + 1, now),
        title,
        location: "Pune",
        experienceLevel: i < 2 ? "Fresher" : "5+ Year",
      })),
    ].map((row, i) => ({
      ...row,
      // The title is the only text a short search could find here (it matches words anywhere, ADR 38).
      companyName: "Listing Company",
      industry: "General",
      description: "A listing.",
      skills: [],
      postingDate: new Date(now.getTime() - i * 1000),
    }));
    await insertJobsBulk(db, rows);
    await db.execute(sql`ANALYZE jobs`);
    jobs = createJobs({ db, env: loadEnv({ NODE_ENV: "test" }) });
  }, 120_000);
  afterAll(() => testDatabase?.drop());

  const search = (query: Record<string, string>) => jobs.searchJobs(jobSearchSchema.parse({ limit: "100", ...query }));

  test("a piece most titles hold ('er') pages through titles that all contain it, newest first", async () => {
    const page = await search({ search: "eR" });
    expect(page.jobs).toHaveLength(100);
    expect(page.jobs.map((job) => job.jobTitle)).toEqual(Array.from({ length: 100 }, (_, i) => `Engineer ${i + 1}`));
    expect(page.total).toBeGreaterThan(1_000);
  });

  test("a rare piece ('qa') finds exactly the titles that contain it, whatever the case", async () => {
    const page = await search({ search: "Qa" });
    expect(page.jobs.map((job) => job.jobTitle)).toEqual(RARE);
    expect(page).toMatchObject({ total: 3, totalIsExact: true });
  });

  test("a piece no title holds ('zx') finds nothing", async () => {
    expect(await search({ search: "zx" })).toMatchObject({ jobs: [], total: 0, totalIsExact: true });
  });

  test("a short search and a short location combine with the other filters", async () => {
    expect(
      (await search({ search: "qa", location: "pU", experienceLevel: "Fresher" })).jobs.map((job) => job.jobTitle),
    ).toEqual(["QA Lead", "Senior QA"]);
    expect((await search({ search: "qa", location: "be" })).jobs).toEqual([]);
    expect((await search({ search: "er", location: "pu" })).jobs.map((job) => job.jobTitle)).toEqual([
      "Lead qa Tester",
    ]);
  });
});
