import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SOURCES } from "~/lib/external-job";
import { loadEnv } from "../../server/env";
import type { Connector } from "../../server/sources/connector";
import { syncSource } from "../../server/sources/ingest";
import { createConnectors } from "../../server/sources/registry";
import { searchExternalJobs } from "../../server/sources/repository";
import { engines } from "../support/engines";
import { api } from "../support/http";
import { startTestServer, type TestServer } from "../support/server";
import { adzunaJob } from "../fakes/sources/adzuna";
import { himalayasJob } from "../fakes/sources/himalayas";
import { jobWizJob } from "../fakes/sources/jobwiz";
import { joobleJob } from "../fakes/sources/jooble";
import { remoteOkJob } from "../fakes/sources/remoteok";
import { startFakeSources, type FakeSources } from "../fakes/sources/server";

const HOUR = 3_600_000;

describe.each(engines)("ingest on %s", (engine) => {
  let fakes: FakeSources;
  let server: TestServer;
  let connectors: Record<string, Connector>;

  beforeAll(async () => {
    fakes = await startFakeSources();
    server = await startTestServer({ engine, env: { ...fakes.env, SOURCES_TIMEOUT_SECONDS: "1" } });
    const env = loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_TIMEOUT_SECONDS: "1" });
    connectors = Object.fromEntries(createConnectors(env).map((c) => [c.source, c]));
  });
  afterAll(async () => {
    await server?.close();
    await fakes?.close();
  });
  beforeEach(() => {
    for (const source of SOURCES) fakes.set(source, { jobs: [], fault: null });
  });

  const sync = (source: string, options: { graceMs?: number } = {}) =>
    syncSource(server.services.database, connectors[source]!, { graceMs: options.graceMs ?? 48 * HOUR, force: true });
  const stored = async (source: "remoteok" | "adzuna" | "jooble" | "himalayas" | "jobwiz") =>
    (await searchExternalJobs(server.services.database.db, source, { page: 1, limit: 500 })).jobs;

  test("a sync stores every source's listings and a re-sync updates them in place without duplicates", async () => {
    fakes.set("adzuna", { jobs: [adzunaJob(1), adzunaJob(2)] });
    expect(await sync("adzuna")).toMatchObject({ outcome: "synced", count: 2 });
    fakes.set("adzuna", { jobs: [adzunaJob(1, { title: "Renamed role" }), adzunaJob(2)] });
    expect(await sync("adzuna")).toMatchObject({ outcome: "synced", count: 2 });
    const jobs = await stored("adzuna");
    expect(jobs).toHaveLength(2);
    expect(jobs.map((job) => job.title).sort()).toEqual(["Renamed role", "TypeScript Developer 2"]);
  });

  test("Jooble's 64-bit ids are stored exactly, so neighbouring ids stay separate listings", async () => {
    fakes.set("jooble", { jobs: [joobleJob(2), joobleJob(4), joobleJob(6)] });
    await sync("jooble");
    expect((await stored("jooble")).map((job) => job.upstreamId).sort()).toEqual([
      "5523189912034456002",
      "5523189912034456004",
      "5523189912034456006",
    ]);
  });

  test("listings gone upstream stay during the grace period and are dropped after it", async () => {
    fakes.set("himalayas", { jobs: [himalayasJob(1), himalayasJob(2)] });
    await sync("himalayas");
    fakes.set("himalayas", { jobs: [himalayasJob(1)] });
    expect(await sync("himalayas")).toMatchObject({ outcome: "synced", count: 2, dropped: 0 });
    expect(await sync("himalayas", { graceMs: 0 })).toMatchObject({ outcome: "synced", count: 1, dropped: 1 });
    expect((await stored("himalayas")).map((job) => job.title)).toEqual(["Himalayas Backend Engineer 1"]);
  });

  test.each([
    ["a timeout", "timeout"],
    ["a 500", "500"],
    ["malformed JSON", "malformed"],
    ["a 5 MB body", "huge"],
    ["a 429 that keeps coming", "429"],
  ] as const)("%s leaves the previous listings in place and records the error", async (_, fault) => {
    fakes.set("jobwiz", { jobs: [jobWizJob(1), jobWizJob(2)] });
    await sync("jobwiz");
    fakes.set("jobwiz", { fault, faultTimes: Infinity, retryAfterSeconds: 1 });
    const outcome = await sync("jobwiz");
    expect(outcome).toMatchObject({ outcome: "failed", count: 2 });
    expect(await stored("jobwiz")).toHaveLength(2);
    const { json } = await api(server.url, "/api/sources");
    const status = json.find((s: { source: string }) => s.source === "jobwiz");
    expect(status.lastError).toBeTruthy();
    expect(status.count).toBe(2);
    expect(new Date(status.lastErrorAt).getTime()).toBeGreaterThan(new Date(status.lastSuccessAt).getTime());
  });

  test("two syncs of one source at once: one fetches, the other skips", async () => {
    fakes.set("remoteok", { jobs: [remoteOkJob(1)] });
    const before = fakes.requests("remoteok").length;
    const outcomes = await Promise.all([sync("remoteok"), sync("remoteok")]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["skipped", "synced"]);
    expect(fakes.requests("remoteok").length - before).toBe(1);
  });

  test("without force, a source synced less than an interval ago is not fetched again", async () => {
    fakes.set("remoteok", { jobs: [remoteOkJob(1)] });
    await sync("remoteok");
    const before = fakes.requests("remoteok").length;
    const outcome = await syncSource(server.services.database, connectors.remoteok!, { graceMs: HOUR });
    expect(outcome).toMatchObject({ outcome: "skipped", reason: "synced recently" });
    expect(fakes.requests("remoteok").length).toBe(before);
  });

  test("an unconfigured source is skipped without a request", async () => {
    const bare = createConnectors(loadEnv({ NODE_ENV: "test", ...fakes.env, ADZUNA_APP_ID: "" })).find((c) => c.source === "adzuna")!;
    const before = fakes.requests("adzuna").length;
    expect(await syncSource(server.services.database, bare, { graceMs: HOUR, force: true })).toMatchObject({ outcome: "skipped" });
    expect(fakes.requests("adzuna").length).toBe(before);
  });
});
