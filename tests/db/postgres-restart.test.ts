import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `npm start` on PostgreSQL (through a loopback relay, so the test can also take the database away) with the
 * source scheduler and the mail sender running, as in production.
 */
describe.skipIf(!adminUrl)("a running board when PostgreSQL goes away", () => {
  const name = `jobboard_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  let proxy: TcpProxy;
  let smtp: FakeSmtp;
  let fakes: FakeSources;
  let app: SpawnedApp;
  let session: Session;

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    const target = new URL(adminUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    smtp = await FakeSmtp.start();
    fakes = await startFakeSources();
    fakes.set("remoteok", { jobs: [remoteOkJob(1)] });
    const url = new URL(adminUrl!);
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    app = await spawnApp({
      ...fakes.env,
      DATABASE_URL: url.toString(),
      SEED_DEMO: "false",
      SOURCES_SCHEDULER: "true",
      SMTP_URL: smtp.url,
      CONTACT_TO: "owner@example.com",
      CONTACT_RATE_LIMIT_MAX: "100000",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    });
    session = await signUp(app.url);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
    await smtp?.stop();
    await fakes?.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  const terminateEveryConnection = () =>
    admin(async (client) => {
      const { rowCount } = await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      return rowCount ?? 0;
    });

  const openTransactions = () =>
    admin(async (client) => {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND xact_start IS NOT NULL AND pid <> pg_backend_pid()",
        [name],
      );
      return rows[0]?.n ?? 0;
    });

  const contactMessage = (i: number) => ({
    name: "Asha",
    email: "asha@example.com",
    subject: `Hello ${i}`,
    message: "Is this role open?",
  });

  async function healthyAgainAfter(start: number): Promise<number> {
    await expect
      .poll(async () => (await api(app.url, "/api/health").catch(() => ({ status: 0 }))).status, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(200);
    return Date.now() - start;
  }

  async function writesWork() {
    const posted = await api(app.url, "/api/post-job", { method: "POST", body: validJob(), session });
    expect(posted.status).toBe(201);
    expect((await api(app.url, "/api/sendEmail", { method: "POST", body: contactMessage(0) })).status).toBe(200);
  }

  test("terminating every connection, even in the middle of transactions, leaves the server running and writing", async () => {
    const recoveries: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Keep transactions open (the contact form's rate limit takes an advisory lock in one) while the connections die.
      let stop = false;
      const traffic = Promise.all(
        Array.from({ length: 6 }, async (_, worker) => {
          while (!stop) {
            await api(app.url, "/api/sendEmail", { method: "POST", body: contactMessage(worker) }).catch(
              () => undefined,
            );
            await api(app.url, "/api/post-job", { method: "POST", body: validJob(), session }).catch(() => undefined);
          }
        }),
      );
      await expect.poll(openTransactions, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
      const start = Date.now();
      expect(await terminateEveryConnection()).toBeGreaterThan(0);
      stop = true;
      await traffic;
      recoveries.push(await healthyAgainAfter(start));
      expect(app.process.exitCode).toBeNull();
      await writesWork();
    }
    expect(app.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    console.log(
      `healthy again after pg_terminate_backend on every connection: ${recoveries.map((ms) => `${ms} ms`).join(", ")}`,
    );
  }, 90_000);

  test("while the database is unreachable /api/health answers 503; within 10 s of its return writes work again", async () => {
    await proxy.down();
    await expect.poll(async () => (await api(app.url, "/api/health")).status, { timeout: 15_000 }).toBe(503);
    const refused = await api(app.url, "/api/post-job", { method: "POST", body: validJob(), session });
    expect(refused.status, JSON.stringify(refused.json)).toBe(503);
    expect(refused.json).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE" } });
    await proxy.up();
    const recovered = await healthyAgainAfter(Date.now());
    expect(app.process.exitCode).toBeNull();
    await writesWork();
    console.log(`healthy again after the database came back: ${recovered} ms`);
  }, 60_000);
});
