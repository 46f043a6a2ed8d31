/**
 * `npm run bench [-- --seconds 20 --rate 50 --warmup 10 --listings N --url http://127.0.0.1:PORT]`: the home search under load, against a real
 * running server. Seed first, with listings as long as real ones (`npm run seed -- --jobs 1000000 --realistic`); the
 * benchmark prints which kind of seed it found. Without --url it starts `server/main.ts` on a free
 * loopback port with the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and stops it after.
 *
 * First the machine's speed (scripts/bench/machine.ts), to read the figures by; then:
 * 0. warm-up (--warmup seconds, 10 by default; 0 for a cold server right after a seed): 8 connections over queries
 *    and pages the measured phases never ask for, so the server's code is compiled and its connections open, as on a
 *    server that has been running, while no measured answer or estimate is reused. Printed, not counted;
 * 1. one visitor: each of 200 corpus queries once, in turn;
 * 2. GET /api/jobs from 8 connections over a corpus of distinct queries (250 per second of the phase, at least 600:
 *    more than the phase sends, so nothing is answered twice), with /api/health probed beside it, the CPU a search of
 *    the server and of PostgreSQL (scripts/bench/cpu.ts), and the shapes of query its slowest twentieth belongs to
 *    (scripts/bench/shapes.ts);
 * 3. server-rendered pages at a fixed rate, TTFB: the home page, and home with a search and filters, a later page and
 *    a job page, each a different one every time;
 * 4. the original design: downloading every listing (GET /api/all-jobs, now page by page), bytes and time.
 * Absolute times depend on the machine; compare figures and ratios from one run. Load goes to 127.0.0.1 only.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { searchCorpus } from "#scripts/bench/corpus.ts";
import { postgresCpuSeconds } from "#scripts/bench/cpu.ts";
import { closedLoop, failuresOf, fixedRate, summarise, timeRequest, type Sample } from "#scripts/bench/load.ts";
import { machineSpeed } from "#scripts/bench/machine.ts";
import { seedKind } from "#scripts/bench/seed-kind.ts";
import { byShape } from "#scripts/bench/shapes.ts";
import { startBoard } from "#scripts/support/start-board.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    seconds: { type: "string", default: "20" },
    rate: { type: "string", default: "50" },
    connections: { type: "string", default: "8" },
    "download-seconds": { type: "string", default: "60" },
    warmup: { type: "string", default: "10" },
    listings: { type: "string" },
  },
});
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const CONNECTIONS = Number(values.connections);
const DOWNLOAD_SECONDS = Number(values["download-seconds"]);
const WARMUP_SECONDS = Number(values.warmup);

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);

/** A phase's line, and below it why any of its requests failed. */
function row(name: string, samples: Sample[], seconds: number) {
  const s = summarise(samples, seconds);
  console.log(
    `${name.padEnd(34)} ${s.requests.toString().padStart(6)} ${s.perSecond.toFixed(1).padStart(7)} ${ms(s.p50).padStart(9)} ${ms(s.p95).padStart(9)} ${ms(s.p99).padStart(9)} ${ms(s.max).padStart(9)} ${s.errors.toString().padStart(6)}`,
  );
  for (const failure of failuresOf(samples)) console.log(`      failed: ${failure}`);
}

async function main() {
  const started = values.url
    ? undefined
    : await startBoard(
        {
          ...process.env,
          SEED_DEMO: "false",
          BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0000",
        },
        { waitMs: 120_000 },
      );
  const url = values.url ?? started?.url ?? "";
  try {
    const probe = await fetch(`${url}/api/jobs?datePosted=all`);
    const live = probe.headers.get("x-total-count");
    const exact = probe.headers.get("x-total-count-exact");
    const newest = (await probe.json()) as { _id: string; description?: string }[];
    const [first] = newest;
    console.log(
      `Benchmark against ${url}: ${live} live listings${exact === "false" ? " (estimate)" : ""}; ${SECONDS} s per load phase`,
    );
    console.log(`Seed: ${seedKind(newest.map((job) => job.description ?? ""))}`);
    // Before any load, with the server idle: compare runs taken on different days by this too.
    console.log(
      `Machine speed: ${ms(machineSpeed())} for a fixed piece of the server's work on one core (lower is faster)\n`,
    );
    console.log(
      `${"phase".padEnd(34)} ${"reqs".padStart(6)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"max".padStart(9)} ${"errors".padStart(6)}`,
    );

    // More distinct queries than the phases send, so no answer (and no remembered count, ADR 20) is reused.
    const corpus = searchCorpus(Math.max(600, Math.ceil(SECONDS * (250 + RATE)) + 200));
    if (WARMUP_SECONDS > 0) {
      const measured = new Set(corpus);
      const warmup = searchCorpus(Math.ceil(WARMUP_SECONDS * 400), 7).filter((path) => !measured.has(path));
      // One request in four is a page, none of them one the SSR phase asks for: later pages from 52, jobs from the
      // second hundred, searches from the warm-up's own queries.
      const laterIds = (await (await fetch(`${url}/api/jobs?limit=100&page=2`)).json()) as { _id: string }[];
      const warmupPages: ((n: number) => string)[] = [
        (n) => `/?${warmup[n % warmup.length]?.split("?")[1] ?? ""}`,
        (n) => `/?page=${52 + (n % 48)}`,
        (n) => `/jobs/${laterIds[n % laterIds.length]?._id ?? ""}`,
      ];
      let next = 0;
      const samples = await closedLoop(CONNECTIONS, WARMUP_SECONDS, () => {
        const n = next++;
        return `${url}${n % 4 === 3 ? warmupPages[(n >> 2) % warmupPages.length]!(n >> 4) : warmup[n % warmup.length]}`;
      });
      row("warm-up (not counted)", samples, WARMUP_SECONDS);
    }
    const single: Sample[] = [];
    const singleBegan = performance.now();
    for (const path of corpus.slice(0, 200)) single.push(await timeRequest(`${url}${path}`));
    row("one visitor, 200 queries", single, (performance.now() - singleBegan) / 1000);
    // The tail is a handful of query shapes; naming them is where the next index or plan change starts.
    const printSlowest = (samples: Sample[]) => {
      const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 5);
      for (const sample of slowest) console.log(`    ${ms(sample.ms).padStart(9)}  ${sample.url?.replace(url, "")}`);
    };
    printSlowest(single);

    let cursor = 200; // after the queries the one visitor sent
    let searching = true;
    // Beside the searches: the health check, which queries the database (so it waits its turn behind them), and a
    // file the server answers without the database (so it shows whether the server's own thread is free).
    const besideSearches = async (path: string, samples: Sample[]) => {
      while (searching) {
        samples.push(await timeRequest(`${url}${path}`));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const health: Sample[] = [];
    const file: Sample[] = [];
    const probes = Promise.all([besideSearches("/api/health", health), besideSearches("/favicon.svg", file)]);
    // Without DATABASE_URL the database is the server's embedded one, and its CPU is the server's.
    const postgresCpu = () => (process.env.DATABASE_URL ? postgresCpuSeconds() : undefined);
    const cpuBefore = { server: started?.cpuSeconds(), postgres: postgresCpu() };
    const searches = await closedLoop(CONNECTIONS, SECONDS, () => `${url}${corpus[cursor++ % corpus.length]}`);
    const cpuAfter = { server: started?.cpuSeconds(), postgres: postgresCpu() };
    searching = false;
    await probes;
    row(`GET /api/jobs, ${CONNECTIONS} connections, ${corpus.length} q.`, searches, SECONDS);
    row("  /api/health beside it", health, SECONDS);
    row("  /favicon.svg beside it", file, SECONDS);
    // The probes beside the searches are counted in too: about one request in twelve, and cheap ones.
    const perSearch = (before?: number, after?: number) =>
      before === undefined || after === undefined ? "not read" : ms(((after - before) * 1000) / searches.length);
    const database = process.env.DATABASE_URL
      ? `PostgreSQL ${perSearch(cpuBefore.postgres, cpuAfter.postgres)} (this machine's postgres processes, all databases)`
      : "the embedded database's within the server's";
    console.log(
      `  CPU a search: server ${perSearch(cpuBefore.server, cpuAfter.server)}${values.url ? " (started elsewhere)" : ""}, ${database}`,
    );
    // Whether the slowest twentieth is a few kinds of search or every kind alike (then it is waiting, not work).
    console.log(`    ${"slowest 5%".padStart(10)} ${"of reqs".padStart(8)} ${"p50".padStart(9)}  shape`);
    for (const shape of byShape(searches).slice(0, 6)) {
      console.log(
        `    ${shape.slowest.toString().padStart(10)} ${shape.requests.toString().padStart(8)} ${ms(shape.p50).padStart(9)}  ${shape.shape}`,
      );
    }

    // Home, home with a search and filters, a later page, a job page: each but the bare home page a different one
    // every time (searches the loaded phase did not send, jobs from across the first pages).
    const ids = (await (await fetch(`${url}/api/jobs?limit=100`)).json()) as { _id: string }[];
    const pageSearches = corpus.slice(-Math.ceil(SECONDS * RATE)).filter((path) => !/[?&]page=/.test(path));
    let sent = 0;
    const pages: ((n: number) => string)[] = [
      () => "/",
      (n) => `/?${pageSearches[n % pageSearches.length]?.split("?")[1] ?? ""}`,
      (n) => `/?page=${2 + (n % 50)}`,
      (n) => `/jobs/${ids[n % ids.length]?._id ?? first?._id ?? ""}`,
    ];
    const ssr = await fixedRate(RATE, SECONDS, () => {
      const n = sent++;
      return `${url}${pages[n % pages.length]!(Math.floor(n / pages.length))}`;
    });
    row(`SSR pages at ${RATE}/s (TTFB)`, ssr, SECONDS);
    printSlowest(ssr);

    // The original design downloaded every listing on each visit. Walked page by page here (the endpoint no longer
    // answers everything at once); stopped after DOWNLOAD_SECONDS and extrapolated from the share downloaded.
    const began = performance.now();
    const all = await fetch(`${url}/api/all-jobs`);
    let bytes = (await all.arrayBuffer()).byteLength;
    let listings = 100;
    let after = all.headers.get("x-next-cursor");
    while (after && performance.now() - began < DOWNLOAD_SECONDS * 1000) {
      const page = await fetch(`${url}/api/all-jobs?limit=100&cursor=${encodeURIComponent(after)}`);
      bytes += (await page.arrayBuffer()).byteLength;
      listings += 100;
      after = page.headers.get("x-next-cursor");
    }
    const seconds = (performance.now() - began) / 1000;
    // Every listing, live and expired: as seeded (--listings), else twice the live ones (the seed spreads 60 days).
    const everything = values.listings ? Number(values.listings) : Number(live) * 2;
    const scale = after ? everything / listings : 1;
    const baselineMs = seconds * 1000 * scale;
    const baselineBytes = bytes * scale;
    const oursBytes = (await (await fetch(`${url}/api/jobs`)).arrayBuffer()).byteLength;
    const loadedP50 = summarise(searches, SECONDS).p50;
    console.log(
      `\nOriginal design, every listing per visit: ${(baselineBytes / 1e6).toFixed(1)} MB in ${ms(baselineMs)}${after ? ` (extrapolated from ${listings.toLocaleString("en-US")} listings)` : ""}`,
    );
    console.log(`Ours, one page of results: ${(oursBytes / 1e3).toFixed(1)} kB; p50 under load ${ms(loadedP50)}`);
    console.log(
      `Ratio: ${(baselineBytes / oursBytes).toFixed(0)}× fewer bytes, ${(baselineMs / loadedP50).toFixed(0)}× less time per visit`,
    );
  } finally {
    await started?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
