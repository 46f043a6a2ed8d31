import cluster from "node:cluster";
import type { Server, ServerResponse } from "node:http";
import net from "node:net";
import type { Logger } from "#server/logger.ts";

export type ShutdownOptions = {
  server: Server;
  /** SHUTDOWN_GRACE_SECONDS in ms: how long requests in flight may take before their connections are cut. */
  graceMs: number;
  /** Run in order once the server has stopped: scheduler, mail sender, then the database and its lock. */
  tasks: (() => Promise<void>)[];
  logger: Logger;
  exit?: (code: number) => void;
};

/**
 * How long a keep-alive connection idle at the signal may still bring a request: one already on its way (sent before
 * the signal, not yet read) is answered, with Connection: close, instead of meeting a connection closed under it.
 */
const IDLE_DRAIN_MS = 1_000;

/**
 * SIGTERM or SIGINT: stop accepting connections, let every request already in flight finish (each answer then
 * closes its connection), run the tasks and exit 0. Requests still running after the grace period, or when a
 * second signal arrives, have their connections closed; the tasks still run, so the database is always closed
 * and its lock released.
 */
export function handleShutdownSignals({ server, graceMs, tasks, logger, exit = process.exit }: ShutdownOptions): void {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  let draining = false;

  server.on("request", (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.on("close", () => {
      inFlight.delete(res);
      // Its connection is idle now; without this, close() would wait for the keep-alive timeout.
      if (stopping && !draining) setImmediate(() => server.closeIdleConnections());
    });
    if (stopping) res.setHeader("connection", "close");
  });

  const cut = (reason: string) => {
    if (inFlight.size > 0)
      logger.warn({ requests: inFlight.size }, `${reason}: closing connections of requests still in flight`);
    server.closeAllConnections();
  };

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      cut(`second ${signal}`);
      return;
    }
    stopping = true;
    logger.info({ signal, inFlight: inFlight.size, graceMs }, "shutting down: finishing requests in flight");
    // Keep-alive connections must not outlive the answer they are waiting for.
    for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
    const grace = setTimeout(() => cut("grace period over"), graceMs);
    let code = 0;
    try {
      // Stops listening and resolves once every connection has ended. http.Server's own close() would also drop the
      // idle keep-alive connections at once, and with them a request already sent on one but not yet read (a client
      // under load lost one that way); they are dropped after IDLE_DRAIN_MS instead.
      draining = true;
      const drained = setTimeout(() => {
        draining = false;
        server.closeIdleConnections();
      }, IDLE_DRAIN_MS);
      await new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      clearTimeout(drained);
      clearTimeout(grace);
      for (const task of tasks) await task();
      logger.info("shut down");
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      code = 1;
    }
    exit(code);
  };
  process.on("SIGINT", (signal) => void stop(signal));
  process.on("SIGTERM", (signal) => void stop(signal));
  // A cluster worker hears of its primary's signal by message (server/cluster.ts): a terminal's Ctrl-C reaches the
  // worker directly as well, and must not count as a second signal.
  if (cluster.isWorker) {
    process.on("message", (message: unknown) => {
      if (!isShutdownMessage(message)) return;
      if (stopping && !message.again) return;
      void stop("SIGTERM");
    });
  }
}

export type ShutdownMessage = { type: "job-board:shutdown"; again: boolean };

function isShutdownMessage(message: unknown): message is ShutdownMessage {
  return (
    typeof message === "object" && message !== null && (message as { type?: unknown }).type === "job-board:shutdown"
  );
}
