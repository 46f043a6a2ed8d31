/**
 * `npm run bench` — how fast is the home search at the size of the configured database?
 * Seed first (e.g. `npm run seed -- --jobs 1000000`). For each typical query it times our SQL search
 * (GET /api/jobs's code path) and prints the median, and, in the same run, the ratio against the original
 * product's approach (download every listing, filter in JavaScript). Ratios, not absolute times, are the result.
 */
import { performance } from "node:perf_hooks";
import { count } from "drizzle-orm";
import { jobSearchSchema, isExpired, type Job, type JobSearch } from "~/lib/job";
import { openConfiguredDatabase } from "../server/boot";
import { jobs } from "../server/db/schema";
import { loadDotEnvFile, loadEnv } from "../server/env";
import { listAllJobs, searchJobs } from "../server/jobs/repository";

const QUERIES: Record<string, Record<string, string>> = {
  "first page, no filter": {},
  "title contains 'engineer'": { search: "engineer" },
  "location contains 'pune'": { location: "pune" },
  "experience + type": { experienceLevel: "3-5 Year", employmentType: "Full-time" },
  "salary range": { minSalary: "500000", maxSalary: "900000" },
  "last 24 hours": { datePosted: "24h" },
  "everything combined": { search: "developer", location: "bengaluru", experienceLevel: "0-3 Year", datePosted: "7d", englishLevel: "Intermediate English" },
  "page 50": { page: "50" },
};

const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The spec's client-side filter (§5), used as the baseline. */
function clientFilter(all: Job[], q: JobSearch, now: Date): Job[] {
  const cutoffDays = { "24h": 1, "7d": 7, "30d": 30, all: Infinity }[q.datePosted];
  return all.filter(
    (job) =>
      !isExpired(job.postingDate, now) &&
      (!q.search || job.jobTitle.toLowerCase().includes(q.search.toLowerCase())) &&
      (!q.location || job.jobLocation.toLowerCase().includes(q.location.toLowerCase())) &&
      (!q.experienceLevel || job.experienceLevel === q.experienceLevel) &&
      (!q.employmentType || job.employmentType === q.employmentType) &&
      (!q.gender || job.gender === q.gender) &&
      (!q.englishLevel || job.englishLevel === q.englishLevel) &&
      (q.minSalary === undefined || Number(job.minPrice) >= q.minSalary) &&
      (q.maxSalary === undefined || Number(job.maxPrice) <= q.maxSalary) &&
      (cutoffDays === Infinity || now.getTime() - Date.parse(job.postingDate) <= cutoffDays * 86_400_000),
  );
}

async function main() {
  loadDotEnvFile();
  const env = loadEnv();
  const { database, release } = await openConfiguredDatabase(env);
  try {
    await database.migrate();
    const [{ total } = { total: 0 }] = await database.db.select({ total: count() }).from(jobs);
    console.log(`Benchmark on ${database.engine}, ${total.toLocaleString("en-US")} listings, median of ${RUNS} runs\n`);

    const now = new Date();
    const began = performance.now();
    const all = await listAllJobs(database.db);
    const downloadMs = performance.now() - began;

    console.log(`${"query".padEnd(28)} ${"ours (ms)".padStart(10)} ${"baseline (ms)".padStart(14)} ${"speed-up".padStart(9)}  results`);
    for (const [name, params] of Object.entries(QUERIES)) {
      const search = jobSearchSchema.parse(params);
      const timings: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        found = (await searchJobs(database.db, search, now)).total;
        timings.push(performance.now() - start);
      }
      const filterStart = performance.now();
      const baselineFound = clientFilter(all, search, now).length;
      const baselineMs = downloadMs + (performance.now() - filterStart);
      const ours = median(timings);
      const check = baselineFound === found ? "" : `  (baseline found ${baselineFound}!)`;
      console.log(
        `${name.padEnd(28)} ${ours.toFixed(1).padStart(10)} ${baselineMs.toFixed(0).padStart(14)} ${`${(baselineMs / ours).toFixed(0)}×`.padStart(9)}  ${found}${check}`,
      );
    }
    console.log("\nbaseline = GET /api/all-jobs (every listing) + the spec's client-side filter, as the original product did.");
  } finally {
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
