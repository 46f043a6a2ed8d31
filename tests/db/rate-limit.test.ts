import { eq, sql } from "drizzle-orm";
import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "#server/db/client.ts";
import { checkRateLimit, inRateLimitedTransaction } from "#server/rate-limit.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

/** A table of this test's own: what a limit counts is any table with a key and a creation time. */
const requests = pgTable("rate_limit_probe", {
  id: uuid("id").primaryKey().defaultRandom(),
  clientIp: text("client_ip").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
const rows = { table: requests, key: requests.clientIp, createdAt: requests.createdAt };
const limit = { max: 3, windowSeconds: 600 };

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

describe.each(engines)("the rate limit on %s", (engine) => {
  let testDatabase: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(engine);
    db = testDatabase.database.db;
    await db.execute(
      sql`CREATE TABLE rate_limit_probe (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), client_ip text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  afterAll(() => testDatabase?.drop());

  /** One request as the callers make it: a transaction begun under the key's lock, the count, then the insert. */
  const request = (key: string) =>
    inRateLimitedTransaction(db, { bucket: "contact", key, limit, rows }, async (tx, verdict) => {
      if (verdict.allowed) await tx.insert(requests).values({ clientIp: key });
      return verdict;
    });

  test("a client may make max requests in the window and the next is refused", async () => {
    const ip = freshIp();
    for (let i = 0; i < limit.max; i++) expect(await request(ip)).toEqual({ allowed: true });
    expect((await request(ip)).allowed).toBe(false);
  });

  test("Retry-After is when the client's oldest counted request leaves the window", async () => {
    const ip = freshIp();
    await db
      .insert(requests)
      .values([
        { clientIp: ip, createdAt: sql`now() - interval '400 seconds'` },
        { clientIp: ip, createdAt: sql`now() - interval '100 seconds'` },
        { clientIp: ip },
      ]);
    const verdict = await request(ip);
    expect(verdict.allowed).toBe(false);
    if (verdict.allowed) return;
    expect(verdict.retryAfterSeconds).toBeGreaterThanOrEqual(199);
    expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(200);
  });

  test("requests older than the window do not count", async () => {
    const ip = freshIp();
    await db
      .insert(requests)
      .values(
        Array.from({ length: limit.max }, () => ({ clientIp: ip, createdAt: sql`now() - interval '601 seconds'` })),
      );
    expect(await request(ip)).toEqual({ allowed: true });
  });

  test("one client's requests do not count against another", async () => {
    const busy = freshIp();
    for (let i = 0; i < limit.max; i++) await request(busy);
    expect((await request(busy)).allowed).toBe(false);
    expect(await request(freshIp())).toEqual({ allowed: true });
  });

  class Refused extends Error {}

  /** The other order (applications, ADR 40): the row first, the check after it, and everything undone when refused. */
  const storedFirst = (key: string) =>
    db
      .transaction(async (tx) => {
        await tx.insert(requests).values({ clientIp: key });
        const verdict = await checkRateLimit(tx, { bucket: "contact", key, limit, rows, added: true });
        if (!verdict.allowed) throw new Refused();
        return verdict.allowed;
      })
      .catch((error: unknown) => {
        if (error instanceof Refused) return false;
        throw error;
      });

  test("a request that stores its row before the check counts it once: max pass, the next is refused and undone", async () => {
    const ip = freshIp();
    for (let i = 0; i < limit.max; i++) expect(await storedFirst(ip)).toBe(true);
    expect(await storedFirst(ip)).toBe(false);
    expect(await db.select().from(requests).where(eq(requests.clientIp, ip))).toHaveLength(limit.max);
  });

  test("requests that store their row first, sent at once by one client, cannot pass the limit together", async () => {
    const ip = freshIp();
    const allowed = await Promise.all(Array.from({ length: 10 }, () => storedFirst(ip)));
    expect(allowed.filter(Boolean)).toHaveLength(limit.max);
    expect(await db.select().from(requests).where(eq(requests.clientIp, ip))).toHaveLength(limit.max);
  });

  test("a key with quotes, a backslash and a semicolon is locked and counted as it is", async () => {
    const key = `o'brien\\'; SELECT 1; --`;
    const verdicts = await Promise.all(Array.from({ length: 6 }, () => request(key)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(limit.max);
    expect(await db.select().from(requests).where(eq(requests.clientIp, key))).toHaveLength(limit.max);
  });

  test("a request that fails after the check stores nothing and leaves the limit as it was", async () => {
    const ip = freshIp();
    const failing = inRateLimitedTransaction(db, { bucket: "contact", key: ip, limit, rows }, async (tx) => {
      await tx.insert(requests).values({ clientIp: ip });
      throw new Error("the mail could not be queued");
    });
    await expect(failing).rejects.toThrow("the mail could not be queued");
    for (let i = 0; i < limit.max; i++) expect((await request(ip)).allowed).toBe(true);
    expect((await request(ip)).allowed).toBe(false);
  });

  test("requests sent at once by one client cannot pass the limit together", async () => {
    const ip = freshIp();
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => request(ip)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(limit.max);
    expect(await db.select().from(requests).where(eq(requests.clientIp, ip))).toHaveLength(limit.max);
  });
});
