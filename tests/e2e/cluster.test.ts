import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";
import { spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";

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

describe.skipIf(!engines.includes("postgres"))("WEB_CONCURRENCY on postgres", () => {
  let database: { url: string; drop: () => Promise<void> };
  let app: SpawnedApp;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    app = await spawnApp({
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: "2",
      BETTER_AUTH_SECRET: "cluster-test-secret-cluster-test-secret-0000",
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
