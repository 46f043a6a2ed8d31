import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import type { JobValues } from "#server/jobs/mapper.ts";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Listing = Pick<
  JobValues,
  "title" | "location" | "experienceLevel" | "employmentType" | "gender" | "englishLevel" | "minSalary" | "maxSalary"
> & { age: number };

/**
 * A small board whose every row is named, so each filter's expected result is written out by hand.
 * Ages sit five minutes either side of the 24 h / 7 d / 30 d cutoffs and of the 30-day expiry.
 */
const BOARD: Listing[] = [
  {
    title: "Senior React Developer",
    location: "Bengaluru, India",
    experienceLevel: "5+ Year",
    employmentType: "Full-time",
    gender: "Male",
    englishLevel: "Advanced English",
    minSalary: 50_000,
    maxSalary: 90_000,
    age: 1 * HOUR,
  },
  {
    title: "1000 Club Manager",
    location: "Mumbai",
    experienceLevel: "3-5 Year",
    employmentType: "Contract",
    gender: "Other",
    englishLevel: "Intermediate English",
    minSalary: 9_000,
    maxSalary: 100_000,
    age: 2 * HOUR,
  },
  {
    title: "QAxLead Tester",
    location: "Pune",
    experienceLevel: "Fresher",
    employmentType: "Full-time",
    gender: "Female",
    englishLevel: "Basic English",
    minSalary: 15_000,
    maxSalary: 25_000,
    age: 3 * HOUR,
  },
  {
    title: "react native engineer",
    location: "Remote",
    experienceLevel: "0-3 Year",
    employmentType: "Contract",
    gender: "Female",
    englishLevel: "Intermediate English",
    minSalary: 30_000,
    maxSalary: 45_000,
    age: DAY - 5 * MINUTE,
  },
  {
    title: "Data Analyst",
    location: "Mumbai",
    experienceLevel: "Fresher",
    employmentType: "Part-time",
    gender: "Other",
    englishLevel: "Basic English",
    minSalary: 10_000,
    maxSalary: 20_000,
    age: DAY + 5 * MINUTE,
  },
  {
    title: "100% Remote QA",
    location: "Pune",
    experienceLevel: "3-5 Year",
    employmentType: "Full-time",
    gender: "Any",
    englishLevel: "Intermediate English",
    minSalary: 40_000,
    maxSalary: 60_000,
    age: 7 * DAY - 5 * MINUTE,
  },
  {
    title: "QA_Lead",
    location: "BENGALURU",
    experienceLevel: "Internship",
    employmentType: "Part-time",
    gender: "Female",
    englishLevel: "Advanced English",
    minSalary: 20_000,
    maxSalary: 40_000,
    age: 7 * DAY + 5 * MINUTE,
  },
  {
    title: "Backend Engineer",
    location: "Delhi",
    experienceLevel: "0-3 Year",
    employmentType: "Full-time",
    gender: "Male",
    englishLevel: "Basic English",
    minSalary: 60_000,
    maxSalary: 60_000,
    age: 30 * DAY - 5 * MINUTE,
  },
  {
    title: "Expired React Developer",
    location: "Bengaluru",
    experienceLevel: "0-3 Year",
    employmentType: "Full-time",
    gender: "Male",
    englishLevel: "Advanced English",
    minSalary: 50_000,
    maxSalary: 60_000,
    age: 30 * DAY + 5 * MINUTE,
  },
  {
    title: "Ancient React Developer",
    location: "Remote",
    experienceLevel: "5+ Year",
    employmentType: "Contract",
    gender: "Any",
    englishLevel: "Advanced English",
    minSalary: 70_000,
    maxSalary: 80_000,
    age: 45 * DAY,
  },
];

/** Every live listing, newest first. */
const LIVE = [
  "Senior React Developer",
  "1000 Club Manager",
  "QAxLead Tester",
  "react native engineer",
  "Data Analyst",
  "100% Remote QA",
  "QA_Lead",
  "Backend Engineer",
];

describe.each(engines)("GET /api/jobs filters on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = Date.now();
    await insertJobsBulk(
      server.services.database.db,
      BOARD.map(({ age, ...listing }, i) => ({
        ...syntheticJob(i + 1, new Date(now)),
        // Only the title and location say anything a search could find: the words of each expectation are in sight.
        companyName: "Listing Company",
        industry: "General",
        description: "A listing.",
        skills: [],
        ...listing,
        postingDate: new Date(now - age),
      })),
    );
  });
  afterAll(() => server.close());

  /** Titles answered for a query, in the order the API gives them, plus the total header. */
  async function titles(query: Record<string, string>) {
    const { status, headers, json } = await api(
      server.url,
      `/api/jobs?${new URLSearchParams({ limit: "100", ...query })}`,
    );
    expect(status, JSON.stringify(json)).toBe(200);
    const list = (json as { jobTitle: string }[]).map((job) => job.jobTitle);
    expect(headers.get("x-total-count")).toBe(String(list.length));
    return list;
  }

  test("with no filters every live listing comes back newest first and expired ones are left out", async () => {
    expect(await titles({})).toEqual(LIVE);
  });

  test("a listing posted just under 30 days ago is live and one just over 30 days ago has expired", async () => {
    const list = await titles({});
    expect(list).toContain("Backend Engineer");
    expect(list).not.toContain("Expired React Developer");
  });

  test("expired listings are still returned by /api/all-jobs and by id", async () => {
    const { status, json } = await api(server.url, "/api/all-jobs");
    expect(status).toBe(200);
    const all = json as { _id: string; jobTitle: string }[];
    expect(all.map((job) => job.jobTitle)).toEqual([...LIVE, "Expired React Developer", "Ancient React Developer"]);
    const expired = all.find((job) => job.jobTitle === "Expired React Developer");
    const byId = await api(server.url, `/api/all-jobs/${expired?._id}`);
    expect(byId.status).toBe(200);
    expect(byId.json.jobTitle).toBe("Expired React Developer");
  });

  test("search matches titles that contain the text, whatever the case", async () => {
    expect(await titles({ search: "react" })).toEqual(["Senior React Developer", "react native engineer"]);
    expect(await titles({ search: "REACT" })).toEqual(["Senior React Developer", "react native engineer"]);
  });

  test("search finds a word in the location too, after the listings whose title has it", async () => {
    expect(await titles({ search: "remote" })).toEqual(["100% Remote QA", "react native engineer"]);
  });

  test("a % in the search is a literal percent sign, not a wildcard", async () => {
    expect(await titles({ search: "100%" })).toEqual(["100% Remote QA"]);
  });

  test("an _ in the search is a literal underscore, not a single-character wildcard", async () => {
    expect(await titles({ search: "QA_" })).toEqual(["QA_Lead"]);
  });

  test("a backslash in the search is a literal character and matches nothing here", async () => {
    expect(await titles({ search: "\\" })).toEqual([]);
  });

  test("a one-character search matches every title that contains it, whatever the case", async () => {
    expect(await titles({ search: "R" })).toEqual([
      "Senior React Developer",
      "1000 Club Manager",
      "QAxLead Tester",
      "react native engineer",
      "100% Remote QA",
      "Backend Engineer",
    ]);
    expect(await titles({ search: "_" })).toEqual(["QA_Lead"]);
  });

  test("a two-character search matches titles that contain it at the start, in the middle or at the end", async () => {
    expect(await titles({ search: "qA" })).toEqual(["QAxLead Tester", "100% Remote QA", "QA_Lead"]);
    expect(await titles({ search: "% " })).toEqual(["100% Remote QA"]);
  });

  test("a two-character search that no title contains finds nothing", async () => {
    expect(await titles({ search: "zx" })).toEqual([]);
  });

  test("a two-character location matches locations that contain it", async () => {
    expect(await titles({ location: "PU" })).toEqual(["QAxLead Tester", "100% Remote QA"]);
  });

  test("location matches locations that contain the text, whatever the case", async () => {
    expect(await titles({ location: "bengaluru" })).toEqual(["Senior React Developer", "QA_Lead"]);
  });

  test("location looks at the location only, not the title", async () => {
    expect(await titles({ location: "remote" })).toEqual(["react native engineer"]);
  });

  test("experienceLevel keeps listings with exactly that level", async () => {
    expect(await titles({ experienceLevel: "0-3 Year" })).toEqual(["react native engineer", "Backend Engineer"]);
  });

  test("employmentType keeps listings with exactly that type", async () => {
    expect(await titles({ employmentType: "Contract" })).toEqual(["1000 Club Manager", "react native engineer"]);
  });

  test("gender keeps listings with exactly that gender", async () => {
    expect(await titles({ gender: "Female" })).toEqual(["QAxLead Tester", "react native engineer", "QA_Lead"]);
    expect(await titles({ gender: "Male" })).toEqual(["Senior React Developer", "Backend Engineer"]);
  });

  test("englishLevel keeps listings with exactly that level", async () => {
    expect(await titles({ englishLevel: "Basic English" })).toEqual([
      "QAxLead Tester",
      "Data Analyst",
      "Backend Engineer",
    ]);
  });

  test("empty filter values mean any", async () => {
    expect(
      await titles({
        search: "",
        location: "",
        experienceLevel: "",
        employmentType: "",
        gender: "",
        englishLevel: "",
        minSalary: "",
        maxSalary: "",
        datePosted: "",
      }),
    ).toEqual(LIVE);
  });

  test("minSalary keeps listings whose minPrice is at least it, the boundary included", async () => {
    expect(await titles({ minSalary: "40000" })).toEqual([
      "Senior React Developer",
      "100% Remote QA",
      "Backend Engineer",
    ]);
  });

  test("salaries compare as numbers, not as text", async () => {
    // As text, "10000" < "9500" and "100000" < "60000"; as numbers they are not.
    expect(await titles({ minSalary: "9500" })).toEqual(LIVE.filter((title) => title !== "1000 Club Manager"));
    expect(await titles({ maxSalary: "60000" })).not.toContain("1000 Club Manager");
  });

  test("maxSalary keeps listings whose maxPrice is at most it, the boundary included", async () => {
    expect(await titles({ maxSalary: "60000" })).toEqual([
      "QAxLead Tester",
      "react native engineer",
      "Data Analyst",
      "100% Remote QA",
      "QA_Lead",
      "Backend Engineer",
    ]);
  });

  test("salary filters accept thousands separators", async () => {
    expect(await titles({ minSalary: "40,000" })).toEqual(await titles({ minSalary: "40000" }));
  });

  test("datePosted 24h keeps listings posted within the last 24 hours", async () => {
    expect(await titles({ datePosted: "24h" })).toEqual([
      "Senior React Developer",
      "1000 Club Manager",
      "QAxLead Tester",
      "react native engineer",
    ]);
  });

  test("datePosted 7d keeps listings posted within the last 7 days", async () => {
    expect(await titles({ datePosted: "7d" })).toEqual(LIVE.slice(0, 6));
    expect(await titles({ datePosted: "7d" })).not.toContain("QA_Lead");
  });

  test("datePosted 30d keeps every live listing and no expired one", async () => {
    expect(await titles({ datePosted: "30d" })).toEqual(LIVE);
  });

  test("datePosted all keeps every live listing", async () => {
    expect(await titles({ datePosted: "all" })).toEqual(LIVE);
  });

  test("every filter together keeps only the listing that satisfies all of them", async () => {
    const all = {
      search: "react",
      location: "bengaluru",
      experienceLevel: "5+ Year",
      employmentType: "Full-time",
      gender: "Male",
      englishLevel: "Advanced English",
      minSalary: "50000",
      maxSalary: "90000",
      datePosted: "24h",
    };
    expect(await titles(all)).toEqual(["Senior React Developer"]);
    expect(await titles({ ...all, englishLevel: "Basic English" })).toEqual([]);
    expect(await titles({ ...all, maxSalary: "89999" })).toEqual([]);
  });

  test("filters combine with AND", async () => {
    expect(await titles({ location: "pune", employmentType: "Full-time" })).toEqual([
      "QAxLead Tester",
      "100% Remote QA",
    ]);
    expect(await titles({ location: "pune", employmentType: "Full-time", datePosted: "24h" })).toEqual([
      "QAxLead Tester",
    ]);
    expect(await titles({ search: "engineer", experienceLevel: "0-3 Year", gender: "Male" })).toEqual([
      "Backend Engineer",
    ]);
    expect(await titles({ minSalary: "20000", maxSalary: "45000" })).toEqual(["react native engineer", "QA_Lead"]);
  });

  test("the total header counts every match, not just the page", async () => {
    const { headers, json } = await api(server.url, "/api/jobs?limit=2");
    expect(json).toHaveLength(2);
    expect(headers.get("x-total-count")).toBe(String(LIVE.length));
    expect(headers.get("access-control-expose-headers")).toMatch(/X-Total-Count/i);
  });

  test("page and limit walk through the matches in order", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => api(server.url, `/api/jobs?limit=3&page=${page}`)));
    expect(pages.map((p) => p.json.map((job: { jobTitle: string }) => job.jobTitle))).toEqual([
      LIVE.slice(0, 3),
      LIVE.slice(3, 6),
      LIVE.slice(6, 8),
      [],
    ]);
    for (const page of pages) expect(page.headers.get("x-total-count")).toBe(String(LIVE.length));
  });

  test.each([
    ["experienceLevel", "Senior"],
    ["employmentType", "Freelance"],
    ["gender", "Unknown"],
    ["englishLevel", "Fluent English"],
    ["datePosted", "1y"],
    ["minSalary", "lots"],
    ["maxSalary", "-5"],
    ["page", "0"],
    ["page", "two"],
    ["limit", "0"],
    ["limit", "101"],
    ["limit", "2.5"],
    ["search", "x".repeat(201)],
  ])("an invalid %s (%s) is a 400 naming the field", async (field, value) => {
    const { status, headers, json } = await api(server.url, `/api/jobs?${new URLSearchParams({ [field]: value })}`);
    expect(status).toBe(400);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(json.error.code).toBe("VALIDATION_FAILED");
    expect(json.error.fields).toHaveProperty(field);
    expect(json.error.fields[field]).toEqual(expect.any(String));
  });
});

describe.each(engines)("GET /api/jobs paging on %s", (engine) => {
  let server: TestServer;
  const POSTED = new Date(Date.now() - HOUR);

  beforeAll(async () => {
    server = await startTestServer({ engine });
    // 25 listings posted at the same instant: the order must still be total so pages never overlap.
    await insertJobsBulk(
      server.services.database.db,
      Array.from({ length: 25 }, (_, i) => ({ ...syntheticJob(i + 1, POSTED), postingDate: POSTED })),
    );
  });
  afterAll(() => server.close());

  test("without page or limit the first 10 listings come back with the total in X-Total-Count", async () => {
    const { status, headers, json } = await api(server.url, "/api/jobs");
    expect(status).toBe(200);
    expect(json).toHaveLength(10);
    expect(headers.get("x-total-count")).toBe("25");
  });

  test("pages of equally old listings never repeat or skip a listing", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => api(server.url, `/api/jobs?page=${page}`)));
    expect(pages.map((p) => p.json.length)).toEqual([10, 10, 5]);
    const ids = pages.flatMap((p) => p.json.map((job: { _id: string }) => job._id));
    expect(new Set(ids).size).toBe(25);
    const all = await api(server.url, "/api/jobs?limit=100");
    expect(ids).toEqual(all.json.map((job: { _id: string }) => job._id));
  });

  test("a page past the end is an empty list with the total still given", async () => {
    const { status, headers, json } = await api(server.url, "/api/jobs?page=9");
    expect(status).toBe(200);
    expect(json).toEqual([]);
    expect(headers.get("x-total-count")).toBe("25");
  });

  test("limit 100 is allowed and returns every listing at once", async () => {
    const { json } = await api(server.url, "/api/jobs?limit=100");
    expect(json).toHaveLength(25);
  });
});
