import cluster, { type Worker } from "node:cluster";
import type { Logger } from "#server/logger.ts";
import type { ShutdownMessage } from "#server/shutdown.ts";

/** The worker that runs the background loops (mail, alerts, sources); the others only answer requests. */
export const LOOPS_WORKER = "0";

export type ClusterOptions = {
  workers: number;
  logger: Logger;
  /** How long a worker may take to finish after the signal is passed on (its own grace period, plus its tasks). */
  stopMs: number;
  /** A worker that dies on its own is replaced after this long, so a worker that cannot start does not spin. */
  restartDelayMs?: number;
};

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process forks that many copies of the server, which share the port, and
 * only supervises them. SIGTERM/SIGINT is passed to every worker, which shuts down as a single server does (requests in
 * flight finish); the primary exits 0 once all of them have exited 0. A worker that dies unasked is replaced.
 */
export function superviseWorkers({ workers, logger, stopMs, restartDelayMs = 1_000 }: ClusterOptions): void {
  let stopping = false;
  let failed = false;
  const indexOf = new Map<Worker, string>();

  const fork = (index: string) => {
    const worker = cluster.fork({ JOB_BOARD_WORKER: index });
    indexOf.set(worker, index);
  };
  for (let i = 0; i < workers; i++) fork(String(i));

  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker) ?? "?";
    indexOf.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (indexOf.size === 0) {
        logger.info("all workers stopped");
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    logger.error({ worker: index, code, signal }, "a worker exited; starting another");
    setTimeout(() => {
      if (!stopping) fork(index);
    }, restartDelayMs).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    const again = stopping;
    if (!again) logger.info({ signal, workers: indexOf.size }, "stopping the workers");
    stopping = true;
    if (indexOf.size === 0) process.exit(0);
    // A second signal is passed on too: each worker then cuts the requests it still has in flight.
    const message: ShutdownMessage = { type: "job-board:shutdown", again };
    for (const worker of indexOf.keys()) worker.send(message);
    if (again) return;
    setTimeout(() => {
      logger.error({ workers: indexOf.size }, "workers did not stop in time; killing them");
      for (const worker of indexOf.keys()) worker.process.kill("SIGKILL");
    }, stopMs).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
