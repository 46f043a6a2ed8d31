import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SOURCES, type SourceId, type SourceStatus } from "#shared/sources.ts";
import { loadEnv } from "#server/env.ts";
import { syncSource } from "#server/sources/ingest.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";

const HOUR = 3_600_000;

describe.each(engines)("source states on %s", (engine) => {
  let fakes: FakeSources;
  let server: TestServer;
  let statuses: Record<SourceId, SourceStatus>;
  let himalayasSyncedAt: number;

  beforeAll(async () => {
    fakes = await startFakeSources();
    // Adzuna has no key here; JobWiz is configured but never tried.
    const env = { ...fakes.env, ADZUNA_APP_ID: "", SOURCES_TIMEOUT_SECONDS: "1" };
    server = await startTestServer({ engine, env });
    const connectors = Object.fromEntries(
      createConnectors(loadEnv({ NODE_ENV: "test", ...env })).map((connector) => [connector.source, connector]),
    );
    const sync = (source: SourceId) =>
      syncSource(server.services.database, connectors[source]!, { graceMs: 48 * HOUR, force: true });

    fakes.set("remoteok", { jobs: [remoteOkJob(1), remoteOkJob(2), remoteOkJob(3)] });
    await sync("remoteok");
    fakes.set("himalayas", { jobs: [himalayasJob(1), himalayasJob(2)] });
    await sync("himalayas");
    himalayasSyncedAt = Date.now();
    fakes.set("himalayas", { fault: "malformed", faultTimes: Infinity });
    await sync("himalayas");
    await sync("himalayas");
    fakes.set("jooble", { fault: "malformed", faultTimes: Infinity });
    await sync("jooble");

    const { json } = await api(server.url, "/api/sources");
    statuses = Object.fromEntries((json as SourceStatus[]).map((status) => [status.source, status])) as typeof statuses;
  });
  afterAll(async () => {
    await server?.close();
    await fakes?.close();
  });

  test("a source without its key is unconfigured, names what is missing and is not offered", () => {
    expect(statuses.adzuna).toMatchObject({
      state: "unconfigured",
      offered: false,
      configured: false,
      missing: ["ADZUNA_APP_ID"],
      count: 0,
    });
  });

  test("a source whose last refresh worked is live with the number of listings held and no outage", () => {
    expect(statuses.remoteok).toMatchObject({ state: "live", offered: true, count: 3, failingSince: null });
  });

  test("a failing source with listings from before is stale, offered, and failing since its first failed refresh", async () => {
    const himalayas = statuses.himalayas;
    expect(himalayas).toMatchObject({ state: "stale", offered: true, count: 2 });
    const failingSince = Date.parse(himalayas.failingSince!);
    expect(failingSince).toBeGreaterThanOrEqual(himalayasSyncedAt);
    // The second failure belongs to the same outage: the outage keeps its start.
    expect(failingSince).toBeLessThan(Date.parse(himalayas.lastErrorAt!));
    expect(Date.parse(himalayas.lastSuccessAt!)).toBeLessThan(failingSince);
    const page = await api(server.url, "/api/sources/himalayas/jobs");
    expect(page.headers.get("x-total-count")).toBe(String(himalayas.count));
  });

  test("a failing source with nothing to show is unavailable and not offered", () => {
    expect(statuses.jooble).toMatchObject({ state: "unavailable", offered: false, count: 0, lastSuccessAt: null });
    expect(statuses.jooble.failingSince).toBe(statuses.jooble.lastErrorAt);
  });

  test("a configured source not tried yet is pending and offered", () => {
    expect(statuses.jobwiz).toMatchObject({ state: "pending", offered: true, lastAttemptAt: null, count: 0 });
  });

  test("the menus link Job Sites while some source is offered", async () => {
    expect(await server.services.sources.anyOffered()).toBe(true);
  });
});

describe.each(engines)("no source to offer on %s", (engine) => {
  test("with every source in SOURCES_DISABLED none is offered and the menus leave out Job Sites", async () => {
    const fakes = await startFakeSources();
    const server = await startTestServer({ engine, env: { ...fakes.env, SOURCES_DISABLED: SOURCES.join(",") } });
    try {
      const { json } = await api(server.url, "/api/sources");
      expect((json as SourceStatus[]).map(({ state, offered }) => ({ state, offered }))).toEqual(
        SOURCES.map(() => ({ state: "unconfigured", offered: false })),
      );
      expect(await server.services.sources.anyOffered()).toBe(false);
    } finally {
      await server.close();
      await fakes.close();
    }
  });

  test("with every configured source failing and holding nothing, the menus leave out Job Sites", async () => {
    const fakes = await startFakeSources();
    const env = { ...fakes.env, SOURCES_DISABLED: "adzuna,jooble,jobwiz", SOURCES_TIMEOUT_SECONDS: "1" };
    const server = await startTestServer({ engine, env });
    try {
      fakes.set("remoteok", { fault: "malformed", faultTimes: Infinity });
      fakes.set("himalayas", { fault: "malformed", faultTimes: Infinity });
      for (const connector of createConnectors(loadEnv({ NODE_ENV: "test", ...env })))
        await syncSource(server.services.database, connector, { graceMs: HOUR, force: true });
      expect(await server.services.sources.anyOffered()).toBe(false);
    } finally {
      await server.close();
      await fakes.close();
    }
  });
});
