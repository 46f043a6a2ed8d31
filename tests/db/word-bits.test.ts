import { sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import { jobs } from "#server/db/schema.ts";
import { JOIN_COMPANY_BY_NAME } from "#server/jobs.ts";
import { containsPattern } from "#server/jobs/filters.ts";
import { loadSynonyms, parseSearchQuery } from "#server/jobs/query.ts";
import { textCandidates, textMatches } from "#server/jobs/relevance.ts";
import { syntheticJob } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

let testDatabase: TestDatabase | undefined;
afterEach(() => testDatabase?.drop());

/** Listings whose words take every path to the text index: synonyms, phrases, compounds, signs, numbers, accents. */
const LISTINGS = [
  {
    title: "Senior React Frontend Developer",
    skills: ["React", "TypeScript"],
    description: "Build our e-commerce front end.",
  },
  { title: "JavaScript Developer", skills: ["Node.js"], description: "Node.js services on Kubernetes." },
  { title: "Machine Learning Engineer", skills: ["Python"], description: "Models for our recruiters." },
  { title: "Chartered Accountant, 100% Remote", skills: ["Tally"], description: "Audit and GST, 100% remote." },
  { title: "Staff Nurse", skills: ["Patient care"], description: "Nursing in the ICU, night shifts." },
  { title: "C++ Developer", skills: ["C++", "C#", ".NET"], description: "Low-latency systems." },
  { title: "Human Resources Recruiter", skills: ["Hiring"], description: "Fresher roles, wfh." },
  { title: "Role 07", skills: ["Excel"], description: "Café operations and the weekly rota." },
  { title: "Graphic Designer", skills: ["Figma"], description: "Brand work for Infosys." },
];

const QUERIES = [
  "developer react",
  "js developer",
  "k8s",
  "ml engineer",
  "front end developer",
  "c++",
  "c# .net",
  "e-commerce",
  "nursing",
  "nurses",
  "the developer",
  "eng",
  "kubern",
  "figm brand",
  "ca",
  "hr recruiter",
  "node.js",
  "100%",
  "café",
  "role 07",
  '"machine learning"',
  "figma infosys",
  "designer graphic",
  "recruiter fresher wfh",
];

async function seedListings(db: TestDatabase["database"]["db"]) {
  const now = new Date();
  await db
    .insert(jobs)
    .values(LISTINGS.map((listing, i) => ({ ...syntheticJob(i, now), ...listing, companyId: JOIN_COMPANY_BY_NAME })));
}

/** A lexeme's two bits as migration 0033 numbers them: ten bits of its hash for the first, the next ten for the second. */
const LEXEME_BITS = sql.raw(`(hashtext(lexeme) & 1023) | (((hashtext(lexeme) >> 10) & 1023) << 10)`);

const count = async (db: TestDatabase["database"]["db"], where: ReturnType<typeof sql>) =>
  Number((await rowsOf(db, sql`SELECT count(*) AS n FROM ${jobs} WHERE ${where}`))[0]?.n);

test.each(engines)("on %s every word of a listing has its two bits set", async (engine) => {
  testDatabase = await createTestDatabase(engine);
  const { db } = testDatabase.database;
  await seedListings(db);
  const [row] = await rowsOf(
    db,
    sql`SELECT count(*) AS words, bool_and(job_has_word(word_bits, ${LEXEME_BITS})) AS all_set
      FROM ${jobs}, unnest(tsvector_to_array(search_vector)) AS lexeme`,
  );
  expect(Number(row?.words)).toBeGreaterThan(100);
  expect(row?.all_set).toBe(true);
});

test.each(engines)(
  "on %s the word bits rule out no listing a search matches, and rule out the others",
  async (engine) => {
    testDatabase = await createTestDatabase(engine);
    const { db } = testDatabase.database;
    await seedListings(db);
    const synonyms = loadSynonyms();
    let ruledOut = 0;
    const missed: string[] = [];
    const unfound: string[] = [];
    for (const text of QUERIES) {
      const query = parseSearchQuery(text, synonyms);
      for (const complete of [new Set<string>(), new Set(query.groups.flatMap((group) => group.alternatives))]) {
        const title = sql`${jobs.titleLower} LIKE ${containsPattern(text)}`;
        const matches = textMatches(query, title, { complete });
        const candidates = textCandidates(query, title, { complete });
        if ((await count(db, sql`${matches} AND NOT ${candidates}`)) > 0) missed.push(text);
        if (complete.size === 0 && (await count(db, matches)) === 0) unfound.push(text);
        ruledOut += await count(db, sql`NOT ${candidates}`);
      }
    }
    expect(missed).toEqual([]);
    // Each query finds a listing as typed (its words by prefix), so each could have been missed.
    expect(unfound).toEqual([]);
    // The bits tell most listings apart: each query rules out most of the nine.
    expect(ruledOut).toBeGreaterThan(QUERIES.length * 2 * (LISTINGS.length / 2));
  },
);

test.each(engines)(
  "on %s a searched word's bits are the ones its lexeme sets, and are constants in the planned statement",
  async (engine) => {
    testDatabase = await createTestDatabase(engine);
    const { db } = testDatabase.database;
    const [bits] = await rowsOf(
      db,
      sql`SELECT job_word_bit('Developers') AS word, ${LEXEME_BITS} AS lexeme,
        job_word_bit('the') AS stop_word, job_word_bit('e-commerce') AS compound FROM (SELECT 'develop' AS lexeme) AS l`,
    );
    expect(bits).toEqual({ word: bits?.lexeme, lexeme: expect.any(Number), stop_word: null, compound: null });
    // Planned with the word known, the bits are folded: no call left to run for each listing walked.
    const plan = await rowsOf(
      db,
      sql`EXPLAIN VERBOSE SELECT 1 FROM ${jobs} WHERE job_has_word(${jobs.wordBits}, job_word_bit(${"developer"}))`,
    );
    const text = plan.map((row) => String(row["QUERY PLAN"])).join("\n");
    const [first, second] = [Number(bits?.lexeme) & 1023, (Number(bits?.lexeme) >> 10) & 1023];
    expect(text).toContain(`word_bits[${(first >> 6) + 1}]`);
    expect(text).toContain(`word_bits[${(second >> 6) + 1}]`);
    expect(text).not.toMatch(/job_word_bit|tsvector_to_array|hashtext/);
  },
);

test.each(engines)(
  "on %s a word whose first bit another word of the listing sets is still ruled out by its second",
  async (engine) => {
    testDatabase = await createTestDatabase(engine);
    const { db } = testDatabase.database;
    // "automation" (lexeme "autom") and "hyderabad" have the same first bit: with one bit a word, every Hyderabad
    // listing passed a search for "automation".
    const [same] = await rowsOf(
      db,
      sql`SELECT (hashtext('autom') & 1023) = (hashtext('hyderabad') & 1023) AS first_bit_shared`,
    );
    expect(same?.first_bit_shared).toBe(true);
    const now = new Date();
    await db.insert(jobs).values({
      ...syntheticJob(0, now),
      title: "Field Engineer",
      skills: ["Wiring"],
      description: "Site visits around the city.",
      location: "Hyderabad",
      companyId: JOIN_COMPANY_BY_NAME,
    });
    expect(await count(db, sql`job_has_word(${jobs.wordBits}, job_word_bit(${"hyderabad"}))`)).toBe(1);
    expect(await count(db, sql`job_has_word(${jobs.wordBits}, job_word_bit(${"automation"}))`)).toBe(0);
  },
);
