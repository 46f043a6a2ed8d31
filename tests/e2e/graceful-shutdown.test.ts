import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { expect, test } from "vitest";
import { LOCK_FILE } from "#server/db/data-dir-lock.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { signUp } from "#tests/support/http.ts";
import { spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";
import { solvedChallenge } from "#tests/support/pow.ts";

type Outcome = { kind: string; startedAt: number; endedAt: number; status?: number; error?: string };

/** Resolves when the app's log has printed `text`. */
async function logged(app: SpawnedApp, text: string): Promise<void> {
  await expect.poll(() => app.output(), { timeout: 30_000, interval: 50 }).toContain(text);
}

/**
 * A sign-up whose body is held back until `finish()`. Its `Expect: 100-continue` makes the server say
 * "100 Continue" once it has taken the request in: `accepted` resolves then. `answer` resolves with the raw
 * HTTP answer when the connection closes ("" if it was cut without one).
 */
async function slowSignUp(app: SpawnedApp) {
  const body = JSON.stringify({ email: uniqueEmail("slow"), password: "correct horse battery", name: "Slow" });
  const { port } = new URL(app.url);
  const solution = await solvedChallenge(app.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  let received = "";
  const answer = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  socket.on("error", () => undefined);
  const accepted = new Promise<void>((resolve) =>
    socket.on("data", (chunk) => {
      received += chunk;
      if (received.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) resolve();
    }),
  );
  socket.write(
    `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.url}\r\nExpect: 100-continue\r\n` +
      `X-Altcha: ${solution}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  await accepted;
  // What follows the "100 Continue" is the real answer.
  const final = answer.then((raw) => raw.replace("HTTP/1.1 100 Continue\r\n\r\n", ""));
  return { answer: final, finish: () => socket.write(body) };
}

test("SIGTERM under load from 8 clients drops no request that started before it, exits 0 and releases the lock", async () => {
  // Posts that write, not posts refused for want of a proof of work: what must not be dropped is work in flight.
  const app = await spawnApp({ POW_CHALLENGE: "false" });
  const owner = await signUp(app.url);
  const outcomes: Outcome[] = [];
  const requests: { kind: string; send: () => Promise<Response> }[] = [
    { kind: "GET /", send: () => fetch(`${app.url}/`) },
    { kind: "GET /api/jobs", send: () => fetch(`${app.url}/api/jobs?search=developer`) },
    {
      kind: "POST /api/post-job",
      send: () =>
        fetch(`${app.url}/api/post-job`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: app.url, cookie: owner.cookie },
          body: JSON.stringify(validJob()),
        }),
    },
  ];
  let signalAt = Infinity;
  const client = async (lane: number) => {
    for (let n = 0; ; n++) {
      const request = requests[(lane + n) % requests.length]!;
      const outcome: Outcome = { kind: request.kind, startedAt: performance.now(), endedAt: 0 };
      outcomes.push(outcome);
      try {
        const response = await request.send();
        await response.arrayBuffer();
        outcome.status = response.status;
      } catch (error) {
        outcome.error = String((error as Error).cause ?? error);
      }
      outcome.endedAt = performance.now();
      // After the signal, a refused connection is the server doing its job; stop this client.
      if (outcome.error && outcome.startedAt > signalAt) return;
    }
  };
  const clients = Promise.all(Array.from({ length: 8 }, (_, lane) => client(lane)));
  // Load is flowing once every client has an answer.
  await expect
    .poll(() => outcomes.filter((o) => o.status).length, { timeout: 60_000, interval: 20 })
    .toBeGreaterThanOrEqual(16);

  signalAt = performance.now();
  app.process.kill("SIGTERM");
  const code = await app.exited;
  await clients;

  const beforeSignal = outcomes.filter((o) => o.startedAt < signalAt);
  const inFlightAtSignal = beforeSignal.filter((o) => o.endedAt > signalAt);
  const dropped = beforeSignal.filter((o) => o.error !== undefined || (o.status ?? 500) >= 500);
  console.log(
    `SIGTERM under 8 clients: ${beforeSignal.length} requests started before the signal, ${inFlightAtSignal.length} in flight at it, ` +
      `${dropped.length} dropped; ${outcomes.length - beforeSignal.length} started after it`,
    // Which ones, and how long before the signal they were sent: a drop of one sent a moment before it is not the same
    // failure as one of a request the server had been working on.
    ...dropped.map(
      (o) => `\n  dropped ${o.kind}, sent ${(signalAt - o.startedAt).toFixed(1)} ms before: ${o.error ?? o.status}`,
    ),
  );
  expect(dropped).toEqual([]);
  expect(inFlightAtSignal.length).toBeGreaterThan(0);
  expect(code).toBe(0);
  expect(fs.existsSync(path.join(app.dataDir, LOCK_FILE))).toBe(false);
}, 180_000);

test("a request sent on an idle keep-alive connection just after SIGTERM is answered, and its connection closed", async () => {
  const app = await spawnApp({ SEED_DEMO: "false" });
  const { port } = new URL(app.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.on("error", () => undefined);
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const health = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
  socket.write(health);
  await expect.poll(() => received).toContain('{"status":"ok"}');
  received = "";
  app.process.kill("SIGTERM");
  await logged(app, "shutting down");
  socket.write(health);
  await closed;
  expect(received).toMatch(/^HTTP\/1\.1 200 /);
  expect(received).toMatch(/\r\nconnection: close\r\n/i);
  expect(await app.exited).toBe(0);
}, 180_000);

test("a request in flight at SIGTERM gets its answer before the server exits 0", async () => {
  const app = await spawnApp({ SEED_DEMO: "false", SHUTDOWN_GRACE_SECONDS: "120" });
  const slow = await slowSignUp(app);
  app.process.kill("SIGTERM");
  await logged(app, '"inFlight":1');
  slow.finish();
  expect(await slow.answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(await slow.answer).toMatch(/\r\nconnection: close\r\n/i);
  expect(await app.exited).toBe(0);
  expect(fs.existsSync(path.join(app.dataDir, LOCK_FILE))).toBe(false);
}, 180_000);

test("a second SIGTERM during shutdown cuts the requests still in flight, closes the database and exits 0", async () => {
  const app = await spawnApp({ SEED_DEMO: "false", SHUTDOWN_GRACE_SECONDS: "120" });
  const slow = await slowSignUp(app);
  app.process.kill("SIGTERM");
  await logged(app, '"inFlight":1');
  app.process.kill("SIGTERM");
  expect(await slow.answer).toBe("");
  expect(await app.exited).toBe(0);
  expect(app.output()).toContain("second SIGTERM: closing connections of requests still in flight");
  expect(fs.existsSync(path.join(app.dataDir, LOCK_FILE))).toBe(false);
}, 180_000);

test("requests still in flight when the grace period ends are cut and the server exits 0", async () => {
  const app = await spawnApp({ SEED_DEMO: "false", SHUTDOWN_GRACE_SECONDS: "1" });
  const slow = await slowSignUp(app);
  app.process.kill("SIGTERM");
  expect(await slow.answer).toBe("");
  expect(await app.exited).toBe(0);
  expect(app.output()).toContain("grace period over: closing connections of requests still in flight");
  expect(fs.existsSync(path.join(app.dataDir, LOCK_FILE))).toBe(false);
}, 180_000);
