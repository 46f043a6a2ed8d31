import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { openConfiguredDatabase } from "#server/database.ts";
import { connectPostgres, type Database } from "#server/db/client.ts";
import { connectReplicas, isRecoveryConflict, type Replicas } from "#server/db/replicas.ts";
import { rowsOf } from "#server/db/rows.ts";
import { jobs } from "#server/db/schema.ts";
import { EnvError, loadEnv } from "#server/env.ts";
import { healthSchema } from "#shared/api.ts";
import { jobSearchSchema } from "#shared/job.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startStreamingReplica, waitForReplicaDatabase, type StreamingReplica } from "#tests/support/replica.ts";
import { serveApp, type ServedApp } from "#tests/support/serve-app.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A word no other listing has, so a search for it finds exactly the listings a test posted. */
const uniqueWord = () => `Zq${Math.random().toString(36).slice(2, 10)}`;

// The replica is of the whole TEST_DATABASE_URL server, started by this file and removed after it (ADR 39).
describe.skipIf(!process.env.TEST_DATABASE_URL)("reads from a streaming replica on postgres", () => {
  let replica: StreamingReplica;
  let target: { url: string; drop: () => Promise<void> };
  let database: Database;
  let replicas: Replicas;
  let app: ServedApp;
  let employer: Session;

  const post = async (title: string) => {
    const { status, json } = await api(app.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: title }),
      session: employer,
    });
    expect(status, JSON.stringify(json)).toBe(201);
    return json.insertedId as string;
  };
  const anonymousSearch = async (word: string) => {
    const { status, json } = await api(app.url, `/api/jobs?search=${word}`);
    expect(status).toBe(200);
    return (json as { _id: string }[]).map((job) => job._id);
  };
  const replicaState = async () => {
    await replicas.check();
    return replicas.states()[0]?.state;
  };

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    replica = await startStreamingReplica(adminUrl);
    target = await createEmptyPostgresDatabase();
    database = connectPostgres(target.url, { max: 5, onIdleError: () => undefined });
    await database.migrate();
    const replicaUrl = replica.urlFor(target.url);
    await waitForReplicaDatabase(replicaUrl);
    // Checked by hand here (the server's background loop is not running), so no state changes behind a test's back.
    replicas = connectReplicas({ primary: database.db, urls: [replicaUrl], maxLagSeconds: 1, poolSize: 3 });
    app = await serveApp(database, {
      replicas,
      env: {
        AUTH_RATE_LIMIT_MAX: "1000",
        MODERATION: "off",
        POSTS_PER_DAY: "100000",
        REQUIRE_EMAIL_VERIFICATION: "false",
      },
    });
    employer = await signUp(app.url, { email: uniqueEmail("replica-employer") });
    // expect.poll belongs to tests; here the first checks run until the replica has replayed the migrations.
    const deadline = Date.now() + 60_000;
    while ((await replicaState()) !== "fit") {
      if (Date.now() > deadline) throw new Error(`the replica never became fit: ${JSON.stringify(replicas.states())}`);
      await sleep(200);
    }
  });
  afterAll(async () => {
    await app?.close();
    await replicas?.close();
    await database?.close().catch(() => undefined);
    await target?.drop();
    await replica?.destroy();
  });

  test("an anonymous search reads the replica: with its replay paused, a new listing is not found, while its owner's My Listings has it", async () => {
    const word = uniqueWord();
    await replica.pauseReplay();
    let id: string;
    try {
      id = await post(`Replica ${word} Developer`);
      expect(await anonymousSearch(word)).toEqual([]);
      const mine = await api(app.url, `/api/myJobs/${encodeURIComponent(employer.email)}`, { session: employer });
      expect(mine.status).toBe(200);
      expect((mine.json as { _id: string }[]).map((job) => job._id)).toContain(id);
      const own = await api(app.url, `/api/all-jobs/${id}`, { session: employer });
      expect(own.status).toBe(200);
    } finally {
      await replica.resumeReplay();
    }
    await expect.poll(() => anonymousSearch(word)).toEqual([id]);
  });

  test("the home page's search and its filter counts read the replica: with its replay paused, a new listing is neither found nor counted", async () => {
    const word = uniqueWord();
    const search = jobSearchSchema.parse({ search: word, datePosted: "all" });
    const counted = async () => {
      const { optionCounts, total } = await app.services.jobs.searchJobsWithOptionCounts(search);
      return [total, ...Object.values(optionCounts.datePosted ?? {}).map((count) => count.total)];
    };
    await replica.pauseReplay();
    try {
      await post(`Replica ${word} Analyst`);
      expect(await counted()).toEqual([0, 0, 0, 0, 0]);
    } finally {
      await replica.resumeReplay();
    }
    await expect.poll(counted).toEqual([1, 1, 1, 1, 1]);
  });

  test("reads are spread in turn over every fit replica, each through its own pool", async () => {
    const url = replica.urlFor(target.url);
    const two = connectReplicas({ primary: database.db, urls: [url, url], maxLagSeconds: 10, poolSize: 1 });
    try {
      await two.check();
      expect(two.states().map((state) => state.state)).toEqual(["fit", "fit"]);
      const used = [];
      for (let i = 0; i < 4; i++) used.push(await two.run(async (db) => db));
      expect(new Set(used).size).toBe(2);
      expect(used).not.toContain(database.db);
      expect(used[0]).toBe(used[2]);
      expect(used[1]).toBe(used[3]);
    } finally {
      await two.close();
    }
  });

  test("a visitor opening a listing the replica has not replayed yet gets it from the primary, not a 404", async () => {
    await replica.pauseReplay();
    try {
      const id = await post(`Replica ${uniqueWord()} Designer`);
      const { status, json } = await api(app.url, `/api/all-jobs/${id}`);
      expect(status).toBe(200);
      expect(json._id).toBe(id);
    } finally {
      await replica.resumeReplay();
    }
  });

  test("a replica held back past the lag limit is left out, /api/health says so, and it takes reads again once it has caught up", async () => {
    const word = uniqueWord();
    await replica.pauseReplay();
    let id: string;
    try {
      id = await post(`Lagging ${word} Engineer`);
      await sleep(1_500);
      expect(await replicaState()).toBe("lagging");
      const health = await api(app.url, "/api/health");
      expect(health.status).toBe(200);
      expect(health.json.status).toBe("ok");
      expect(healthSchema.parse(health.json).replicas?.[0]).toMatchObject({ state: "lagging" });
      expect(await app.services.metrics.render()).toMatch(/^db_replica_fit\{replica="[^"]+"\} 0$/m);
      expect(health.json.replicas[0].lagSeconds).toBeGreaterThan(1);
      // None is fit: the search goes to the primary, which has the listing.
      expect(await anonymousSearch(word)).toEqual([id]);
    } finally {
      await replica.resumeReplay();
    }
    await expect.poll(replicaState).toBe("fit");
    const healthy = (await api(app.url, "/api/health")).json.replicas[0];
    const figures = await app.services.metrics.render();
    expect(figures).toMatch(/^db_replica_fit\{replica="127\.0\.0\.1:\d+\/jobboard_test_\w+"\} 1$/m);
    expect(figures).toMatch(/^db_replica_lag_seconds\{replica="[^"]+"\} [\d.]+$/m);
    expect(healthy.state).toBe("fit");
    // The server is shared: other writers' WAL may be mid-replay, so "caught up" is within the limit, not always 0.
    expect(healthy.lagSeconds).toBeLessThanOrEqual(1);
  });

  test("a read the replica cancels for a recovery conflict runs again on the primary", async () => {
    const id = await post(`Conflict ${uniqueWord()} Analyst`);
    await expect
      .poll(() => replicas.run((db) => db.select().from(jobs).where(eq(jobs.id, id))).then((r) => r.length))
      .toBe(1);
    // Holds a snapshot on the replica for 10 s (not on the primary: the retry answers at once); the primary deletes a
    // row and vacuums it away meanwhile, and replay, waiting at most max_standby_streaming_delay (1 s), cancels it.
    const failures: unknown[] = [];
    const answer = replicas.run(async (db) => {
      try {
        const [row] = await rowsOf(
          db,
          sql`SELECT pg_is_in_recovery() AS replica FROM ${jobs},
            pg_sleep(CASE WHEN pg_is_in_recovery() THEN 10 ELSE 0 END) LIMIT 1`,
        );
        return row;
      } catch (error) {
        failures.push(error);
        throw error;
      }
    });
    // The row goes only once the query holds its snapshot, however slowly the machine started it.
    await expect.poll(() => sleepingQueriesOn(replica.urlFor(target.url))).toBe(1);
    await database.db.delete(jobs).where(eq(jobs.id, id));
    await database.db.execute(sql`VACUUM ${jobs}`);
    expect(await answer).toEqual({ replica: false });
    expect(failures).toHaveLength(1);
    expect(isRecoveryConflict(failures[0])).toBe(true);
    expect((failures[0] as Error).cause).toMatchObject({
      code: "40001",
      message: "canceling statement due to conflict with recovery",
    });
    // A conflict is one statement's bad luck, not a reason to leave the replica out.
    expect(replicas.states()[0]?.state).toBe("fit");
  });

  test("a replica stopped in the middle of a run of searches costs no request a 5xx: they go on on the primary", async () => {
    // The conflict before may have held replay back for a moment.
    await expect.poll(replicaState).toBe("fit");
    const statuses: number[] = [];
    let searching = true;
    const visitor = async () => {
      while (searching) statuses.push((await api(app.url, "/api/jobs?search=developer")).status);
    };
    const visitors = [visitor(), visitor(), visitor()];
    await sleep(300);
    await replica.stop();
    await sleep(1_000);
    searching = false;
    await Promise.all(visitors);
    expect(statuses.length).toBeGreaterThan(3);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The first read that found it gone left it out at once, before any check.
    expect(replicas.states()[0]?.state).toBe("down");
    expect(await replicaState()).toBe("down");
    const health = await api(app.url, "/api/health");
    expect(health.status).toBe(200);
    expect(health.json.replicas[0]).toMatchObject({ state: "down", lagSeconds: null });

    await replica.start();
    await expect.poll(replicaState, { timeout: 30_000 }).toBe("fit");
  });
});

/** Queries on the replica sleeping in pg_sleep: the conflict test's, once it holds its snapshot. */
async function sleepingQueriesOn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND wait_event = 'PgSleep' AND datname = current_database()",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe("the replica settings", () => {
  test("DATABASE_REPLICA_URLS takes comma-separated PostgreSQL URLs and refuses anything else, naming the setting", () => {
    const env = loadEnv({ DATABASE_REPLICA_URLS: " postgres://r1:5432/board, postgresql://r2/board ," });
    expect(env.DATABASE_REPLICA_URLS).toEqual(["postgres://r1:5432/board", "postgresql://r2/board"]);
    expect(loadEnv({}).DATABASE_REPLICA_URLS).toEqual([]);
    expect(() => loadEnv({ DATABASE_REPLICA_URLS: "postgres://r1/board,http://r2/board" })).toThrow(
      /DATABASE_REPLICA_URLS: Must be a URL starting with postgres:\/\//,
    );
    expect(loadEnv({}).DATABASE_REPLICA_MAX_LAG_SECONDS).toBe(10);
    expect(() => loadEnv({ DATABASE_REPLICA_MAX_LAG_SECONDS: "0" })).toThrow(EnvError);
  });

  // Opening a new embedded database runs its initdb: ten seconds here, over a minute on a loaded machine.
  test("on pglite, DATABASE_REPLICA_URLS is ignored and the start-up log says so", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-replica-env-"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const opened = await openConfiguredDatabase(
        loadEnv({ DATA_DIR: dir, DATABASE_REPLICA_URLS: "postgres://127.0.0.1:1/board" }),
      );
      await opened.release();
      expect(opened.replicas).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/^DATABASE_REPLICA_URLS is ignored: .*embedded database/),
      );
    } finally {
      warn.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
