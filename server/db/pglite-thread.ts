import { Worker } from "node:worker_threads";

type QueryConfig = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string) => unknown> };
type Result = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Request =
  | { type: "query"; sql: string; params?: unknown[]; config?: { rowMode?: string; rawTypes: number[] }; tx?: number }
  | { type: "exec"; sql: string; tx?: number }
  | { type: "begin" }
  | { type: "end"; tx: number; commit: boolean }
  | { type: "dump"; compression: "gzip" | "none" }
  | { type: "close" };

/** What drizzle's PGlite session uses of a transaction handle. */
export type PgliteThreadTransaction = {
  query(sql: string, params?: unknown[], config?: QueryConfig): Promise<Result>;
  exec(sql: string): Promise<Result[]>;
};

/**
 * The embedded database on its own thread (ADR 18), with the part of PGlite's API drizzle calls: query, exec and
 * transaction. PGlite runs a query synchronously on the thread that owns it, so here a slow search no longer stops
 * the server answering everyone else. A transaction holds PGlite's one connection as in-process: other queries wait
 * for it to end, in the worker.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 1;
  #exited: Error | undefined;
  #lastAnswerAt = 0;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (message: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      this.#lastAnswerAt = performance.now();
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (message.error) waiting.reject(revive(message.error));
      else waiting.resolve(message.result);
    });
    worker.on("exit", () => this.#fail(new Error("The embedded database thread has stopped")));
    worker.on("error", (error) => this.#fail(error));
  }

  static async create(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir },
      transferList: loadDataDir ? [loadDataDir.buffer] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const ready = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off("message", ready);
        worker.off("error", reject);
        resolve();
      };
      worker.on("message", ready);
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(new Error(`The embedded database thread exited with code ${code} while opening`)),
      );
    });
    return new PgliteThread(worker);
  }

  /**
   * Whether the database answered anything (a result or a query's error) within `ms`. While searches keep its one
   * connection busy, that answers a health check at once instead of queueing a probe behind them.
   */
  answeredWithin(ms: number): boolean {
    return !this.#exited && performance.now() - this.#lastAnswerAt <= ms;
  }

  query(sql: string, params?: unknown[], config?: QueryConfig): Promise<Result> {
    return this.#send({ type: "query", sql, params, config: wireConfig(config) }) as Promise<Result>;
  }

  exec(sql: string): Promise<Result[]> {
    return this.#send({ type: "exec", sql }) as Promise<Result[]>;
  }

  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    // The worker knows the transaction by the id of the message that began it.
    const id = this.#next++;
    await this.#sendAs(id, { type: "begin" });
    const tx: PgliteThreadTransaction = {
      query: (sql, params, config) =>
        this.#send({ type: "query", sql, params, config: wireConfig(config), tx: id }) as Promise<Result>,
      exec: (sql) => this.#send({ type: "exec", sql, tx: id }) as Promise<Result[]>,
    };
    let outcome: T;
    try {
      outcome = await callback(tx);
    } catch (error) {
      await this.#send({ type: "end", tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#send({ type: "end", tx: id, commit: true });
    return outcome;
  }

  async dumpDataDir(compression: "gzip" | "none" = "gzip"): Promise<Blob> {
    const bytes = (await this.#send({ type: "dump", compression })) as Uint8Array<ArrayBuffer>;
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.#exited) return;
    await this.#send({ type: "close" });
    await this.#worker.terminate();
    this.#fail(new Error("The embedded database is closed"));
  }

  #send(request: Request): Promise<unknown> {
    return this.#sendAs(this.#next++, request);
  }

  #sendAs(id: number, request: Request): Promise<unknown> {
    if (this.#exited) return Promise.reject(this.#exited);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #fail(error: Error) {
    this.#exited ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}

/**
 * Drizzle asks PGlite to leave dates, intervals and numeric arrays as text, with identity parsers; a function cannot
 * cross threads, so their type ids do, and the worker builds the same parsers.
 */
function wireConfig(config: QueryConfig | undefined) {
  if (!config) return undefined;
  return { rowMode: config.rowMode, rawTypes: Object.keys(config.parsers ?? {}).map(Number) };
}

function revive(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}
