import { expect, test } from "vitest";
import { EXPERIENCE_LEVELS } from "#shared/job.ts";
import { searchCorpus } from "#scripts/bench/corpus.ts";
import { seedKind } from "#scripts/bench/seed-kind.ts";
import { REALISTIC_LENGTH } from "#server/seed/realistic-jobs.ts";
import { FAMILIES, REALISTIC_ROLES, type Family } from "#server/seed/realistic-text.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";

const NOW = new Date("2026-01-15T12:00:00Z");
const SAMPLE = 1_000;
const board = Array.from({ length: SAMPLE }, (_, i) => syntheticJob(i + 1, NOW, { realistic: true }));

/** The role family of a seeded title: the realistic role whose title it ends with (seniority comes first). */
const familyOf = (title: string): Family => {
  const role = REALISTIC_ROLES.find((candidate) => title.endsWith(candidate.title));
  if (!role) throw new Error(`No role for ${title}`);
  return role.family;
};
/** The words of a text as a search reads them: lower-cased, letters and digits. */
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
const listings = board.map((job) => ({ job, family: familyOf(job.title), words: wordsOf(job.description) }));
/** The share of `among` whose description holds the word or a form of it ("team" or "teams"). */
const share = (word: string, among = listings) =>
  among.filter(({ words }) => words.has(word) || words.has(`${word}s`)).length / among.length;

test("realistic descriptions are 2,500–3,500 characters long, and the same listing number always gives the same listing", () => {
  for (const { job } of listings) {
    expect(job.description.length, job.title).toBeGreaterThanOrEqual(REALISTIC_LENGTH.min);
    expect(job.description.length, job.title).toBeLessThanOrEqual(REALISTIC_LENGTH.max);
  }
  expect(syntheticJob(17, NOW, { realistic: true })).toEqual(board[16]);
  expect(new Set(board.map((job) => job.description)).size).toBe(SAMPLE);
});

test("the common words of real job ads are in most listings: team, customer, experience, data, sales, work, skills, support, management", () => {
  for (const word of ["team", "experience", "work", "skills", "customer", "support", "data", "sales"])
    expect(share(word), word).toBeGreaterThan(0.75);
  expect(share("management")).toBeGreaterThan(0.5);
});

test("a role's own words are in nearly every listing of its family and hardly any other", () => {
  const markers: Record<Family, string> = {
    software: "api",
    data: "sql",
    sales: "leads",
    support: "outbound",
    health: "patient",
    finance: "tds",
    teaching: "school",
    logistics: "shipment",
    design: "usability",
    hr: "sourcing",
    marketing: "campaign",
    hospitality: "hotel",
    manufacturing: "drawing",
  };
  for (const family of FAMILIES) {
    const inside = listings.filter((listing) => listing.family === family);
    const outside = listings.filter((listing) => listing.family !== family);
    expect(inside.length, family).toBeGreaterThan(20);
    expect(share(markers[family], inside), family).toBeGreaterThan(0.8);
    expect(share(markers[family], outside), family).toBeLessThan(0.05);
  }
});

test("every listing carries a few rare words, ones fewer than one listing in twenty holds", () => {
  const holders = new Map<string, number>();
  for (const { words } of listings) for (const word of words) holders.set(word, (holders.get(word) ?? 0) + 1);
  const rare = listings
    .map(({ words }) => [...words].filter((word) => (holders.get(word) ?? 0) < SAMPLE / 20).length)
    .sort((a, b) => a - b);
  expect(rare[0]).toBeGreaterThanOrEqual(1);
  expect(rare[SAMPLE / 2]).toBeGreaterThanOrEqual(5);
});

test("realistic listings read as written: no placeholder left, 'an' before a vowel, and only office roles are remote", () => {
  for (const { job, family } of listings) {
    const text = `${job.description}\n${job.responsibilities}\n${job.requirements}`;
    expect(text, job.title).not.toMatch(/[{}]/);
    expect(text, job.title).not.toMatch(/\ba [aeio]/i);
    expect(job.responsibilities?.split("\n"), job.title).toHaveLength(3);
    expect(job.description, job.title).toContain(job.title);
    expect(job.description, job.title).toContain(job.location === "Remote" ? "Remote" : `, ${job.location}`);
    if (job.location === "Remote") expect(["health", "teaching", "hospitality", "manufacturing"]).not.toContain(family);
  }
});

test("a realistic listing keeps the short one's dates, company, enums and openings: only its role and texts change", () => {
  for (let i = 1; i <= 200; i++) {
    const short = syntheticJob(i, NOW);
    const long = syntheticJob(i, NOW, { realistic: true });
    for (const field of [
      "postingDate",
      "companyName",
      "experienceLevel",
      "employmentType",
      "gender",
      "openings",
    ] as const)
      expect(long[field], `${i} ${field}`).toEqual(short[field]);
  }
  // The short seed's own listings are as they were: its descriptions stay about 220 characters.
  expect(syntheticJob(3, NOW).description.length).toBeLessThan(400);
  expect(EXPERIENCE_LEVELS).toContain(syntheticJob(3, NOW, { realistic: true }).experienceLevel);
});

test("the benchmark's corpus has 500 distinct queries, a third of several words, typos, and words of the realistic descriptions", () => {
  const corpus = searchCorpus(600);
  expect(new Set(corpus).size).toBe(600);
  expect(searchCorpus(600)).toEqual(corpus);
  const searches = corpus.map((path) => new URL(path, "http://localhost").searchParams.get("search") ?? "");
  const typed = searches.filter((search) => search.length > 0);
  expect(typed.filter((search) => search.trim().split(/\s+/).length > 1).length / corpus.length).toBeGreaterThan(0.3);
  const vocabulary = new Set(listings.flatMap(({ words }) => [...words]));
  // Every word of the search is in some realistic description (or a form of it): the descriptions answer it.
  const answered = typed.filter((search) =>
    [...wordsOf(search)].every((word) => vocabulary.has(word) || vocabulary.has(`${word}s`)),
  );
  expect(answered.length / typed.length).toBeGreaterThan(0.5);
  expect(typed).toEqual(expect.arrayContaining(["customer service", "data entry", "team"]));
});

test("the benchmark names the seed it found from the first page's descriptions", () => {
  expect(seedKind(board.slice(0, 10).map((job) => job.description))).toMatch(/^realistic descriptions/);
  const short = Array.from({ length: 10 }, (_, i) => syntheticJob(i + 1, NOW).description);
  expect(seedKind(short)).toMatch(/^short descriptions .*--realistic/);
  const madeUp = Array.from({ length: 10 }, (_, i) => syntheticJob(i + 1, NOW, { descriptionWords: 340 }).description);
  expect(seedKind(madeUp)).toMatch(/^long descriptions, not the realistic seed's/);
});
