import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMetrics } from "#server/metrics.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";
import { spawnApp, freePort } from "#tests/support/spawn-app.ts";

const TOKEN = "metrics-token-for-the-tests-0123";

const scrape = (url: string, token?: string) =>
  fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** The value of one series line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(engines)("/metrics on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.close());

  test("without the token, or with another, the figures are refused with a 401 in the one error shape", async () => {
    for (const token of [undefined, "not-the-metrics-token-at-all-00"]) {
      const response = await scrape(server.url, token);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("UNAUTHENTICATED");
    }
  });

  test("the token alone, without the Bearer scheme, or after another scheme, is refused with a 401", async () => {
    for (const authorization of [TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN} extra`, `Bearer${TOKEN}`]) {
      const response = await fetch(`${server.url}/metrics`, { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
    }
    expect((await scrape(server.url, TOKEN)).status).toBe(200);
  });

  test("requests are counted by route pattern and status, never by raw path, with their latency", async () => {
    await fetch(`${server.url}/api/jobs?search=engineer`);
    await fetch(`${server.url}/api/all-jobs/00000000-0000-4000-8000-000000000000`);
    const text = await (await scrape(server.url, TOKEN)).text();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/jobs",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/all-jobs/:id",status="404"}')).toBe(1);
    expect(text).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/jobs"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/jobs"\} \d+$/m);
  });

  test("the outbox's waiting mails and the age of the oldest are read at each scrape", async () => {
    const contact = await api(server.url, "/api/sendEmail", {
      method: "POST",
      body: { name: "Watcher", email: "watcher@example.com", subject: "Hi", message: "Is anyone reading this?" },
    });
    expect(contact.status).toBe(200);
    const text = await (await scrape(server.url, TOKEN)).text();
    expect(sample(text, "mail_outbox_waiting")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "mail_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
  });

  test("Node's own figures are there, event-loop lag among them, and the pool's where there is one", async () => {
    const text = await (await scrape(server.url, TOKEN)).text();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toContain("# TYPE source_ingests_total counter");
    expect(text).toContain("# TYPE alert_digests_total counter");
    if (engine === "postgres") expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
  });
});

test("a board without METRICS_TOKEN or METRICS_PORT does not serve /metrics, and counts nothing for it", async () => {
  const server = await startTestServer({ pages: true });
  try {
    expect((await scrape(server.url)).status).toBe(404);
    const session = await signUp(server.url);
    expect((await api(server.url, "/api/post-job", { method: "POST", session, body: validJob() })).status).toBe(201);
    expect(server.services.metrics.counting).toBe(false);
    const text = await server.services.metrics.render();
    expect(text).not.toMatch(/^http_requests_total\{/m);
    expect(text).not.toContain("nodejs_eventloop_lag_seconds");
  } finally {
    await server.close();
  }
});

test("ingests and alert digests are counted by source and result", async () => {
  const { database, drop } = await createTestDatabase("pglite");
  const metrics = createMetrics(database);
  metrics.countIngest("remoteok", "synced");
  metrics.countIngest("remoteok", "failed");
  metrics.countIngest("remoteok", "failed");
  metrics.countDigests(3);
  const text = await metrics.render().finally(drop);
  expect(sample(text, 'source_ingests_total{source="remoteok",result="failed"}')).toBe(2);
  expect(sample(text, 'source_ingests_total{source="remoteok",result="synced"}')).toBe(1);
  expect(sample(text, "alert_digests_total")).toBe(3);
});

test("with METRICS_PORT the running board serves the figures on that port alone, without a token, and counts its source refreshes", async () => {
  const metricsPort = await freePort();
  // RemoteOK needs no key; pointed at a closed local port, each refresh fails at once, and is counted.
  const board = await spawnApp({
    METRICS_PORT: String(metricsPort),
    SOURCES_SCHEDULER: "true",
    REMOTEOK_URL: "http://127.0.0.1:9/api",
  });
  try {
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    await expect
      .poll(
        async () =>
          sample(await (await scrape(metricsUrl)).text(), 'source_ingests_total{source="remoteok",result="failed"}'),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThanOrEqual(1);
    expect((await scrape(board.url)).status).toBe(404);
  } finally {
    await board.stop();
  }
}, 120_000);
