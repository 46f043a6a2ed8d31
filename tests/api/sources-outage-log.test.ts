import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadEnv } from "#server/env.ts";
import { sourceStatus } from "#server/db/schema.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { formatDuration, startSourceScheduler } from "#server/sources/scheduler.ts";
import { engines } from "#tests/support/engines.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";

type Line = { level: number; msg: string; source?: string; error?: string; downForMs?: number; downFor?: string };
const WARN = 40;

/** A logger that keeps every line it writes, at every level, for the test to read. */
function recordingLogger() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { logger: pino({ level: "debug" }, stream), lines };
}

describe.each(engines)("a source outage in the log on %s", (engine) => {
  let fakes: FakeSources;
  let server: TestServer;

  beforeAll(async () => {
    fakes = await startFakeSources();
    server = await startTestServer({ engine, env: fakes.env });
  });
  afterAll(async () => {
    await server?.close();
    await fakes?.close();
  });

  test("a source that fails for several passes and then recovers is logged once as failing and once as recovered", async () => {
    const failingPasses = 4;
    fakes.set("remoteok", { jobs: [remoteOkJob(1)], fault: "malformed", faultTimes: failingPasses });
    const env = loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_TIMEOUT_SECONDS: "1" });
    const remoteok = createConnectors(env).find((connector) => connector.source === "remoteok")!;
    const { logger, lines } = recordingLogger();
    const startedAt = Date.now();
    const scheduler = startSourceScheduler({
      database: server.services.database,
      env,
      logger,
      connectors: [remoteok],
      retryBaseMs: 50,
    });
    try {
      await expect
        .poll(
          async () =>
            (
              await server.services.database.db.select().from(sourceStatus).where(eq(sourceStatus.source, "remoteok"))
            )[0]?.lastSuccessAt?.getTime() ?? 0,
          { timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(startedAt);
      await expect.poll(() => lines.filter((line) => line.msg === "source recovered").length).toBe(1);
    } finally {
      await scheduler.stop();
    }
    expect(fakes.requests("remoteok").length).toBe(failingPasses + 1);
    const warnings = lines.filter((line) => line.level >= WARN);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ source: "remoteok", error: expect.stringMatching(/JSON/i) });
    const recovered = lines.find((line) => line.msg === "source recovered")!;
    expect(recovered).toMatchObject({ source: "remoteok", downFor: expect.any(String) });
    expect(recovered.downForMs).toBeGreaterThan(0);
    expect(lines.indexOf(warnings[0]!)).toBeLessThan(lines.indexOf(recovered));
  }, 40_000);

  test("how long a source was down reads in minutes, hours and days", () => {
    expect(formatDuration(20_000)).toBe("under a minute");
    expect(formatDuration(45 * 60_000)).toBe("45 min");
    expect(formatDuration(125 * 60_000)).toBe("2 h 5 min");
    expect(formatDuration(28 * 3_600_000)).toBe("1 d 4 h");
  });
});
