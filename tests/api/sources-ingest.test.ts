import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SOURCES } from "#shared/sources.ts";
import { loadEnv } from "#server/env.ts";
import type { Connector } from "#server/sources/connector.ts";
import { externalJobs, sourceStatus } from "#server/db/schema.ts";
import { syncSource } from "#server/sources/ingest.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { searchExternalJobs } from "#server/sources/repository.ts";
import { startSourceScheduler } from "#server/sources/scheduler.ts";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { adzunaJob } from "#tests/fakes/sources/adzuna.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { jobWizJob } from "#tests/fakes/sources/jobwiz.ts";
import { joobleJob } from "#tests/fakes/sources/jooble.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";

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
    const moved = "https://www.adzuna.co.uk/jobs/land/ad/1?moved=1";
    fakes.set("adzuna", { jobs: [adzunaJob(1, { title: "Renamed role", redirect_url: moved }), adzunaJob(2)] });
    expect(await sync("adzuna")).toMatchObject({ outcome: "synced", count: 2 });
    const jobs = await stored("adzuna");
    expect(jobs).toHaveLength(2);
    expect(jobs.map((job) => job.title).sort()).toEqual(["Renamed role", "TypeScript Developer 2"]);
    // A changed apply link is refreshed too: readers must not be sent to the old one.
    expect(jobs.find((job) => job.title === "Renamed role")?.applyUrl).toBe(moved);
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
    // The upstream holds its answer, so the first sync is still fetching whenever the second one looks.
    const release = fakes.hold("remoteok");
    const syncs = [sync("remoteok"), sync("remoteok")];
    try {
      expect(await Promise.race(syncs)).toMatchObject({ outcome: "skipped" });
    } finally {
      release();
    }
    const outcomes = await Promise.all(syncs);
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

  const db = () => server.services.database.db;
  const lastSyncWas = (source: string, msAgo: number) =>
    db()
      .update(sourceStatus)
      .set({ lastAttemptAt: new Date(Date.now() - msAgo) })
      .where(eq(sourceStatus.source, source));
  const lastSeen = (upstreamId: string, msAgo: number) =>
    db()
      .update(externalJobs)
      .set({ lastSeenAt: new Date(Date.now() - msAgo) })
      .where(eq(externalJobs.upstreamId, upstreamId));

  test("without force, a source whose last sync is an interval old is fetched again", async () => {
    fakes.set("remoteok", { jobs: [remoteOkJob(1)] });
    await sync("remoteok");
    await lastSyncWas("remoteok", connectors.remoteok!.intervalMs);
    const before = fakes.requests("remoteok").length;
    const outcome = await syncSource(server.services.database, connectors.remoteok!, { graceMs: HOUR });
    expect(outcome).toMatchObject({ outcome: "synced" });
    expect(fakes.requests("remoteok").length).toBe(before + 1);
  });

  test("a source listed in SOURCES_DISABLED is skipped without a request, though its keys are set", async () => {
    const env = loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_DISABLED: "himalayas" });
    const disabled = createConnectors(env).find((c) => c.source === "himalayas")!;
    expect(disabled).toMatchObject({ configured: false, missing: ["himalayas is listed in SOURCES_DISABLED"] });
    const before = fakes.requests("himalayas").length;
    expect(await syncSource(server.services.database, disabled, { graceMs: HOUR, force: true })).toMatchObject({
      outcome: "skipped",
    });
    const scheduler = startSourceScheduler({
      database: server.services.database,
      env,
      logger: server.services.logger,
      connectors: [disabled],
    });
    await scheduler.stop();
    expect(fakes.requests("himalayas").length).toBe(before);
  });

  test("the scheduler turns SOURCES_GRACE_HOURS into a grace period: unseen for 59 minutes stays, for 61 minutes goes", async () => {
    fakes.set("himalayas", { jobs: [himalayasJob(1), himalayasJob(2), himalayasJob(3)] });
    await sync("himalayas");
    const idOf = new Map((await stored("himalayas")).map((job) => [job.title, job.upstreamId]));
    await lastSeen(idOf.get("Himalayas Backend Engineer 2")!, 59 * 60_000);
    await lastSeen(idOf.get("Himalayas Backend Engineer 3")!, 61 * 60_000);
    await lastSyncWas("himalayas", 24 * HOUR);
    fakes.set("himalayas", { jobs: [himalayasJob(1)] });
    const env = loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_TIMEOUT_SECONDS: "1", SOURCES_GRACE_HOURS: "1" });
    const before = fakes.requests("himalayas").length;
    const startedAt = Date.now();
    const scheduler = startSourceScheduler({
      database: server.services.database,
      env,
      logger: server.services.logger,
      connectors: [connectors.himalayas!],
    });
    try {
      await expect
        .poll(
          async () =>
            (
              await db().select().from(sourceStatus).where(eq(sourceStatus.source, "himalayas"))
            )[0]?.lastSuccessAt?.getTime() ?? 0,
          {
            timeout: 15_000,
          },
        )
        .toBeGreaterThanOrEqual(startedAt);
    } finally {
      await scheduler.stop();
    }
    expect(fakes.requests("himalayas").length).toBe(before + 1);
    expect((await stored("himalayas")).map((job) => job.title).sort()).toEqual([
      "Himalayas Backend Engineer 1",
      "Himalayas Backend Engineer 2",
    ]);
  });

  test("a source whose sync failed is retried after a short backoff, not after its whole interval", async () => {
    await lastSyncWas("himalayas", 24 * HOUR);
    fakes.set("himalayas", { fault: "500", faultTimes: Infinity });
    const env = loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_TIMEOUT_SECONDS: "1" });
    const himalayas = createConnectors(env).find((c) => c.source === "himalayas")!;
    expect(himalayas.intervalMs).toBeGreaterThanOrEqual(HOUR);
    const startedAt = Date.now();
    const statusOf = async () =>
      (await db().select().from(sourceStatus).where(eq(sourceStatus.source, "himalayas")))[0];
    const scheduler = startSourceScheduler({
      database: server.services.database,
      env,
      logger: server.services.logger,
      connectors: [himalayas],
      retryBaseMs: 300,
    });
    try {
      await expect
        .poll(async () => (await statusOf())?.lastErrorAt?.getTime() ?? 0, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(startedAt);
      // The upstream is back (the README's offline demo: started offline, then pointed at the fakes).
      fakes.set("himalayas", { jobs: [himalayasJob(7)], fault: null });
      await expect
        .poll(async () => (await statusOf())?.lastSuccessAt?.getTime() ?? 0, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(startedAt);
    } finally {
      await scheduler.stop();
    }
    expect((await stored("himalayas")).map((job) => job.title)).toContain("Himalayas Backend Engineer 7");
  }, 40_000);

  test("a source whose last attempt failed is due again after the backoff, while a synced one waits its interval", async () => {
    fakes.set("remoteok", { fault: "500", faultTimes: Infinity });
    expect(await sync("remoteok")).toMatchObject({ outcome: "failed" });
    expect(
      await syncSource(server.services.database, connectors.remoteok!, { graceMs: HOUR, retryFailedAfterMs: 60_000 }),
    ).toMatchObject({
      outcome: "skipped",
      reason: "failed recently; retrying soon",
    });
    const failedAt = new Date(Date.now() - 61_000);
    await db()
      .update(sourceStatus)
      .set({ lastAttemptAt: failedAt, lastErrorAt: failedAt })
      .where(eq(sourceStatus.source, "remoteok"));
    fakes.set("remoteok", { jobs: [remoteOkJob(3)], fault: null });
    expect(
      await syncSource(server.services.database, connectors.remoteok!, { graceMs: HOUR, retryFailedAfterMs: 60_000 }),
    ).toMatchObject({
      outcome: "synced",
    });
    await lastSyncWas("remoteok", 61_000);
    expect(
      await syncSource(server.services.database, connectors.remoteok!, { graceMs: HOUR, retryFailedAfterMs: 60_000 }),
    ).toMatchObject({
      outcome: "skipped",
      reason: "synced recently",
    });
  });

  test("stopping the scheduler during a sync ends it at once and records no failure", async () => {
    fakes.set("jooble", { jobs: [joobleJob(1)] });
    await sync("jooble");
    await lastSyncWas("jooble", 24 * HOUR);
    const [statusBefore] = await db().select().from(sourceStatus).where(eq(sourceStatus.source, "jooble"));
    const listingsBefore = (await stored("jooble")).length;
    // The upstream never answers; its timeouts and retries add up to more than this test may run, so only stop() can end it.
    fakes.set("jooble", { fault: "timeout", faultTimes: Infinity });
    const env = loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_TIMEOUT_SECONDS: "10" });
    const slow = createConnectors(env).find((c) => c.source === "jooble")!;
    const before = fakes.requests("jooble").length;
    const scheduler = startSourceScheduler({
      database: server.services.database,
      env,
      logger: server.services.logger,
      connectors: [slow],
    });
    await expect.poll(() => fakes.requests("jooble").length, { timeout: 15_000 }).toBe(before + 1);
    await scheduler.stop();
    const [statusAfter] = await db().select().from(sourceStatus).where(eq(sourceStatus.source, "jooble"));
    expect(statusAfter?.lastError).toBe(statusBefore?.lastError);
    expect(statusAfter?.lastSuccessAt).toEqual(statusBefore?.lastSuccessAt);
    expect(await stored("jooble")).toHaveLength(listingsBefore);
  }, 20_000);

  test("an unconfigured source is skipped without a request", async () => {
    const bare = createConnectors(loadEnv({ NODE_ENV: "test", ...fakes.env, ADZUNA_APP_ID: "" })).find(
      (c) => c.source === "adzuna",
    )!;
    const before = fakes.requests("adzuna").length;
    expect(await syncSource(server.services.database, bare, { graceMs: HOUR, force: true })).toMatchObject({
      outcome: "skipped",
    });
    expect(fakes.requests("adzuna").length).toBe(before);
  });
});
