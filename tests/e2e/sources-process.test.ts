import fs from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runScript, runTempDir, spawnApp } from "#tests/support/spawn-app.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";

let fakes: FakeSources;

beforeAll(async () => {
  fakes = await startFakeSources();
  fakes.set("remoteok", { jobs: [remoteOkJob(1), remoteOkJob(2)] });
  fakes.set("himalayas", { jobs: [himalayasJob(1)] });
});
afterAll(() => fakes?.close());

function runSync(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return runScript("sources-sync", [], { NODE_ENV: "production", ...env });
}

test("npm start syncs every configured source at boot in the background and stops cleanly", async () => {
  const app = await spawnApp({
    ...fakes.env,
    SEED_DEMO: "false",
    SOURCES_SCHEDULER: "true",
    SOURCES_TIMEOUT_SECONDS: "2",
  });
  try {
    await expect
      .poll(
        async () => {
          const statuses = (await (await fetch(`${app.url}/api/sources`)).json()) as {
            source: string;
            count: number;
            lastError: string | null;
          }[];
          return Object.fromEntries(statuses.map((s) => [s.source, s.count]));
        },
        { timeout: 20_000, interval: 300 },
      )
      .toMatchObject({ remoteok: 2, himalayas: 1, adzuna: 0, jooble: 0, jobwiz: 0 });
  } finally {
    expect(await app.stop()).toBe(0);
  }
}, 120_000);

test("npm run sources:sync runs every configured source once, prints a summary and exits non-zero when one failed", async () => {
  const dataDir = runTempDir("jobboard-sync-");
  try {
    const env = { ...fakes.env, DATA_DIR: dataDir, SOURCES_TIMEOUT_SECONDS: "1", JOBWIZ_API_KEY: "" };
    fakes.set("adzuna", { jobs: [] });
    const ok = await runSync(env);
    expect(ok.output).toMatch(/remoteok\s+ok\s+2 fetched, 0 dropped, 2 stored/);
    expect(ok.output).toMatch(/jobwiz\s+skipped\s+not configured \(JOBWIZ_API_KEY\)/);
    expect(ok.code).toBe(0);

    fakes.set("remoteok", { fault: "500", faultTimes: Infinity });
    const failed = await runSync(env);
    expect(failed.output).toMatch(/remoteok\s+FAILED\s+HTTP 500.*\(2 previous listings kept\)/);
    expect(failed.code).toBe(1);
  } finally {
    fakes.set("remoteok", { fault: null });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
