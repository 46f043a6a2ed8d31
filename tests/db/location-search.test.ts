import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs as jobsTable } from "#server/db/schema.ts";
import { loadEnv } from "#server/env.ts";
import { createJobs } from "#server/jobs.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { jobSearchSchema, type Job } from "#shared/job.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

/**
 * A location search finds the locations it matches in the table of every location, then walks each one's listings
 * in list order and merges the walks (ADR 27). Whatever the path, it must answer what "contains, whatever the case"
 * over every listing answers, in the same order, on every page and by cursor.
 */
const PUNE_LIKE = ["Pune", "Pune, Maharashtra", "PUNE (remote)", "Greater pune"];
const CITIES = Array.from({ length: 40 }, (_, i) => `Model City ${i + 1}`);
const OTHERS = ["Mumbai", "Delhi", "Berlin"];

describe.each(engines)("searching by location on %s", (engine) => {
  let testDatabase: TestDatabase;
  let jobs: ReturnType<typeof createJobs>;
  let everyListing: Job[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    const { db } = testDatabase.database;
    const now = new Date();
    const locations = [...PUNE_LIKE, ...CITIES, ...OTHERS];
    // Three listings share each posting time, so the merge has to order ties by id, as the list does.
    const rows = Array.from({ length: 480 }, (_, i) => ({
      ...syntheticJob(i + 1, now),
      location: locations[(i * 7) % locations.length] as string,
      postingDate: new Date(now.getTime() - Math.floor(i / 3) * 60_000),
    }));
    await insertJobsBulk(db, rows);
    await db.execute(sql`ANALYZE jobs`);
    jobs = createJobs({ db, env: loadEnv({ NODE_ENV: "test" }) });
    everyListing = await allPages({});
  }, 120_000);
  afterAll(() => testDatabase?.drop());

  const search = (query: Record<string, string>) => jobs.searchJobs(jobSearchSchema.parse(query));

  /** Every match, page by page by cursor. */
  async function allPages(query: Record<string, string>): Promise<Job[]> {
    const found: Job[] = [];
    let page = await search({ ...query, limit: "100" });
    found.push(...page.jobs);
    while (page.nextCursor) {
      page = await search({ ...query, limit: "100", cursor: page.nextCursor });
      found.push(...page.jobs);
    }
    return found;
  }

  const containing = (text: string) =>
    everyListing.filter((job) => job.jobLocation.toLowerCase().includes(text.toLowerCase()));
  const ids = (list: Job[]) => list.map((job) => job._id);

  test("a location several locations contain finds every listing at any of them, newest first, page after page", async () => {
    const expected = containing("pune");
    expect(new Set(expected.map((job) => job.jobLocation))).toEqual(new Set(PUNE_LIKE));
    const pages = Math.ceil(expected.length / 10);
    for (let page = 1; page <= pages + 1; page++) {
      const result = await search({ location: "pUNe", page: String(page) });
      expect(ids(result.jobs)).toEqual(ids(expected.slice((page - 1) * 10, page * 10)));
      expect(result).toMatchObject({ total: expected.length, totalIsExact: true });
    }
  });

  test("a location several locations contain is followed to its end by cursor, the same listings in the same order", async () => {
    expect(ids(await allPages({ location: "pune" }))).toEqual(ids(containing("pune")));
  });

  test("a location one location contains finds exactly that location's listings, in list order", async () => {
    const expected = containing("mumbai");
    const result = await search({ location: "Mumbai", limit: "100" });
    expect(ids(result.jobs)).toEqual(ids(expected));
    expect(ids(await allPages({ location: "mumbai" }))).toEqual(ids(expected));
  });

  test("a location more locations contain than are walked one by one still finds every listing at any of them", async () => {
    const expected = containing("model city");
    expect(new Set(expected.map((job) => job.jobLocation)).size).toBe(CITIES.length);
    expect(ids(await allPages({ location: "model city" }))).toEqual(ids(expected));
    expect(ids((await search({ location: "Model City", page: "3" })).jobs)).toEqual(ids(expected.slice(20, 30)));
  });

  test("a location combines with the other filters", async () => {
    const expected = containing("pune").filter((job) => job.experienceLevel === "Fresher");
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await allPages({ location: "pune", experienceLevel: "Fresher" }))).toEqual(ids(expected));
  });

  test("a location no listing has finds nothing", async () => {
    expect(await search({ location: "Atlantis" })).toMatchObject({ jobs: [], total: 0, totalIsExact: true });
  });

  test("a listing posted at a location no listing had before is found by that location at once", async () => {
    const { db } = testDatabase.database;
    const posted = new Date();
    await insertJobsBulk(db, [
      { ...syntheticJob(10_001, posted), title: "Harbour pilot", location: "Port Blair", postingDate: posted },
    ]);
    expect((await search({ location: "blair" })).jobs.map((job) => job.jobTitle)).toEqual(["Harbour pilot"]);
  });

  test("a listing moved to a location no listing had before is found there, and no longer where it was", async () => {
    const { db } = testDatabase.database;
    const [moved] = containing("berlin");
    if (!moved) throw new Error("the board has no listing in Berlin");
    await db.update(jobsTable).set({ location: "Reykjavik" }).where(eq(jobsTable.id, moved._id));
    expect(ids((await search({ location: "reykjavik" })).jobs)).toEqual([moved._id]);
    expect(ids(await allPages({ location: "berlin" }))).not.toContain(moved._id);
  });
});
