import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterEach, describe, expect, test } from "vitest";
import { connectPostgres, type Database } from "#server/db/client.ts";
import { primaryReads } from "#server/db/replicas.ts";
import {
  KEPT_IDLE_MS,
  keepingOneConnection,
  servingInArrivalOrder,
  TURNS_YIELDED,
  YieldingPool,
  yieldingToOthers,
} from "#server/db/yielding-pool.ts";
import { engines } from "#tests/support/engines.ts";

describe.skipIf(!engines.includes("postgres"))(
  "the pool: anonymous reads wait behind everyone else, a write keeps its connection",
  () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const cleanups: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    function pool(options: { max: number; connectionTimeoutMillis?: number }, { onlyReads = false } = {}) {
      // Idle connections are never closed here: a close lets a waiting caller in, which would hide a lost turn.
      const created = new YieldingPool({ connectionString: url, idleTimeoutMillis: 0, ...options }, { onlyReads });
      cleanups.push(() => (created.ending ? Promise.resolve() : created.end()));
      return created;
    }

    /** Runs `query` and notes `name` in `order` when it has answered. */
    const noted = (order: string[], name: string, query: () => Promise<unknown>) =>
      query().then(() => {
        order.push(name);
      });

    test("a caller that did not yield gets the next connection before a yielding one that asked earlier", async () => {
      const board = pool({ max: 1 });
      const held = await board.connect();
      const order: string[] = [];
      const read = yieldingToOthers(() => noted(order, "read", () => board.query("SELECT 1")));
      const write = noted(order, "write", () => board.query("SELECT 2"));
      expect([board.waitingCount, board.yieldingCount]).toEqual([1, 1]);
      held.release();
      await Promise.all([read, write]);
      expect(order).toEqual(["write", "read"]);
    });

    test("callers that keep asking without yielding do not starve a yielding one: it waits a few turns, not all of theirs", async () => {
      const board = pool({ max: 1 });
      const order: string[] = [];
      // Two writers back to back: while one runs, the other waits, so no connection is ever free for a yielding caller.
      // They go on until the read is answered (a starved read would leave them at their bound), so how many writes ran
      // before the read asked, which a slow machine changes, cannot decide the outcome.
      let readAnswered = false;
      const writer = async () => {
        for (let i = 0; i < 200 && !readAnswered; i++) await noted(order, "write", () => board.query("SELECT 2"));
      };
      const writers = [writer(), writer()];
      while (order.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
      const writesBefore = order.length;
      const read = yieldingToOthers(() => noted(order, "read", () => board.query("SELECT 1"))).then(() => {
        readAnswered = true;
      });
      await Promise.all([...writers, read]);
      // The write running and the one waiting when it asked, then TURNS_YIELDED turns, then the one queued before it.
      expect(order.indexOf("read") - writesBefore).toBeLessThanOrEqual(TURNS_YIELDED + 3);
    });

    test("yielding callers are served in the order they asked, every one of them", async () => {
      const board = pool({ max: 1 });
      const held = await board.connect();
      const order: string[] = [];
      const reads = ["first", "second", "third", "fourth"].map((name) =>
        yieldingToOthers(() => noted(order, name, () => board.query("SELECT 1"))),
      );
      held.release();
      await Promise.all(reads);
      expect(order).toEqual(["first", "second", "third", "fourth"]);
    });

    /**
     * Two reads on a pool of one held connection: the earlier begins first but asks for a connection only after the
     * later one has (as between two of its statements). `asRead` runs a read, after `first` when given; the order
     * they were served in is the answer.
     */
    async function servedOf(asRead: (read: () => Promise<void>, first?: Promise<void>) => Promise<void>) {
      const board = pool({ max: 1 });
      const held = await board.connect();
      const order: string[] = [];
      const waitFor = async (count: number) => {
        while (board.yieldingCount < count) await new Promise((resolve) => setTimeout(resolve, 1));
      };
      let ask!: () => void;
      const asked = new Promise<void>((resolve) => (ask = resolve));
      const earlier = asRead(() => noted(order, "earlier", () => board.query("SELECT 1")), asked);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = asRead(() => noted(order, "later", () => board.query("SELECT 2")));
      await waitFor(1);
      ask();
      await waitFor(2);
      held.release();
      await Promise.all([earlier, later]);
      return order;
    }

    test("a read whose request arrived earlier gets the next connection before one that arrived later, though it asked after it", async () => {
      const order = await servedOf((read, first) =>
        servingInArrivalOrder(async () => {
          await first;
          await yieldingToOthers(read);
        }),
      );
      expect(order).toEqual(["earlier", "later"]);
    });

    test("outside a request, a read that began earlier gets the next connection before one that began later", async () => {
      const order = await servedOf((read, first) =>
        yieldingToOthers(async () => {
          await first;
          await read();
        }),
      );
      expect(order).toEqual(["earlier", "later"]);
    });

    test("connections given back together go to as many yielding callers at once", async () => {
      const board = pool({ max: 2 });
      const held = await Promise.all([board.connect(), board.connect()]);
      const waiting = [yieldingToOthers(() => board.connect()), yieldingToOthers(() => board.connect())];
      for (const client of held) client.release();
      // Neither is given back: the second is served from the second connection, not after the first is done.
      const served = await Promise.all(waiting);
      expect(served).toHaveLength(2);
      for (const client of served) client.release();
    }, 5_000);

    test("yielding callers leave one connection of four to the others: a write asked after four searches runs at once", async () => {
      const board = pool({ max: 4 });
      const searches = [1, 2, 3, 4].map(() => yieldingToOthers(() => board.connect()));
      const running = await Promise.all(searches.slice(0, 3));
      expect(board.yieldingCount).toBe(1);
      const write = await board.connect();
      write.release();
      await new Promise((resolve) => setTimeout(resolve, 10));
      // The write's connection is free, and still not a search's while three run.
      expect(board.yieldingCount).toBe(1);
      running[0]?.release();
      const fourth = await searches[3];
      for (const client of [...running.slice(1), fourth]) client?.release();
    }, 5_000);

    test("a search given back lets the next waiting search in, the bound of three kept", async () => {
      const board = pool({ max: 4 });
      const running = await Promise.all([1, 2, 3].map(() => yieldingToOthers(() => board.connect())));
      const next = yieldingToOthers(() => board.query<{ n: number }>("SELECT 9 AS n"));
      expect(board.yieldingCount).toBe(1);
      running[0]?.release();
      expect((await next).rows[0]?.n).toBe(9);
      expect(board.totalCount).toBe(3);
      for (const client of running.slice(1)) client.release();
    }, 5_000);

    test("a replica's pool, where every caller is a read, lends the reads all its connections", async () => {
      const replica = pool({ max: 4 }, { onlyReads: true });
      const reads = await Promise.all([1, 2, 3, 4].map(() => yieldingToOthers(() => replica.connect())));
      expect([replica.totalCount, replica.yieldingCount]).toEqual([4, 0]);
      for (const client of reads) client.release();
    }, 5_000);

    test("a yielding caller takes a free connection at once", async () => {
      const board = pool({ max: 2 });
      const held = await board.connect();
      const answer = await yieldingToOthers(() => board.query<{ n: number }>("SELECT 7 AS n"));
      expect(answer.rows[0]?.n).toBe(7);
      held.release();
    });

    test("a yielding caller that gets no connection within the pool's timeout fails, and the pool goes on", async () => {
      const board = pool({ max: 1, connectionTimeoutMillis: 200 });
      const held = await board.connect();
      await expect(yieldingToOthers(() => board.query("SELECT 1"))).rejects.toThrow(
        "timeout exceeded when trying to connect",
      );
      held.release();
      expect((await yieldingToOthers(() => board.query<{ n: number }>("SELECT 3 AS n"))).rows[0]?.n).toBe(3);
    });

    test("ending the pool refuses the yielding callers still waiting", async () => {
      const board = pool({ max: 1 });
      const held = await board.connect();
      const waiting = yieldingToOthers(() => board.connect());
      const ended = board.end();
      await expect(waiting).rejects.toThrow("Cannot use a pool after calling end on the pool");
      held.release();
      await ended;
    });

    test("the board's anonymous reads yield: a write asked after a search still runs first", async () => {
      const database: Database = connectPostgres(url, { max: 1 });
      cleanups.push(() => database.close());
      const board = (database.db as unknown as { $client: pg.Pool }).$client;
      const held = await board.connect();
      const order: string[] = [];
      const search = primaryReads(database.db).run((db) => noted(order, "search", () => db.execute(sql`SELECT 1`)));
      const post = noted(order, "post", () => database.db.transaction((tx) => tx.execute(sql`SELECT 2`)));
      held.release();
      await Promise.all([search, post]);
      expect(order).toEqual(["post", "search"]);
    });

    /** Runs a function as a caller outside the write would: another request's statement. */
    const asAnotherRequest = AsyncLocalStorage.snapshot();

    const backend = async (board: pg.Pool) =>
      (await board.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;

    test("a write's statements one after another keep their connection: a caller waiting meanwhile gets it after the write", async () => {
      const board = pool({ max: 1 });
      const order: string[] = [];
      let other: Promise<void> | undefined;
      await keepingOneConnection(async () => {
        await noted(order, "first", () => board.query("SELECT 1"));
        other = asAnotherRequest(() => noted(order, "other", () => board.query("SELECT 2")));
        await noted(order, "second", () => board.query("SELECT 3"));
        await noted(order, "third", () => board.query("SELECT 4"));
      });
      await other;
      expect(order).toEqual(["first", "second", "third", "other"]);
    });

    test("a transaction in a write takes the kept connection, before a caller that asked meanwhile", async () => {
      const database: Database = connectPostgres(url, { max: 1 });
      cleanups.push(() => database.close());
      const { db } = database;
      const order: string[] = [];
      let other: Promise<void> | undefined;
      await keepingOneConnection(async () => {
        await noted(order, "account", () => db.execute(sql`SELECT 1`));
        other = asAnotherRequest(() => noted(order, "other", () => db.execute(sql`SELECT 2`)));
        await noted(order, "transaction", () => db.transaction((tx) => tx.execute(sql`SELECT 3`)));
        await noted(order, "company", () => db.execute(sql`SELECT 4`));
      });
      await other;
      expect(order).toEqual(["account", "transaction", "company", "other"]);
    });

    test("statements a write runs at once take a connection each, as before", async () => {
      const board = pool({ max: 2 });
      const pids = await keepingOneConnection(() =>
        Promise.all([board.query("SELECT pg_sleep(0.05)").then(() => backend(board)), backend(board)]),
      );
      expect(pids[0]).toBeDefined();
      const sleeping = await keepingOneConnection(() =>
        Promise.all([
          board.query<{ pid: number }>("SELECT pg_backend_pid() AS pid, pg_sleep(0.05)"),
          board.query<{ pid: number }>("SELECT pg_backend_pid() AS pid, pg_sleep(0.05)"),
        ]),
      );
      expect(sleeping[0].rows[0]?.pid).not.toBe(sleeping[1].rows[0]?.pid);
    });

    test("a kept connection left idle goes back to the pool before the write ends", async () => {
      const board = pool({ max: 1 });
      const order: string[] = [];
      await keepingOneConnection(async () => {
        await board.query("SELECT 1");
        const other = asAnotherRequest(() => noted(order, "other", () => board.query("SELECT 2")));
        // A slow upload, or a password hashed, between two statements.
        await new Promise((resolve) => setTimeout(resolve, KEPT_IDLE_MS * 4));
        await other;
        await noted(order, "write", () => board.query("SELECT 3"));
      });
      expect(order).toEqual(["other", "write"]);
      expect(board.idleCount).toBe(1);
    });

    test("a statement that fails in a write leaves the write able to go on, and the connection to the pool", async () => {
      const board = pool({ max: 1 });
      const answer = await keepingOneConnection(async () => {
        await expect(board.query("SELECT * FROM no_such_table_here")).rejects.toThrow("no_such_table_here");
        return (await board.query<{ n: number }>("SELECT 5 AS n")).rows[0]?.n;
      });
      expect(answer).toBe(5);
      expect([board.totalCount, board.idleCount]).toEqual([1, 1]);
    });
  },
);
