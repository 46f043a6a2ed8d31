import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createJobs } from "#server/jobs.ts";
import { loadEnv } from "#server/env.ts";
import { RANKING_WALK } from "#server/jobs/listed.ts";
import { FEW_TEXT_MATCHES, RANKED_MATCHES } from "#server/jobs/ranked.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import type { JobValues } from "#server/jobs/mapper.ts";
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, jobSearchSchema } from "#shared/job.ts";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const HOUR = 60 * 60 * 1000;

type Listing = Partial<JobValues> & { title: string; age: number };

/** Named listings whose only words are the ones given, newest first by `age`. */
const BOARD: Listing[] = [
  { title: "Software Engineer II", companyName: "Zoho", age: 1 * HOUR },
  { title: "JavaScript Developer", skills: ["JavaScript", "React"], age: 2 * HOUR },
  { title: "Senior React Developer", companyName: "Freshworks", location: "Chennai", age: 3 * HOUR },
  { title: "Java Developer", skills: ["Java", "Spring"], age: 4 * HOUR },
  { title: "Software Engineer", companyName: "Infosys", location: "Pune", age: 5 * HOUR },
  { title: "Backend Engineer", skills: ["Python", "Django"], location: "Chennai", age: 6 * HOUR },
  { title: "Staff Nurse", industry: "Healthcare", location: "Mumbai", age: 7 * HOUR },
  { title: "Role 07", age: 8 * HOUR },
  { title: "Role 17", age: 9 * HOUR },
  { title: "Role 08", age: 9.5 * HOUR },
  { title: "Platform Engineer", skills: ["Kubernetes", "Terraform"], age: 10 * HOUR },
  { title: "Accounts Executive", description: "Keep the books in Tally.", age: 11 * HOUR },
  { title: "Store Assistant", companyName: "Anmol Traders", age: 12 * HOUR },
  { title: "Node.js Developer", skills: ["Node.js", "Express"], age: 13 * HOUR },
];

const neutral = (i: number, now: number): JobValues => ({
  ...syntheticJob(i + 1, new Date(now)),
  companyName: "Listing Company",
  industry: "General",
  description: "A listing.",
  skills: [],
  location: "Delhi",
});

/** Every listing a search returns, page by page of 100 along its cursor. */
async function followCursor(
  url: string,
  search: string,
  filters: Record<string, string> = {},
): Promise<{ jobTitle: string; jobLocation: string }[]> {
  const seen: { jobTitle: string; jobLocation: string }[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const { headers, json }: { headers: Headers; json: unknown } = await api(
      url,
      `/api/jobs?${new URLSearchParams({ search, ...filters, limit: "100", ...(cursor ? { cursor } : {}) })}`,
    );
    seen.push(...(json as { jobTitle: string; jobLocation: string }[]));
    cursor = headers.get("x-next-cursor");
  }
  return seen;
}

/** A test server holding `board`, each listing `age` old and otherwise neutral. */
async function serveBoard(engine: (typeof engines)[number], board: Listing[]): Promise<TestServer> {
  const server = await startTestServer({ engine });
  const now = Date.now();
  await insertJobsBulk(
    server.services.database.db,
    board.map(({ age, ...listing }, i) => ({ ...neutral(i, now), ...listing, postingDate: new Date(now - age) })),
  );
  return server;
}

describe.each(engines)("search relevance over the API on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serveBoard(engine, BOARD);
  });
  afterAll(() => server.close());

  async function search(query: Record<string, string>) {
    const { status, headers, json } = await api(
      server.url,
      `/api/jobs?${new URLSearchParams({ limit: "100", ...query })}`,
    );
    expect(status, JSON.stringify(json)).toBe(200);
    return { titles: (json as { jobTitle: string }[]).map((job) => job.jobTitle), headers };
  }

  test("two words in another order find the listing: 'developer react' finds 'Senior React Developer'", async () => {
    expect((await search({ search: "developer react" })).titles).toContain("Senior React Developer");
  });

  test("a company's name finds its listings", async () => {
    expect((await search({ search: "infosys" })).titles).toEqual(["Software Engineer"]);
  });

  test("a skill finds the listings that ask for it", async () => {
    expect((await search({ search: "django" })).titles).toEqual(["Backend Engineer"]);
  });

  test("a word of the description finds the listing", async () => {
    expect((await search({ search: "tally" })).titles).toEqual(["Accounts Executive"]);
  });

  test("a plural finds the singular: 'nurses' finds 'Staff Nurse'", async () => {
    expect((await search({ search: "nurses" })).titles).toEqual(["Staff Nurse"]);
  });

  test("a synonym is a whole word, not the start of one: 'nurse' does not find Anmol Traders for the diploma ANM", async () => {
    expect((await search({ search: "nurse" })).titles).toEqual(["Staff Nurse"]);
  });

  test("an abbreviation finds what it stands for: 'k8s' finds the Kubernetes listing", async () => {
    expect((await search({ search: "k8s" })).titles).toEqual(["Platform Engineer"]);
  });

  test("a misspelt word finds its listings, and the answer names the correction", async () => {
    const { titles, headers } = await search({ search: "djnago" });
    expect(titles).toEqual(["Backend Engineer"]);
    expect(headers.get("x-did-you-mean")).toBe("django");
    expect(headers.get("x-did-you-mean-applied")).toBe("true");
  });

  test("a word missing a letter still finds its listings: 'kubernets' finds the Kubernetes listing", async () => {
    expect((await search({ search: "kubernets" })).titles).toEqual(["Platform Engineer"]);
  });

  test("a swapped pair of letters is corrected too: 'pyhton' finds the Python listing", async () => {
    expect((await search({ search: "pyhton" })).titles).toEqual(["Backend Engineer"]);
  });

  test("a number is never corrected: 'Role 07' finds only 'Role 07', not 'Role 08' or 'Role 17'", async () => {
    expect((await search({ search: "Role 07" })).titles).toEqual(["Role 07"]);
  });

  test("a short misspelt word is not corrected, and the answer suggests the word with what it would find", async () => {
    const { titles, headers } = await search({ search: "jvaa" });
    expect(titles).toEqual([]);
    expect(headers.get("x-did-you-mean")).toBe("java");
    expect(headers.get("x-did-you-mean-applied")).toBe("false");
    expect(headers.get("x-did-you-mean-count")).toBe(String((await search({ search: "java" })).titles.length));
  });

  test("a nonsense word finds nothing and suggests nothing", async () => {
    const { titles, headers } = await search({ search: "qqqzzzxx" });
    expect(titles).toEqual([]);
    expect(headers.get("x-did-you-mean")).toBeNull();
  });

  test("with text, the exact title comes first even when a longer title is newer", async () => {
    expect((await search({ search: "Software Engineer" })).titles).toEqual([
      "Software Engineer",
      "Software Engineer II",
    ]);
  });

  test("a whole word of the title ranks above a title that only contains it: 'java' lists Java before JavaScript", async () => {
    expect((await search({ search: "java" })).titles).toEqual(["Java Developer", "JavaScript Developer"]);
  });

  test("a synonym that is a whole word of the title ranks as the word typed: 'js developer' lists JavaScript before the older Node.js", async () => {
    expect((await search({ search: "js developer" })).titles.slice(0, 2)).toEqual([
      "JavaScript Developer",
      "Node.js Developer",
    ]);
  });

  test("sort=newest lists the same matches newest first", async () => {
    expect((await search({ search: "java", sort: "newest" })).titles).toEqual([
      "JavaScript Developer",
      "Java Developer",
    ]);
  });

  test("without text the list is newest first whatever sort says", async () => {
    const { titles } = await search({ sort: "relevance" });
    expect(titles.slice(0, 3)).toEqual(["Software Engineer II", "JavaScript Developer", "Senior React Developer"]);
  });

  test("an unknown sort is a 400 naming the field", async () => {
    const { status, json } = await api(server.url, "/api/jobs?sort=best");
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toContain("sort");
  });

  test("a city typed in the box acts as the location and the answer names it", async () => {
    const { titles, headers } = await search({ search: "engineer chennai" });
    expect(titles).toEqual(["Backend Engineer"]);
    expect(headers.get("x-search-place")).toBe("chennai");
  });

  test("a part of a word no listing's word starts with still finds the titles holding it, with a place too", async () => {
    expect((await search({ search: "ngineer", sort: "newest" })).titles).toEqual(
      BOARD.filter(({ title }) => title.toLowerCase().includes("ngineer"))
        .sort((a, b) => a.age - b.age)
        .map(({ title }) => title),
    );
    expect((await search({ search: "ackend engineer" })).titles).toEqual(["Backend Engineer"]);
    // As typed, nothing holds "ngineer chennai": its correction does.
    const placed = await search({ search: "ngineer chennai" });
    expect(placed.titles).toEqual(["Backend Engineer"]);
    expect(decodeURIComponent(placed.headers.get("x-did-you-mean") ?? "")).toBe("engineer chennai");
  });

  test("a title written a moment ago is found by a text inside it, as posted and as edited", async () => {
    const db = server.services.database.db;
    expect((await search({ search: "uorn handl" })).titles).toEqual([]);
    await insertJobsBulk(db, [{ ...neutral(900, Date.now()), title: "Quorn Handler", postingDate: new Date() }]);
    expect((await search({ search: "uorn handl" })).titles).toEqual(["Quorn Handler"]);
    await db.execute(sql`UPDATE jobs SET title = 'Tofu Handler' WHERE title = 'Quorn Handler'`);
    expect((await search({ search: "ofu handl" })).titles).toEqual(["Tofu Handler"]);
    await db.execute(sql`DELETE FROM jobs WHERE title = 'Tofu Handler'`);
  });

  test("a text of several words finds the titles holding it together, not those holding its pieces apart", async () => {
    const db = server.services.database.db;
    const now = Date.now();
    await insertJobsBulk(
      db,
      ["Lead Quarry Engineer", "Quarry Engineer", "Quarry Lead Engineer", "Engineer, Quarry"].map((title, i) => ({
        ...neutral(910 + i, now),
        title,
        postingDate: new Date(now - i * 1000),
      })),
    );
    try {
      // No word starts with "uarry" or "ead": the title alone decides.
      expect((await search({ search: "uarry engin", sort: "newest" })).titles).toEqual([
        "Lead Quarry Engineer",
        "Quarry Engineer",
      ]);
      expect((await search({ search: "ead engin" })).titles).toEqual(["Quarry Lead Engineer"]);
      expect((await search({ search: "ead quarry" })).titles).toEqual(["Lead Quarry Engineer"]);
      expect((await search({ search: "uarry ead" })).titles).toEqual([]);
      // A title posted after the list was read joins it at once.
      await insertJobsBulk(db, [
        { ...neutral(914, Date.now()), title: "Quarry Engineering Lead", postingDate: new Date() },
      ]);
      expect((await search({ search: "uarry engin", sort: "newest" })).titles).toEqual([
        "Quarry Engineering Lead",
        "Lead Quarry Engineer",
        "Quarry Engineer",
      ]);
    } finally {
      await db.execute(sql`DELETE FROM jobs WHERE title_lower LIKE '%quarry%'`);
    }
  });

  test("a text of several words held by more titles than are matched one by one still finds every listing", async () => {
    const db = server.services.database.db;
    const now = Date.now();
    const titles = Array.from({ length: 40 }, (_, i) => `Quorn Slicer ${String(i + 1).padStart(2, "0")}`);
    await insertJobsBulk(
      db,
      titles.map((title, i) => ({ ...neutral(920 + i, now), title, postingDate: new Date(now - i * 1000) })),
    );
    try {
      expect((await search({ search: "orn slic", sort: "newest" })).titles).toEqual(titles);
    } finally {
      await db.execute(sql`DELETE FROM jobs WHERE title_lower LIKE 'quorn slicer%'`);
    }
  });

  test("a title or a rare word searched while a listing held it finds nothing once that listing is gone", async () => {
    const db = server.services.database.db;
    await insertJobsBulk(db, [
      {
        ...neutral(901, Date.now()),
        title: "Seitan Roaster",
        description: "Xylographer wanted.",
        postingDate: new Date(),
      },
    ]);
    expect((await search({ search: "itan roast" })).titles).toEqual(["Seitan Roaster"]);
    expect((await search({ search: "xylographer" })).titles).toEqual(["Seitan Roaster"]);
    await db.execute(sql`DELETE FROM jobs WHERE title = 'Seitan Roaster'`);
    expect((await search({ search: "itan roast" })).titles).toEqual([]);
    expect((await search({ search: "xylographer", experienceLevel: "Fresher" })).titles).toEqual([]);
    expect((await search({ search: "xylographer" })).titles).toEqual([]);
  });

  test("a place is not read from the box when a location is given", async () => {
    const { titles, headers } = await search({ search: "engineer chennai", location: "pune" });
    expect(titles).toEqual([]);
    expect(headers.get("x-search-place")).toBeNull();
  });

  test("the filters still narrow a text search", async () => {
    expect((await search({ search: "engineer", location: "pune" })).titles).toEqual(["Software Engineer"]);
  });
});

describe.each(engines)("paging a ranked search on %s", (engine) => {
  let server: TestServer;
  const COUNT = 620;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    await insertJobsBulk(
      server.services.database.db,
      Array.from({ length: COUNT }, (_, i) => ({
        ...neutral(i, now),
        // Every third listing has the word as a whole title word; the others only contain it.
        title: i % 3 === 0 ? `Analyst ${i}` : `Subanalyst ${i}`,
        postingDate: new Date(now - i * 60_000),
      })),
    );
  }, 120_000);
  afterAll(() => server.close());

  test("following the cursor through more matches than are ranked visits every match once", async () => {
    const seen = (await followCursor(server.url, "analyst")).map((job) => job.jobTitle);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
  });

  test("pages by number give the same order as the cursor, the whole-word titles first among the ranked", async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map(async (page) => {
        const { json } = await api(server.url, `/api/jobs?search=analyst&limit=100&page=${page}`);
        return (json as { jobTitle: string }[]).map((job) => job.jobTitle);
      }),
    );
    const all = pages.flat();
    expect(new Set(all).size).toBe(COUNT);
    // The first RANKED_MATCHES matches (the newest) are ranked: their whole-word titles (every third) come first.
    const wholeWords = Math.ceil(RANKED_MATCHES / 3);
    expect(all.slice(0, wholeWords).every((title) => title.startsWith("Analyst "))).toBe(true);
    expect(all[wholeWords]?.startsWith("Subanalyst ")).toBe(true);
  });
});

describe.each(engines)("ranking a word most listings hold on %s", (engine) => {
  let server: TestServer;
  // Enough listings holding the word for the ranking to walk the newest listings rather than read the text index.
  const COUNT = FEW_TEXT_MATCHES + 400;
  let listings: JobValues[] = [];
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    listings = Array.from({ length: COUNT }, (_, i) => ({
      ...neutral(i, now),
      // Every fourth listing has the word in its title; the others in their description only.
      title: i % 4 === 0 ? `Auditor ${i}` : `Reviewer ${i}`,
      description: "Work with the auditor team.",
      location: i % 10 === 0 ? "Delhi" : "Pune",
      postingDate: new Date(now - i * 60_000),
    }));
    await insertJobsBulk(server.services.database.db, listings);
    // The ranking chooses its way by the planner's statistics of the word.
    await server.services.database.db.execute(sql`ANALYZE jobs`);
  }, 180_000);
  afterAll(() => server.close());

  test("the newest matches are ranked with the title matches first, and the cursor then visits every match once", async () => {
    const seen = (await followCursor(server.url, "auditor")).map((job) => job.jobTitle);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
    const inTitle = Math.ceil(RANKED_MATCHES / 4);
    expect(seen.slice(0, inTitle).every((title) => title.startsWith("Auditor "))).toBe(true);
    expect(seen[inTitle]?.startsWith("Reviewer ")).toBe(true);
  });

  test("with a gender and a maximum salary, the walks find every listing the filters allow, each once", async () => {
    const maxSalary = [...listings.map((job) => Number(job.maxSalary))].sort((a, b) => a - b)[
      Math.floor((2 * COUNT) / 3)
    ];
    const allowed = listings
      .filter(
        (job) => job.gender === "Any" && job.salaryCurrency === "INR" && Number(job.maxSalary) <= Number(maxSalary),
      )
      .map((job) => job.title);
    expect(allowed.length).toBeGreaterThan(RANKED_MATCHES);
    for (const sort of ["relevance", "newest"]) {
      const seen = await followCursor(server.url, "auditor", { gender: "Any", maxSalary: String(maxSalary), sort });
      expect(seen.map((job) => job.jobTitle).sort()).toEqual([...allowed].sort());
    }
  });

  test("a place named in the box walks that place's listings, and the cursor visits each of its matches once", async () => {
    const seen = await followCursor(server.url, "auditor pune");
    const inPune = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i % 10 !== 0);
    expect(seen).toHaveLength(inPune.length);
    expect(new Set(seen.map((job) => job.jobTitle)).size).toBe(inPune.length);
    expect(seen.every((job) => job.jobLocation === "Pune")).toBe(true);
    // The auditors among the newest ranked listings in Pune come first.
    const auditors = inPune.slice(0, RANKED_MATCHES).filter((i) => i % 4 === 0).length;
    expect(seen.slice(0, auditors).every((job) => job.jobTitle.startsWith("Auditor "))).toBe(true);
    expect(seen[auditors]?.jobTitle.startsWith("Reviewer ")).toBe(true);
  });

  test("newest first, a place named in the box lists that place's matches in list order", async () => {
    const { headers, json } = await api(server.url, "/api/jobs?search=auditor+pune&sort=newest&limit=100&page=3");
    const inPune = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i % 10 !== 0);
    expect((json as { jobTitle: string }[]).map((job) => job.jobTitle)).toEqual(
      inPune.slice(200, 300).map((i) => `${i % 4 === 0 ? "Auditor" : "Reviewer"} ${i}`),
    );
    expect(headers.get("x-search-place")).not.toBeNull();
  });

  test("pages by number give the same order as the cursor", async () => {
    const byCursor: string[] = [];
    let cursor: string | null = "";
    for (let page = 0; page < 3 && cursor !== null; page += 1) {
      const { headers, json }: { headers: Headers; json: unknown } = await api(
        server.url,
        `/api/jobs?${new URLSearchParams({ search: "auditor", limit: "30", ...(cursor ? { cursor } : {}) })}`,
      );
      byCursor.push(...(json as { jobTitle: string }[]).map((job) => job.jobTitle));
      cursor = headers.get("x-next-cursor");
    }
    const byPage = (
      await Promise.all(
        [1, 2, 3].map(async (page) => {
          const { json } = await api(server.url, `/api/jobs?search=auditor&limit=30&page=${page}`);
          return (json as { jobTitle: string }[]).map((job) => job.jobTitle);
        }),
      )
    ).flat();
    expect(byPage).toEqual(byCursor);
  });
});

/** Forms of a word in the title and elsewhere, a stem that starts another, and a company a list word starts. */
const FORMS_BOARD: Listing[] = [
  { title: "Teaching Assistant", age: 1 * HOUR },
  { title: "Office Coordinator", skills: ["Teacher training"], age: 2 * HOUR },
  { title: "Graphic Designer", age: 3 * HOUR },
  { title: "Brand Consultant", description: "Works beside our designer team.", age: 4 * HOUR },
  { title: "Accounts Assistant", companyName: "Sreenivas Traders", age: 5 * HOUR },
  { title: "Site Reliability Engineer", age: 6 * HOUR },
];

describe.each(engines)("word forms and the synonym list's words on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serveBoard(engine, FORMS_BOARD);
  });
  afterAll(() => server.close());

  async function titles(search: string) {
    const { status, json } = await api(server.url, `/api/jobs?${new URLSearchParams({ search, limit: "100" })}`);
    expect(status, JSON.stringify(json)).toBe(200);
    return (json as { jobTitle: string }[]).map((job) => job.jobTitle).sort();
  }

  test("a plural finds every form of the word, in the title and in the description: 'designers'", async () => {
    expect(await titles("designers")).toEqual(["Brand Consultant", "Graphic Designer"]);
  });

  test("a word whose stem starts a word of another stem still finds it: 'teach' finds 'Teacher training'", async () => {
    expect(await titles("teach")).toEqual(["Office Coordinator", "Teaching Assistant"]);
  });

  test("a word of the synonym list is a whole word: 'sre' finds the Site Reliability Engineer, not Sreenivas Traders", async () => {
    expect(await titles("sre")).toEqual(["Site Reliability Engineer"]);
  });
});

describe.each(engines)("filter option counts on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    await insertJobsBulk(server.services.database.db, [
      {
        ...neutral(1, now),
        title: "Data Analyst",
        experienceLevel: "Fresher",
        employmentType: "Full-time",
        postingDate: new Date(now - HOUR),
      },
      {
        ...neutral(2, now),
        title: "Data Analyst",
        experienceLevel: "Fresher",
        employmentType: "Contract",
        postingDate: new Date(now - 3 * 24 * HOUR),
      },
      {
        ...neutral(3, now),
        title: "Senior Data Analyst",
        experienceLevel: "5+ Year",
        employmentType: "Full-time",
        postingDate: new Date(now - 10 * 24 * HOUR),
      },
      {
        ...neutral(4, now),
        title: "Nurse",
        experienceLevel: "Fresher",
        employmentType: "Full-time",
        postingDate: new Date(now - HOUR),
      },
    ]);
  });
  afterAll(() => server.close());

  test("each option counts the results it would give with the other filters as they are", async () => {
    const search = jobSearchSchema.parse({ search: "analyst", employmentType: "Full-time" });
    const { optionCounts: counts, ...page } = await server.services.jobs.searchJobsWithOptionCounts(search);
    expect(page).toEqual(await server.services.jobs.searchJobs(search));
    expect(page.total).toBe(2);
    expect(counts.experienceLevel?.Fresher).toEqual({ total: 1, totalIsExact: true });
    expect(counts.experienceLevel?.["5+ Year"]).toEqual({ total: 1, totalIsExact: true });
    expect(counts.employmentType?.Contract).toEqual({ total: 1, totalIsExact: true });
    expect(counts.employmentType?.["Full-time"]).toEqual({ total: 2, totalIsExact: true });
    expect(counts.datePosted).toMatchObject({
      "24h": { total: 1 },
      "7d": { total: 1 },
      "30d": { total: 2 },
      all: { total: 2 },
    });
  });
  test("a misspelt search corrected at once counts the options of the results it shows", async () => {
    const { optionCounts, total, didYouMean } = await server.services.jobs.searchJobsWithOptionCounts(
      jobSearchSchema.parse({ search: "analsyt", employmentType: "Full-time" }),
    );
    expect(didYouMean).toMatchObject({ search: "analyst", applied: true });
    expect(total).toBe(2);
    expect(optionCounts.employmentType?.["Full-time"]).toEqual({ total: 2, totalIsExact: true });
    expect(optionCounts.employmentType?.Contract).toEqual({ total: 1, totalIsExact: true });
    expect(optionCounts.experienceLevel?.Fresher).toEqual({ total: 1, totalIsExact: true });
  });
});

describe.each(engines)("an operator's synonyms on %s", (engine) => {
  let server: TestServer;
  let file: string;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    await insertJobsBulk(server.services.database.db, [
      { ...neutral(1, now), title: "Barista", postingDate: new Date(now - HOUR) },
    ]);
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "synonyms-")), "synonyms.txt");
    fs.writeFileSync(file, "# ours\ncoffee maker, barista\n");
  });
  afterAll(() => server.close());

  test("a group in SEARCH_SYNONYMS_FILE joins the shipped list", async () => {
    const jobs = createJobs({
      db: server.services.database.db,
      env: loadEnv({ NODE_ENV: "test", SEARCH_SYNONYMS_FILE: file }),
    });
    const page = await jobs.searchJobs(jobSearchSchema.parse({ search: "coffee maker" }));
    expect(page.jobs.map((job) => job.jobTitle)).toEqual(["Barista"]);
  });

  test("a SEARCH_SYNONYMS_FILE that does not exist stops the start with the setting named", () => {
    expect(() => loadEnv({ NODE_ENV: "test", SEARCH_SYNONYMS_FILE: "/no/such/file.txt" })).toThrow(
      /SEARCH_SYNONYMS_FILE/,
    );
  });
});

describe.each(engines)("a word only older listings hold on %s", (engine) => {
  let server: TestServer;
  // More listings than a walk reads, the word only in the oldest: enough of them for the planner to expect a walk
  // to meet it, none among the listings walked.
  const HOLDING = 400;
  const COUNT = RANKING_WALK + 1_000 + HOLDING;
  const holding = (i: number) => i >= COUNT - HOLDING;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    await insertJobsBulk(
      server.services.database.db,
      Array.from({ length: COUNT }, (_, i) => ({
        ...neutral(i, now),
        title: `Clerk ${i}`,
        skills: holding(i) ? ["Zircon"] : ["Paper"],
        postingDate: new Date(now - i * 60_000),
      })),
    );
    await server.services.database.db.execute(sql`ANALYZE jobs`);
  }, 180_000);
  afterAll(() => server.close());

  test("newest first, a word no walked listing holds is still found, page after page", async () => {
    const expected = Array.from({ length: COUNT }, (_, i) => i).filter(holding);
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const { headers, json }: { headers: Headers; json: unknown } = await api(
        server.url,
        `/api/jobs?${new URLSearchParams({ search: "zircon", sort: "newest", limit: "10", ...(cursor ? { cursor } : {}) })}`,
      );
      seen.push(...(json as { jobTitle: string }[]).map((job) => job.jobTitle));
      cursor = headers.get("x-next-cursor");
    }
    expect(seen).toEqual(expected.map((i) => `Clerk ${i}`));
    const { json } = await api(server.url, "/api/jobs?search=zircon&sort=newest&limit=10&page=4");
    expect((json as { jobTitle: string }[]).map((job) => job.jobTitle)).toEqual(
      expected.slice(30, 40).map((i) => `Clerk ${i}`),
    );
  });
});

describe.each(engines)("a common word one filtered listing in 200 holds on %s", (engine) => {
  let server: TestServer;
  // Common enough for the ranking to walk the newest listings passing the filter (FEW_TEXT_MATCHES), rare among them:
  // the walk meets 20, and a page of 50 needs 30 more from past it.
  const EVERY = 200;
  const FILTERED = 3 * RANKING_WALK;
  const ELSEWHERE = FEW_TEXT_MATCHES + 200;
  const holding = (i: number) => i % EVERY === EVERY - 1;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    await insertJobsBulk(server.services.database.db, [
      ...Array.from({ length: FILTERED }, (_, i) => ({
        ...neutral(i, now),
        title: `Clerk ${i}`,
        experienceLevel: "0-3 Year",
        skills: holding(i) ? ["Zircon"] : ["Paper"],
        postingDate: new Date(now - i * 60_000),
      })),
      ...Array.from({ length: ELSEWHERE }, (_, i) => ({
        ...neutral(FILTERED + i, now),
        title: `Senior Clerk ${i}`,
        experienceLevel: "5+ Year",
        skills: ["Zircon"],
        postingDate: new Date(now - i * 60_000 - 30_000),
      })),
    ]);
    await server.services.database.db.execute(sql`ANALYZE jobs`);
  }, 180_000);
  afterAll(() => server.close());

  test("a ranked page reaching past the matches its walk met goes on with the next ones, newest first", async () => {
    const expected = Array.from({ length: FILTERED }, (_, i) => i)
      .filter(holding)
      .map((i) => `Clerk ${i}`);
    const search = { search: "zircon", experienceLevel: "0-3 Year", limit: "50" };
    const first = await api(server.url, `/api/jobs?${new URLSearchParams(search)}`);
    expect((first.json as { jobTitle: string }[]).map((job) => job.jobTitle)).toEqual(expected.slice(0, 50));
    const cursor = first.headers.get("x-next-cursor") ?? "";
    const next = await api(server.url, `/api/jobs?${new URLSearchParams({ ...search, cursor })}`);
    expect((next.json as { jobTitle: string }[]).map((job) => job.jobTitle)).toEqual(expected.slice(50, 60));
    expect(next.headers.get("x-next-cursor")).toBeNull();
  });
});

describe.each(engines)("a text search with an experience level or an employment type on %s", (engine) => {
  let server: TestServer;
  const combinations = EXPERIENCE_LEVELS.flatMap((experienceLevel) =>
    EMPLOYMENT_TYPES.map((employmentType) => ({ experienceLevel, employmentType })),
  );
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    await insertJobsBulk(
      server.services.database.db,
      combinations.map((combination, i) => ({
        ...neutral(i, now),
        ...combination,
        title: `Clerk ${combination.experienceLevel} ${combination.employmentType}`,
        skills: ["Zircon"],
        postingDate: new Date(now - i * 60_000),
      })),
    );
  });
  afterAll(() => server.close());

  test("finds every listing at each level and of each type, whichever way its page is read", async () => {
    const filters = [
      ...EXPERIENCE_LEVELS.map((experienceLevel) => ({ experienceLevel })),
      ...EMPLOYMENT_TYPES.map((employmentType) => ({ employmentType })),
      ...combinations,
    ];
    for (const filter of filters) {
      const expected = combinations
        .filter((combination) =>
          Object.entries(filter).every(([key, value]) => combination[key as keyof typeof combination] === value),
        )
        .map((combination) => `Clerk ${combination.experienceLevel} ${combination.employmentType}`);
      for (const sort of ["relevance", "newest"]) {
        const { json } = await api(
          server.url,
          `/api/jobs?${new URLSearchParams({ search: "zircon", sort, ...filter })}`,
        );
        expect(
          (json as { jobTitle: string }[]).map((job) => job.jobTitle),
          `${sort} ${JSON.stringify(filter)}`,
        ).toEqual(expected);
      }
    }
  });
});

describe.each(engines)("words that name an experience level or an employment type on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    const listing = (i: number, values: Partial<JobValues> & { title: string }) => ({
      ...neutral(i, now),
      ...values,
      postingDate: new Date(now - i * HOUR),
    });
    await insertJobsBulk(server.services.database.db, [
      listing(1, { title: "Store Assistant", experienceLevel: "Fresher", employmentType: "Full-time" }),
      listing(2, {
        title: "Office Assistant",
        description: "Freshers are welcome to apply.",
        experienceLevel: "0-3 Year",
        employmentType: "Full-time",
      }),
      listing(3, { title: "Sales Assistant", experienceLevel: "3-5 Year", employmentType: "Part-time" }),
      listing(4, { title: "Field Assistant", experienceLevel: "5+ Year", employmentType: "Contract" }),
    ]);
  });
  afterAll(() => server.close());

  const titles = async (query: Record<string, string>) => {
    const { status, json } = await api(server.url, `/api/jobs?${new URLSearchParams(query)}`);
    expect(status, JSON.stringify(json)).toBe(200);
    return (json as { jobTitle: string }[]).map((job) => job.jobTitle);
  };

  test("a word naming a level finds that level's listings and those whose words say it", async () => {
    expect(await titles({ search: "fresher assistant", sort: "newest" })).toEqual([
      "Store Assistant",
      "Office Assistant",
    ]);
  });

  test("with another level chosen, a word naming a level finds that level's listings whose words say it", async () => {
    expect(await titles({ search: "fresher assistant", experienceLevel: "0-3 Year" })).toEqual(["Office Assistant"]);
    expect(await titles({ search: "fresher assistant", experienceLevel: "5+ Year" })).toEqual([]);
  });

  test("a phrase naming a type finds the listings of that type: 'part time assistant' finds the part-time one", async () => {
    expect(await titles({ search: "part time assistant" })).toEqual(["Sales Assistant"]);
    expect(await titles({ search: "contract assistant", employmentType: "Contract" })).toEqual(["Field Assistant"]);
    expect(await titles({ search: "contract assistant", employmentType: "Full-time" })).toEqual([]);
  });

  test("with another level chosen, each level's option still counts what the word finds at that level", async () => {
    const { optionCounts, total } = await server.services.jobs.searchJobsWithOptionCounts(
      jobSearchSchema.parse({ search: "fresher", experienceLevel: "0-3 Year" }),
    );
    expect(total).toBe(1);
    expect(optionCounts.experienceLevel?.Fresher).toEqual({ total: 1, totalIsExact: true });
    expect(optionCounts.experienceLevel?.["0-3 Year"]).toEqual({ total: 1, totalIsExact: true });
    expect(optionCounts.experienceLevel?.["5+ Year"]).toEqual({ total: 0, totalIsExact: true });
  });
});
