import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";
import { freePort, spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";

/** The pids of the processes that logged "Job board listening", in order (pino writes one JSON object per line). */
function listeningPids(app: SpawnedApp): number[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.includes("Job board listening"))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const METRICS_TOKEN = "cluster-metrics-token-0123456789";

/** A GET on a connection of its own (no keep-alive), so the supervisor may hand it to either worker. */
function textOnNewConnection(url: string, token?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    http
      .get(url, { agent: false, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          response.statusCode === 200 ? resolve(text) : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

function statusOnNewConnection(url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      })
      .on("error", reject);
  });
}

/** The value of one series line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.skipIf(!engines.includes("postgres"))("WEB_CONCURRENCY on postgres", () => {
  let database: { url: string; drop: () => Promise<void> };
  let app: SpawnedApp;

  let metricsPort: number;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    metricsPort = await freePort();
    app = await spawnApp({
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: "2",
      BETTER_AUTH_SECRET: "cluster-test-secret-cluster-test-secret-0000",
      METRICS_TOKEN,
      METRICS_PORT: String(metricsPort),
    });
    // Health answers once the first worker listens; the second may still be starting.
    const deadline = Date.now() + 60_000;
    while (listeningPids(app).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, 240_000);
  afterAll(async () => {
    await app?.crash();
    await database?.drop();
  });

  test("two server processes share the port: pages, searches and a signed-in post all answer", async () => {
    const pids = listeningPids(app);
    expect(pids).toHaveLength(2);
    const [first, second] = pids;
    expect(first).not.toBe(second);
    expect(first).not.toBe(app.process.pid);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${app.url}${i % 2 ? "/" : "/api/jobs"}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    // The session made by one process is honoured by the other: both read the same secret and database.
    const owner = await signUp(app.url);
    for (let i = 0; i < 4; i++) {
      const { status } = await api(app.url, "/api/post-job", {
        method: "POST",
        session: owner,
        body: validJob({ jobTitle: `Cluster ${i}` }),
      });
      expect(status).toBe(201);
    }
  });

  test("one scrape counts the requests every worker answered, on the board's port and on METRICS_PORT", async () => {
    expect(listeningPids(app)).toHaveLength(2);
    // A new connection each: the supervisor hands connections to the workers in turn, so both answer some.
    for (let i = 0; i < 30; i++) expect(await statusOnNewConnection(`${app.url}/api/no-such-thing-${i}`)).toBe(404);
    // Every unknown /api path is one pattern.
    const series = 'http_requests_total{method="GET",route="/api/*",status="404"}';
    for (let i = 0; i < 4; i++) {
      const onBoardPort = await textOnNewConnection(`${app.url}/metrics`, METRICS_TOKEN);
      expect(sample(onBoardPort, series)).toBe(30);
    }
    const onMetricsPort = await textOnNewConnection(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(sample(onMetricsPort, series)).toBe(30);
    // A table every worker reads alike is not summed across them.
    expect(sample(onMetricsPort, "mail_outbox_waiting")).toBe(0);
  });

  test("a worker that dies is replaced and the port keeps answering", async () => {
    const [victim] = listeningPids(app);
    process.kill(victim!, "SIGKILL");
    await expect.poll(() => listeningPids(app).length, { timeout: 60_000 }).toBe(3);
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });

  test("SIGTERM to the primary stops every worker and exits 0", async () => {
    const workers = listeningPids(app).filter(alive);
    expect(workers).toHaveLength(2);
    expect(await app.stop()).toBe(0);
    await expect.poll(() => workers.filter(alive), { timeout: 30_000 }).toEqual([]);
    expect(app.output()).toContain("all workers stopped");
  });
});
