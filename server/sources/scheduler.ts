import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { Connector } from "./connector";
import { syncSource } from "./ingest";
import { createConnectors } from "./registry";

export type SourceScheduler = { stop(): Promise<void> };

/**
 * Refreshes every configured source on its own interval, starting with a sync at boot (skipped for a
 * source another instance refreshed less than an interval ago). Runs in the background: boot and page
 * requests never wait for an upstream.
 */
export function startSourceScheduler({
  database,
  env,
  logger,
  connectors = createConnectors(env),
}: {
  database: Database;
  env: Env;
  logger: Logger;
  connectors?: Connector[];
}): SourceScheduler {
  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const graceMs = env.SOURCES_GRACE_HOURS * 3_600_000;

  const run = (connector: Connector) => {
    if (controller.signal.aborted) return;
    const task = syncSource(database, connector, { graceMs, signal: controller.signal, logger })
      .then((outcome) => {
        if (outcome.outcome === "skipped") logger.debug({ source: connector.source, reason: outcome.reason }, "source sync skipped");
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) logger.error({ err: error, source: connector.source }, "source sync could not be recorded");
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  for (const connector of connectors) {
    if (!connector.configured) {
      logger.info({ source: connector.source, missing: connector.missing }, "external source not configured");
      continue;
    }
    run(connector);
    const timer = setInterval(() => run(connector), connector.intervalMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      controller.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
