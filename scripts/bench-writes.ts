/**
 * `npm run bench:writes [-- --seconds 15 --connections 8 --employers 2 --think-ms 1000 --url http://127.0.0.1:PORT]`:
 * employers posting, editing and deleting listings while the home search is under load (issue 30: writes stay under
 * 50 ms p95). Without --url it starts `server/main.ts` on a free loopback port with the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR) and stops it after; with --url, that board must publish posts at
 * once and not require email verification or proof of work (MODERATION=off, REQUIRE_EMAIL_VERIFICATION=false,
 * POW_CHALLENGE=false, POSTS_PER_DAY and AUTH_RATE_LIMIT_MAX high). Seed first for a realistic search (`npm run seed -- --jobs N`).
 *
 * 1. GET /api/jobs from `connections` connections alone;
 * 2. the same searches, and beside them `employers` employers, each in turn posting a listing, editing it and deleting
 *    it, with a pause of about `think-ms` after each. Every listing posted is deleted, so the board is left as found.
 * Compare the search figures of the two phases, and each write's p95, from one run.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { searchCorpus } from "#scripts/bench/corpus.ts";
import { employerBoardEnv, listingFields, signUpEmployer, type BenchEmployer } from "#scripts/bench/employer.ts";
import { closedLoop, summarise, type Sample, type Summary } from "#scripts/bench/load.ts";
import { startBoard } from "#scripts/support/start-board.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "8" },
    employers: { type: "string", default: "2" },
    "think-ms": { type: "string", default: "1000" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const EMPLOYERS = Number(values.employers);
/** The pause after each write: an employer fills a form between two, so writes come far apart. */
const THINK_MS = Number(values["think-ms"]);

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
const row = (name: string, s: Summary) =>
  console.log(
    `${name.padEnd(40)} ${s.requests.toString().padStart(6)} ${s.perSecond.toFixed(1).padStart(7)} ${ms(s.p50).padStart(9)} ${ms(s.p95).padStart(9)} ${ms(s.p99).padStart(9)} ${s.errors.toString().padStart(6)}`,
  );

type Writes = { posts: Sample[]; edits: Sample[]; deletes: Sample[] };

async function timed(
  samples: Sample[],
  expected: number,
  send: () => Promise<Response>,
): Promise<Record<string, unknown> | undefined> {
  const began = performance.now();
  const response = await send().catch(() => undefined);
  const body = response ? ((await response.json().catch(() => ({}))) as Record<string, unknown>) : undefined;
  samples.push({ ms: performance.now() - began, ok: response?.status === expected, bytes: 0 });
  return response?.status === expected ? body : undefined;
}

/**
 * Two titles for every run, holding no word pair the search corpus asks for. The board keeps every title its listings
 * ever had (job_titles), and a search's "title contains" rule is skipped only for a text no title holds: numbered titles
 * ("Benchmark Lead Engineer 3-41") left thousands behind, and after one run the corpus's "lead engineer" read 40,000
 * listings from the title's trigram index, 0.5-2.5 s, in every search benchmark on that database.
 */
const POSTED_TITLE = "Benchmark Posting";
const EDITED_TITLE = "Benchmark Posting, edited";

const pause = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));

async function employerWrites(url: string, employer: BenchEmployer, until: number, writes: Writes, n: number) {
  const { headers } = employer;
  for (let i = 0; i === 0 || performance.now() < until; i++) {
    const posted = await timed(writes.posts, 201, () =>
      fetch(`${url}/api/post-job`, {
        method: "POST",
        headers,
        body: JSON.stringify(listingFields({ jobTitle: POSTED_TITLE, companyName: `Bench Co ${n}` })),
      }),
    );
    const id = posted?.insertedId;
    await pause();
    // A refused post (counted as an error) is followed by the next one after the same pause, not at once.
    if (typeof id !== "string") continue;
    await timed(writes.edits, 200, () =>
      fetch(`${url}/api/update-job/${id}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify(listingFields({ jobTitle: EDITED_TITLE, companyName: `Bench Co ${n}` })),
      }),
    );
    await pause();
    // Deleted even past the end of the phase, so no listing of the benchmark stays on the board.
    await timed(writes.deletes, 200, () => fetch(`${url}/api/job/${id}`, { method: "DELETE", headers }));
    await pause();
  }
}

async function main() {
  const started = values.url
    ? undefined
    : await startBoard(employerBoardEnv({ POSTS_PER_DAY: "1000000" }), { waitMs: 120_000 });
  const url = values.url ?? started?.url ?? "";
  try {
    const employers = await Promise.all(Array.from({ length: EMPLOYERS }, () => signUpEmployer(url)));
    // One untimed round each first: a server's first post, edit and delete compile their code and open connections.
    const warmUp: Writes = { posts: [], edits: [], deletes: [] };
    await Promise.all(employers.map((employer, n) => employerWrites(url, employer, 0, warmUp, -1 - n)));
    const corpus = searchCorpus(Math.max(600, SECONDS * 500));
    let cursor = 0;
    const next = () => `${url}${corpus[cursor++ % corpus.length]}`;
    console.log(
      `Writes benchmark against ${url}, ${SECONDS} s per phase, ${CONNECTIONS} search connections, ${EMPLOYERS} employers\n`,
    );
    console.log(
      `${"phase".padEnd(40)} ${"reqs".padStart(6)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"errors".padStart(6)}`,
    );
    row("GET /api/jobs alone", summarise(await closedLoop(CONNECTIONS, SECONDS, next), SECONDS));
    const until = performance.now() + SECONDS * 1000;
    const writes: Writes = { posts: [], edits: [], deletes: [] };
    const [searches] = await Promise.all([
      closedLoop(CONNECTIONS, SECONDS, next),
      ...employers.map((employer, n) => employerWrites(url, employer, until, writes, n)),
    ]);
    row("GET /api/jobs beside the employers", summarise(searches, SECONDS));
    const apart = THINK_MS > 0 ? `, ~${THINK_MS} ms apart` : "";
    row(`POST /api/post-job${apart}`, summarise(writes.posts, SECONDS));
    row(`PATCH /api/update-job/:id${apart}`, summarise(writes.edits, SECONDS));
    row(`DELETE /api/job/:id${apart}`, summarise(writes.deletes, SECONDS));
  } finally {
    await started?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
