import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import type { SourceId } from "#shared/sources.ts";
import { loadEnv } from "#server/env.ts";
import type { Connector } from "#server/sources/connector.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { adzunaJob } from "#tests/fakes/sources/adzuna.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { jobWizJob, jobWizSpecJob } from "#tests/fakes/sources/jobwiz.ts";
import { joobleJob } from "#tests/fakes/sources/jooble.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";

let fakes: FakeSources;

beforeAll(async () => {
  fakes = await startFakeSources();
});
afterAll(() => fakes.close());
beforeEach(() => {
  for (const source of ["remoteok", "adzuna", "jooble", "himalayas", "jobwiz"] as const)
    fakes.set(source, { jobs: [], fault: null, extras: {} });
});

function connector(source: SourceId, env: Record<string, string> = {}): Connector {
  const loaded = loadEnv({ NODE_ENV: "test", SOURCES_TIMEOUT_SECONDS: "1", ...fakes.env, ...env });
  return createConnectors(loaded).find((c) => c.source === source)!;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

test("RemoteOK: the leading legal notice is skipped and every job keeps its string id", async () => {
  fakes.set("remoteok", { jobs: [remoteOkJob(1), remoteOkJob(2)] });
  const jobs = await connector("remoteok").fetchJobs();
  expect(jobs.map((job) => job.upstreamId)).toEqual(["1142001", "1142002"]);
  expect(jobs[0]).toMatchObject({
    title: "Remote Engineer 1",
    company: "Remote Company 1",
    location: "Worldwide",
    source: "remoteok",
  });
});

test("RemoteOK: a tag with no matches (only the notice) is an empty list, not an error", async () => {
  expect(await connector("remoteok").fetchJobs()).toEqual([]);
});

test("RemoteOK: zero salaries mean not given, real ones are USD a year", async () => {
  fakes.set("remoteok", { jobs: [remoteOkJob(1), remoteOkJob(2)] });
  const [unpaid, paid] = await connector("remoteok").fetchJobs();
  expect(unpaid).toMatchObject({ salaryMin: null, salaryMax: null, salaryCurrency: null });
  expect(paid).toMatchObject({ salaryMin: 90_000, salaryMax: 130_000, salaryCurrency: "USD", salaryPeriod: "year" });
});

test("RemoteOK: epoch seconds become an ISO date, a string epoch too, and the apply link is the job's Remote OK page", async () => {
  fakes.set("remoteok", { jobs: [remoteOkJob(1, { epoch: "1794998512" })] });
  const [job] = await connector("remoteok").fetchJobs();
  expect(job!.postedAt).toBe("2026-11-18T10:41:52.000Z");
  expect(job!.applyUrl).toBe("https://remoteok.com/remote-jobs/remote-engineer-1-1142001");
});

test("RemoteOK: double-encoded UTF-8 is repaired and the 'mention the word' line is dropped", async () => {
  fakes.set("remoteok", {
    jobs: [
      remoteOkJob(1, {
        position: "Senior DÃ©veloppeur â€“ Backend",
        description: "<p>Build things.</p><p>Please mention the word **BEAVER** and tag RMjQ when applying.</p>",
      }),
    ],
  });
  const [job] = await connector("remoteok").fetchJobs();
  expect(job!.title).toBe("Senior Développeur – Backend");
  expect(job!.descriptionHtml).toContain("Build things.");
  expect(job!.descriptionHtml).not.toMatch(/mention the word/i);
});

test("RemoteOK: missing fields become nulls instead of failing the sync", async () => {
  fakes.set("remoteok", { jobs: [{ id: "77", position: "Only a title", url: "https://remoteok.com/remote-jobs/77" }] });
  const [job] = await connector("remoteok").fetchJobs();
  expect(job).toMatchObject({
    company: null,
    logo: null,
    location: null,
    descriptionHtml: null,
    tags: [],
    postedAt: null,
  });
});

test("Adzuna: highlight tags and entities become plain text, __CLASS__ is dropped, the market currency applies", async () => {
  fakes.set("adzuna", { jobs: [adzunaJob(1)] });
  const [job] = await connector("adzuna").fetchJobs();
  expect(job!.title).toBe("TypeScript Developer 1");
  expect(job!.descriptionHtml).toBe("<p>We are looking for a TypeScript developer &amp; team player, number 1 …</p>");
  expect(job).toMatchObject({
    company: "Adzuna Company 1",
    salaryCurrency: "GBP",
    salaryPeriod: "year",
    employmentType: "Permanent, Full-time",
  });
  expect(JSON.stringify(job)).not.toContain("__CLASS__");
});

test("Adzuna: a predicted salary (salary_is_predicted '1') is not shown as a real one", async () => {
  fakes.set("adzuna", { jobs: [adzunaJob(1, { salary_is_predicted: "1" })] });
  const [job] = await connector("adzuna").fetchJobs();
  expect(job).toMatchObject({ salaryMin: null, salaryMax: null });
});

test("Adzuna: pages through results 50 at a time with the key in the query, within the configured page budget", async () => {
  fakes.set("adzuna", { jobs: range(120).map((i) => adzunaJob(i)) });
  const jobs = await connector("adzuna", { ADZUNA_PAGES: "2" }).fetchJobs();
  expect(jobs).toHaveLength(100);
  const requests = fakes.requests("adzuna").slice(-2);
  expect(requests.map((r) => r.url.pathname)).toEqual([
    "/adzuna/v1/api/jobs/gb/search/1",
    "/adzuna/v1/api/jobs/gb/search/2",
  ]);
  expect(requests[0]!.url.searchParams.get("results_per_page")).toBe("50");
});

test("Adzuna: wrong credentials fail with the upstream's status instead of being retried", async () => {
  const before = fakes.requests("adzuna").length;
  await expect(connector("adzuna", { ADZUNA_APP_KEY: "wrong" }).fetchJobs()).rejects.toThrow(/HTTP 401/);
  expect(fakes.requests("adzuna").length - before).toBe(1);
});

test("Jooble: 64-bit ids (also negative) survive exactly, and the key goes in the path of a POST", async () => {
  fakes.set("jooble", { jobs: [joobleJob(1), joobleJob(2)] });
  const jobs = await connector("jooble").fetchJobs();
  expect(jobs.map((job) => job.upstreamId)).toEqual(["-5523189912034456001", "5523189912034456002"]);
  const request = fakes.requests("jooble").at(-1)!;
  expect(request.method).toBe("POST");
  expect(request.url.pathname).toBe("/jooble/api/fake-jooble-key");
  expect(JSON.parse(request.body)).toMatchObject({ keywords: "", location: "India", page: "1" });
});

test("Jooble: .NET dates with 7 fractional digits and no offset are read as UTC; offsets are honoured", async () => {
  fakes.set("jooble", { jobs: [joobleJob(1), joobleJob(2)] });
  const [noOffset, withOffset] = await connector("jooble").fetchJobs();
  expect(noOffset!.postedAt).toBe("2026-11-17T14:22:08.347Z");
  expect(withOffset!.postedAt).toBe("2026-11-09T00:10:41.998Z");
});

test("Jooble: the snippet keeps its markup sanitised, entities decoded; the text salary becomes numbers", async () => {
  fakes.set("jooble", { jobs: [joobleJob(1)] });
  const [job] = await connector("jooble").fetchJobs();
  expect(job!.descriptionHtml).toContain("<b>React</b>");
  expect(job!.descriptionHtml).not.toContain("&nbsp;");
  expect(job).toMatchObject({ salaryMin: 25_000, salaryMax: 30_000, salaryCurrency: "INR", salaryPeriod: "month" });
});

test("Jooble: an empty company and type stay empty, and the spec's company_logo and tags are accepted", async () => {
  fakes.set("jooble", {
    jobs: [joobleJob(4, { type: "", tags: ["react", "node"], company_logo: "https://logo.example/x.png" })],
  });
  const [job] = await connector("jooble").fetchJobs();
  expect(job).toMatchObject({
    company: null,
    employmentType: null,
    tags: ["react", "node"],
    logo: "https://logo.example/x.png",
  });
});

test("Himalayas: dates in seconds (and milliseconds) become the right ISO dates; guid is the id", async () => {
  fakes.set("himalayas", {
    jobs: [himalayasJob(1, { pubDate: 1_795_003_200 }), himalayasJob(2, { pubDate: 1_795_006_800_000 })],
  });
  const [seconds, millis] = await connector("himalayas").fetchJobs();
  expect(seconds!.postedAt).toBe("2026-11-18T12:00:00.000Z");
  expect(millis!.postedAt).toBe("2026-11-18T13:00:00.000Z");
  expect(seconds!.upstreamId).toBe("https://himalayas.app/companies/company-1/jobs/backend-engineer-1");
});

test("Himalayas: location restrictions as strings, objects, one string or none; null salaries stay null", async () => {
  fakes.set("himalayas", {
    jobs: [
      himalayasJob(1),
      himalayasJob(2, { locationRestrictions: [{ alpha2: "DE", name: "Germany", slug: "germany" }] }),
      himalayasJob(3),
      himalayasJob(5, {
        locationRestrictions: "Remote, Europe only",
        minSalary: undefined,
        maxSalary: undefined,
        salary_min: 50_000,
        salary_max: 70_000,
      }),
    ],
  });
  const jobs = await connector("himalayas").fetchJobs();
  expect(jobs.map((job) => job.location)).toEqual([
    "United States, Canada",
    "Germany",
    "Worldwide",
    "Remote, Europe only",
  ]);
  expect(jobs[1]).toMatchObject({ salaryMin: null, salaryMax: null, salaryPeriod: null });
  expect(jobs[3]).toMatchObject({ salaryMin: 50_000, salaryMax: 70_000 });
});

test("Himalayas: follows nextCursor 20 at a time until the page budget", async () => {
  fakes.set("himalayas", { jobs: range(50).map((i) => himalayasJob(i)) });
  const jobs = await connector("himalayas", { HIMALAYAS_PAGES: "2" }).fetchJobs();
  expect(jobs).toHaveLength(40);
  expect(fakes.requests("himalayas").at(-1)!.url.searchParams.get("cursor")).toBeTruthy();
});

test("JobWiz: the real shape (nested or null salary, no logo, no total) with the RapidAPI headers and the spec's query", async () => {
  fakes.set("jobwiz", { jobs: [jobWizJob(1), jobWizJob(2)] });
  const [paid, unpaid] = await connector("jobwiz").fetchJobs();
  expect(paid).toMatchObject({
    salaryMin: 135_000,
    salaryMax: 165_000,
    salaryCurrency: "USD",
    salaryPeriod: "year",
    logo: null,
    employmentType: "Full-time, Employee",
  });
  expect(unpaid).toMatchObject({ salaryMin: null, salaryMax: null });
  const request = fakes.requests("jobwiz").at(-1)!;
  expect(request.headers["x-rapidapi-key"]).toBe("fake-jobwiz-key");
  expect(request.headers["x-rapidapi-host"]).toBe(new URL(fakes.url).host);
  expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
    q: "software engineer",
    country: "us",
    city: "Seattle",
    page: "1",
  });
});

test("JobWiz: the spec's variant (flat salary, company_logo, tags, job_url, total_results) is accepted too", async () => {
  fakes.set("jobwiz", { jobs: [jobWizSpecJob(1)], extras: { total_results: 1 } });
  const [job] = await connector("jobwiz").fetchJobs();
  expect(job).toMatchObject({
    upstreamId: "spec-1",
    logo: "https://logos.example/1.png",
    salaryMin: 100_000,
    salaryMax: 120_000,
    tags: ["react", "aws"],
    applyUrl: "https://jobs.example/1",
    postedAt: "2026-11-10T02:46:23.665Z",
  });
});

test("a javascript: apply link or logo is dropped rather than stored", async () => {
  fakes.set("jobwiz", {
    jobs: [jobWizSpecJob(1, { job_url: "javascript:alert(1)", company_logo: "javascript:alert(2)" })],
  });
  const [job] = await connector("jobwiz").fetchJobs();
  expect(job).toMatchObject({ applyUrl: null, logo: null });
});

test("a 429 with Retry-After is retried after the wait it asks for", async () => {
  fakes.set("remoteok", { jobs: [remoteOkJob(1)], fault: "429", faultTimes: 1, retryAfterSeconds: 1 });
  const before = fakes.requests("remoteok").length;
  const jobs = await connector("remoteok").fetchJobs();
  expect(jobs).toHaveLength(1);
  const [first, second] = fakes.requests("remoteok").slice(before);
  expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
});

test("a Retry-After longer than we are willing to wait fails at once instead of holding the sync", async () => {
  fakes.set("remoteok", { jobs: [remoteOkJob(1)], fault: "429", faultTimes: 5, retryAfterSeconds: 3600 });
  await expect(connector("remoteok").fetchJobs()).rejects.toThrow(/HTTP 429.*retry after 3600 s/);
});

test("a 500 is retried a bounded number of times, then reported", async () => {
  fakes.set("himalayas", { fault: "500", faultTimes: Infinity });
  const before = fakes.requests("himalayas").length;
  await expect(connector("himalayas").fetchJobs()).rejects.toThrow(/HTTP 500/);
  expect(fakes.requests("himalayas").length - before).toBe(3);
});

test("a source that never answers is cut off by the timeout", async () => {
  fakes.set("jobwiz", { fault: "timeout", faultTimes: Infinity });
  await expect(connector("jobwiz", { SOURCES_TIMEOUT_SECONDS: "0.3" }).fetchJobs()).rejects.toThrow(
    /No answer within 0.3 s/,
  );
});

test("malformed JSON is reported as such", async () => {
  fakes.set("jooble", { fault: "malformed", faultTimes: Infinity });
  await expect(connector("jooble").fetchJobs()).rejects.toThrow(/not valid JSON/);
});

test.each([
  ["remoteok", "Expected a JSON array of jobs"],
  ["adzuna", "Expected { results: [...] }"],
  ["jooble", "Expected { jobs: [...] }"],
  ["himalayas", "Expected { jobs: [...] }"],
  ["jobwiz", "Expected { jobs: [...] }"],
] as const)("%s: valid JSON of another shape is reported as the shape it should have been", async (source, message) => {
  fakes.set(source, { fault: "wrong-shape", faultTimes: Infinity });
  await expect(connector(source).fetchJobs()).rejects.toThrow(message);
});

test("a 5 MB body is refused once it passes the size limit", async () => {
  fakes.set("remoteok", { fault: "huge", faultTimes: Infinity });
  await expect(connector("remoteok").fetchJobs()).rejects.toThrow(/Response larger than/);
});

test("a 3xx from a source is refused, not followed and not retried", async () => {
  fakes.set("remoteok", { fault: "redirect", faultTimes: Infinity });
  const before = fakes.requests("remoteok").length;
  await expect(connector("remoteok").fetchJobs()).rejects.toThrow(/Unexpected redirect \(HTTP 302\)/);
  expect(
    fakes
      .requests("remoteok")
      .slice(before)
      .map((request) => request.url.searchParams.get("redirected")),
  ).toEqual([null]);
});

test("requests only go to the configured host, never to one a redirect or a record names", async () => {
  const { fetchUpstream } = await import("#server/sources/upstream.ts");
  const policy = { timeoutMs: 1000, retries: 0, maxBytes: 1000, maxRetryAfterMs: 0, baseDelayMs: 10 };
  await expect(
    fetchUpstream(new URL("https://evil.example/api"), {}, { allowedOrigin: fakes.url, policy }),
  ).rejects.toThrow(/not the configured host/);
});

test("an unconfigured source says which variables are missing and makes no request", () => {
  const env = loadEnv({ NODE_ENV: "test" });
  const connectors = createConnectors(env);
  expect(connectors.map((c) => [c.source, c.configured, c.missing])).toEqual([
    ["remoteok", true, []],
    ["adzuna", false, ["ADZUNA_APP_ID", "ADZUNA_APP_KEY"]],
    ["himalayas", true, []],
    ["jooble", false, ["JOOBLE_API_KEY"]],
    ["jobwiz", false, ["JOBWIZ_API_KEY"]],
  ]);
});

test("Adzuna's own quota holds its requests: 25 a minute for ten minutes fit, and the 251st of the day is refused without a request", async () => {
  fakes.set("adzuna", { jobs: [] });
  const adzuna = connector("adzuna");
  const before = fakes.requests("adzuna").length;
  // Only the clock the quota reads is faked; each round of 25 starts a minute after the last, so no request waits.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  try {
    for (let minute = 0; minute < 10; minute++) {
      for (let i = 0; i < 25; i++) await adzuna.fetchJobs();
      vi.setSystemTime(Date.now() + 60_001);
    }
    expect(fakes.requests("adzuna").length - before).toBe(250);
    await expect(adzuna.fetchJobs()).rejects.toThrow(/Request quota reached; next request allowed in \d+ min/);
    expect(fakes.requests("adzuna").length - before).toBe(250);
  } finally {
    vi.useRealTimers();
  }
}, 60_000);

test("a source's quota waits out a short window and refuses a request the daily budget has no room for", async () => {
  const { RateLimiter } = await import("#server/sources/upstream.ts");
  // Fake clock: the wait is checked at its exact boundary instead of timed on a busy machine.
  vi.useFakeTimers({ now: 0 });
  try {
    const perWindow = new RateLimiter([{ limit: 1, windowMs: 300 }], 1000);
    await perWindow.take();
    let secondTaken = false;
    const second = perWindow.take().then(() => (secondTaken = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(secondTaken).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(secondTaken).toBe(true);
  } finally {
    vi.useRealTimers();
  }

  const daily = new RateLimiter([{ limit: 2, windowMs: 86_400_000 }], 60_000);
  await daily.take();
  await daily.take();
  await expect(daily.take()).rejects.toThrow(/quota reached/);
});
