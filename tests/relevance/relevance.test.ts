import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadEnv } from "#server/env.ts";
import { createJobs } from "#server/jobs.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { HOME_PAGE_SIZE, jobSearchSchema } from "#shared/job.ts";
import { ageHours, BOARD } from "#tests/relevance/board.ts";
import { GATE, judge, report, shares, type FirstPage, type Verdict } from "#tests/relevance/judge.ts";
import { QUERIES, QUERY_CLASSES, type RelevanceQuery } from "#tests/relevance/queries.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

/** The relevance set of issue 30: the labelled board, every labelled query, and the share that must pass. */

const keyOfEmail = (email: string | null) => email?.slice(0, email.indexOf("@")) ?? "(no key)";

describe("the labelled set", () => {
  const keys = BOARD.map((listing) => listing.key);

  test("holds at least 150 listings with distinct keys", () => {
    expect(BOARD.length).toBeGreaterThanOrEqual(150);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("holds at least 80 queries, some of every class", () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(80);
    for (const queryClass of QUERY_CLASSES) expect(QUERIES.some((query) => query.class === queryClass)).toBe(true);
  });

  test("names only listings of the board, and never one both wanted and unwanted", () => {
    for (const query of QUERIES) {
      const named = [...query.mustInclude, ...(query.first ?? []), ...(query.mustExclude ?? [])];
      expect(
        named.filter((key) => !keys.includes(key)),
        query.text,
      ).toEqual([]);
      expect(
        (query.mustExclude ?? []).filter((key) => query.mustInclude.includes(key) || query.first?.includes(key)),
      ).toEqual([]);
      expect(query.mustInclude.length, query.text).toBeLessThanOrEqual(HOME_PAGE_SIZE);
    }
  });
});

describe("judging a first page", () => {
  const query: RelevanceQuery = {
    class: "ranking",
    text: "java",
    mustInclude: ["java", "spring"],
    first: ["java"],
    mustExclude: ["html"],
  };

  test("passes a page with every wanted listing, the right one on top and no unwanted one", () => {
    expect(judge(query, { keys: ["java", "js", "spring"], total: 3 })).toEqual({ pass: true, why: "" });
  });

  test("fails a page that misses a wanted listing, and says what came back", () => {
    expect(judge(query, { keys: ["java", "js"], total: 2 })).toEqual({
      pass: false,
      why: "missing spring; got (2) java, js",
    });
  });

  test("fails a page whose top result is not the expected one", () => {
    expect(judge(query, { keys: ["js", "java", "spring"], total: 3 }).pass).toBe(false);
  });

  test("fails a page that holds an unwanted listing", () => {
    expect(judge(query, { keys: ["java", "spring", "html"], total: 3 }).pass).toBe(false);
  });

  test("fails a search that should find nothing and found something", () => {
    expect(judge({ class: "spec", text: "xyzzyq", mustInclude: [], none: true }, { keys: ["java"], total: 1 })).toEqual(
      { pass: false, why: "found 1, expected nothing; got (1) java" },
    );
  });

  test("the gate falls below 90% when more than one query in ten fails", () => {
    const verdicts: Verdict[] = Array.from({ length: 10 }, (_, i) => ({ pass: i >= 2, why: "" }));
    const { overall } = shares(verdicts.map((verdict) => ({ query, verdict })));
    expect(overall).toEqual({ passed: 8, of: 10, share: 0.8 });
    expect(overall.share).toBeLessThan(GATE);
  });
});

/** First pages by engine, to compare the engines once both have run. */
const pagesByEngine = new Map<string, FirstPage[]>();

describe.each(engines)("the relevance set on %s", (engine) => {
  let testDatabase: TestDatabase;
  let jobs: ReturnType<typeof createJobs>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    const db = testDatabase.database.db;
    const now = new Date();
    await insertJobsBulk(
      db,
      BOARD.map((listing, i) => ({
        // The synthetic listing gives the fields a search never reads (salary, links, contact…).
        ...syntheticJob(i + 1, now),
        title: listing.title,
        companyName: listing.company,
        location: listing.location,
        industry: listing.industry,
        skills: listing.skills,
        description: listing.description,
        companyDescription: `${listing.company} is hiring.`,
        responsibilities: "Do the work described above.",
        requirements: "As described above.",
        experienceLevel: listing.experienceLevel ?? "0-3 Year",
        employmentType: listing.employmentType ?? "Full-time",
        postedByEmail: `${listing.key}@relevance.example`,
        postingDate: new Date(now.getTime() - ageHours(i) * 3_600_000),
      })),
    );
    await db.execute(sql`ANALYZE jobs`);
    jobs = createJobs({ db, env: loadEnv({ NODE_ENV: "test" }) });
  }, 120_000);
  afterAll(() => testDatabase?.drop());

  const firstPage = async (query: RelevanceQuery): Promise<FirstPage> => {
    const page = await jobs.searchJobs(
      jobSearchSchema.parse({ ...(query.text === undefined ? {} : { search: query.text }), ...query.filters }),
    );
    return { keys: page.jobs.map((job) => keyOfEmail(job.postedByEmail)), total: page.total };
  };

  test(`at least ${GATE * 100}% of the labelled searches show what a seeker expects on the first page`, async () => {
    const pages: FirstPage[] = [];
    for (const query of QUERIES) pages.push(await firstPage(query));
    pagesByEngine.set(engine, pages);
    const results = QUERIES.map((query, i) => ({ query, verdict: judge(query, pages[i]!) }));
    console.log(report(engine, results));
    expect(shares(results).overall.share).toBeGreaterThanOrEqual(GATE);
  }, 120_000);
});

describe.skipIf(engines.length < 2)("the relevance set on both engines", () => {
  test("every labelled search shows the same first page on PGlite and PostgreSQL", () => {
    const [pglite, postgres] = [pagesByEngine.get("pglite"), pagesByEngine.get("postgres")];
    expect(pglite).toBeDefined();
    const differing = QUERIES.flatMap((query, i) =>
      JSON.stringify(pglite?.[i]) === JSON.stringify(postgres?.[i])
        ? []
        : [
            `${query.text ?? "(no text)"}: pglite ${pglite?.[i]?.keys.join(",")} / postgres ${postgres?.[i]?.keys.join(",")}`,
          ],
    );
    expect(differing).toEqual([]);
  });
});
