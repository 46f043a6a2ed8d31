import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

const yielding = new AsyncLocalStorage<{ since: number }>();

/** The connection a request keeps (keepingOneConnection), one per pool, while it is free or lent to one statement. */
type Kept = { client?: pg.PoolClient; busy: boolean; idleTimer?: NodeJS.Timeout; giveBack?: () => void };
type Keeping = { over: boolean; slots: Map<pg.Pool, Kept> };
const keeping = new AsyncLocalStorage<Keeping>();

/**
 * How long a kept connection may wait idle for the request's next statement before it goes back to the pool. A
 * request's statements follow one another within a millisecond or two of work; a request that reads a slow client's
 * upload, or hashes a password, between two of them must not hold one of the pool's few connections meanwhile.
 */
export const KEPT_IDLE_MS = 15;

/**
 * Runs `work` (a signed-in write: a post, an edit, an application) so that its statements, one after another, take
 * the same connection: it asks the pool once instead of once a statement. Under a crowd of searches every ask waited
 * for one of the busy connections to come free, and a post asks five times (its session, its account, its
 * transaction, its company). Statements `work` runs at once, and any while a transaction holds the kept connection,
 * take another as before; the kept one goes back when `work` ends or after KEPT_IDLE_MS unused.
 */
export async function keepingOneConnection<T>(work: () => Promise<T>): Promise<T> {
  const kept: Keeping = { over: false, slots: new Map() };
  try {
    return await keeping.run(kept, work);
  } finally {
    kept.over = true;
    for (const slot of kept.slots.values()) if (!slot.busy) slot.giveBack?.();
  }
}

/**
 * Runs `work` so that every connection it asks the pool for waits behind every other caller waiting for one. The
 * anonymous reads (search, pages for visitors, feeds) run so (server/db/replicas.ts): under a crowd of searches the
 * pool's queue is always full of them, and a post, an application, a sign-in or the health check waited its turn
 * behind four of them for each of its statements. Among themselves the reads wait oldest first: by when their request
 * arrived (servingInArrivalOrder), else when `work` began.
 */
export function yieldingToOthers<T>(work: () => Promise<T>): Promise<T> {
  const since = yielding.getStore()?.since ?? arrivals.getStore() ?? performance.now();
  return yielding.run({ since }, work);
}

const arrivals = new AsyncLocalStorage<number>();

/**
 * Runs `work` (a request) with the time it arrived, by which its reads queue for a connection (ADR 52). First come,
 * first served by statement put each search's next statement behind every statement asked for since its previous one:
 * a search of six statements waited six queues, and the slowest searches waited the most. Served by arrival, a search
 * that has begun finishes before those that came after it start, as at a counter.
 */
export function servingInArrivalOrder<T>(work: () => Promise<T>): Promise<T> {
  return arrivals.run(performance.now(), work);
}

type Waiter = { admit: () => void; refuse: (error: Error) => void; since: number; timer?: NodeJS.Timeout };

/**
 * How many connections in a row a yielding caller lets others take before it queues with them. Without a bound, a
 * steady stream of writes starved the reads: 8 applicants sending CVs back to back left the searches beside them 3
 * answers a second (p50 2.7 s, p95 6.2 s) instead of 80. Writes that come and go, as people send them, still take
 * the next connection: a read is moved up only while the others keep taking turn after turn.
 */
export const TURNS_YIELDED = 2;

/**
 * pg's pool with two queues: callers inside `yieldingToOthers` wait in a queue of their own, oldest request first
 * (ADR 52), and are handed to the pool's (first come, first served) when it holds nobody else and a connection is
 * free, or once others have taken TURNS_YIELDED connections in a row while they waited; never while they hold all but
 * one of a pool of four or more (ADR 51). The pool's size, and so how many statements PostgreSQL runs at once, is unchanged: a pool of its own for
 * the anonymous reads (a bulkhead) was measured worse, as one more busy backend on two cores slowed every write more
 * than the wait it saved. A request inside `keepingOneConnection` (a write) asks it once for its statements.
 */
export class YieldingPool extends pg.Pool {
  readonly #waiting: Waiter[] = [];
  /** Connections others took, one after another, while a yielding caller waited. */
  #passedOver = 0;
  /** Connections yielding callers hold, or were admitted to take. */
  #yieldingInUse = 0;

  readonly #leaveOneForOthers: boolean;

  /**
   * `onlyReads`: every caller yields (a replica's pool), so the connection kept for the others would stay idle.
   */
  constructor(config: pg.PoolConfig, { onlyReads = false }: { onlyReads?: boolean } = {}) {
    super(config);
    this.#leaveOneForOthers = !onlyReads;
    // Each time a connection is given back or closed, the next yielding caller may take it, after the pool's own.
    const admitLater = () => process.nextTick(() => this.#admit());
    this.on("release", admitLater);
    this.on("remove", admitLater);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const checkout = this.#checkout();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  #checkout(): Promise<pg.PoolClient> {
    const kept = keeping.getStore();
    if (kept && !kept.over) {
      let slot = kept.slots.get(this);
      if (!slot) kept.slots.set(this, (slot = { busy: false }));
      if (!slot.busy) return this.#lend(kept, slot);
    }
    const read = yielding.getStore();
    if (!read) return super.connect();
    if (this.#waiting.length === 0 && this.#mayAdmit()) return this.#takeYielding();
    return new Promise<pg.PoolClient>((resolve, reject) =>
      this.#wait(read.since, () => this.#takeYielding().then(resolve, reject), reject),
    );
  }

  /** A connection for a yielding caller, counted among the yielding ones until it is given back. */
  async #takeYielding(): Promise<pg.PoolClient> {
    this.#yieldingInUse += 1;
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      this.#yieldingInUse -= 1;
      throw error;
    }
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      // Counted out before the pool's own release, whose event lets the next yielding caller in.
      this.#yieldingInUse -= 1;
      client.release = release;
      release.call(client, error);
    };
    return client;
  }

  /**
   * How many connections the yielding callers may hold at once: all but one of a pool of four or more. A crowd of
   * searches otherwise held every connection, and a post waited for one of them to finish at each statement, then ran
   * beside four of them on two cores.
   */
  #yieldingBound(): number {
    const max = this.options.max ?? 10;
    return this.#leaveOneForOthers && max >= 4 ? max - 1 : max;
  }

  #mayAdmit(): boolean {
    return this.#free() && this.#yieldingInUse < this.#yieldingBound();
  }

  /** The request's kept connection, taken from the pool (as any caller would) the first time. */
  async #lend(kept: Keeping, slot: Kept): Promise<pg.PoolClient> {
    slot.busy = true;
    clearTimeout(slot.idleTimer);
    if (slot.client) return slot.client;
    let client: pg.PoolClient;
    try {
      client = await this.#checkout();
    } catch (error) {
      slot.busy = false;
      throw error;
    }
    const release = client.release;
    const giveBack = (error?: Error | boolean) => {
      clearTimeout(slot.idleTimer);
      slot.client = undefined;
      slot.giveBack = undefined;
      slot.busy = false;
      client.release = release;
      release.call(client, error);
    };
    slot.client = client;
    slot.giveBack = giveBack;
    // A statement's release hands it back to the request, unless the request is over or the statement failed (then
    // the pool decides, as for any connection, whether it can be used again).
    client.release = (error?: Error | boolean) => {
      if (slot.client !== client || !slot.busy) return;
      if (error || kept.over) return giveBack(error);
      slot.busy = false;
      slot.idleTimer = setTimeout(() => {
        if (!slot.busy && slot.client === client) giveBack();
      }, KEPT_IDLE_MS);
    };
    return client;
  }

  /** Callers waiting in the second queue, the yielding ones (`waitingCount` is the pool's own queue). */
  get yieldingCount(): number {
    return this.#waiting.length;
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    for (const waiter of this.#waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.refuse(new Error("Cannot use a pool after calling end on the pool"));
    }
    return callback ? super.end(callback) : super.end();
  }

  /**
   * More connections idle or still to open than callers in the pool's own queue. Not "the queue is empty": two
   * connections given back in one tick meant two turns, and the second was lost (a connection idle while yielding
   * callers waited: 85 searches a second instead of 125).
   */
  #free(): boolean {
    return this.idleCount + (this.options.max ?? 10) - this.totalCount > this.waitingCount;
  }

  #wait(since: number, admit: () => void, refuse: (error: Error) => void) {
    const waiter: Waiter = { admit, refuse, since };
    const timeoutMs = this.options.connectionTimeoutMillis;
    if (timeoutMs) {
      // The same bound as the pool's own queue, with its message, so a caller cannot tell which queue it waited in.
      waiter.timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        refuse(new Error("timeout exceeded when trying to connect"));
      }, timeoutMs);
      waiter.timer.unref();
    }
    // Oldest first; among callers that arrived at the same time, in the order they asked.
    let at = this.#waiting.length;
    while (at > 0 && (this.#waiting[at - 1] as Waiter).since > since) at -= 1;
    this.#waiting.splice(at, 0, waiter);
  }

  #admit() {
    if (this.ending) return;
    if (this.#waiting.length === 0) {
      // Nobody yielding waits: the next turns others take are not "in a row" with the last ones counted.
      this.#passedOver = 0;
      return;
    }
    if (!this.#free()) {
      // The connection went to a caller that did not yield: after TURNS_YIELDED such turns, the first yielding caller
      // joins the pool's queue, behind those already in it and before whoever asks next.
      this.#passedOver += 1;
      if (this.#passedOver >= TURNS_YIELDED && this.#yieldingInUse < this.#yieldingBound()) this.#handOver();
      return;
    }
    // A caller handed to the pool with a connection idle waits in the pool's queue until the next tick, where it takes
    // that connection: counted there meanwhile, it is not handed the same connection twice.
    while (this.#waiting.length > 0 && this.#mayAdmit()) this.#handOver();
  }

  #handOver() {
    this.#passedOver = 0;
    const waiter = this.#waiting.shift() as Waiter;
    clearTimeout(waiter.timer);
    waiter.admit();
  }
}
