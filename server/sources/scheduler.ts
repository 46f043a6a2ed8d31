import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import type { Connector } from "#server/sources/connector.ts";
import { syncSource, type SyncOutcome } from "#server/sources/ingest.ts";
import { createConnectors } from "#server/sources/registry.ts";

export type SourceScheduler = { stop(): Promise<void> };

/** "3 min", "2 h 5 min", "1 d 4 h": how long a source was down, for the operator reading the log. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return minutes === 0 ? "under a minute" : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** First retry of a failed source after 30 s, doubling up to the source's own interval. */
export const RETRY_BASE_MS = 30_000;

/**
 * Refreshes every configured source on its own interval, starting with a sync at boot (skipped for a
 * source another instance refreshed less than an interval ago). A failed sync is retried with a short
 * backoff instead of a whole interval later, so a source that was down at boot (or an offline demo pointed
 * at the fakes) comes back within a minute or two. Runs in the background: boot and page requests never
 * wait for an upstream.
 */
export function startSourceScheduler({
  database,
  env,
  logger,
  connectors = createConnectors(env),
  retryBaseMs = RETRY_BASE_MS,
  onOutcome,
}: {
  database: Database;
  env: Env;
  logger: Logger;
  connectors?: Connector[];
  retryBaseMs?: number;
  /** Told each refresh's result (the metrics count them by source). */
  onOutcome?: (source: string, outcome: SyncOutcome["outcome"]) => void;
}): SourceScheduler {
  const controller = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  const graceMs = env.SOURCES_GRACE_HOURS * 3_600_000;

  const later = (ms: number, task: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const schedule = (connector: Connector) => {
    let failures = 0;
    let retry: "pending" | "none" = "none";
    const backoff = () => Math.min(connector.intervalMs, retryBaseMs * 2 ** Math.max(0, failures - 1));

    // Whether this process has warned about the source's current outage: one warning per outage, not per pass.
    let warned = false;
    const afterRun = (outcome: SyncOutcome) => {
      onOutcome?.(connector.source, outcome.outcome);
      if (outcome.outcome === "synced") {
        failures = 0;
        if (outcome.recoveredFrom || warned) {
          const downForMs = outcome.recoveredFrom ? Date.now() - outcome.recoveredFrom.getTime() : undefined;
          logger.info(
            {
              source: connector.source,
              failingSince: outcome.recoveredFrom?.toISOString(),
              downForMs,
              downFor: downForMs === undefined ? undefined : formatDuration(downForMs),
            },
            "source recovered",
          );
        }
        warned = false;
      }
      if (outcome.outcome === "failed") {
        failures += 1;
        if (!warned) {
          logger.warn(
            {
              source: connector.source,
              error: outcome.error,
              failingSince: outcome.failingSince.toISOString(),
              listingsKept: outcome.count,
            },
            "source is failing; keeping its previous listings and retrying (logged again when it recovers)",
          );
          warned = true;
        }
      }
      if (outcome.outcome === "skipped") {
        logger.info({ source: connector.source, reason: outcome.reason }, "source sync skipped");
      }
      // A failed source (here, or at another instance's last attempt) is tried again soon, not an interval later.
      const dueInMs =
        outcome.outcome === "failed" ? backoff() : outcome.outcome === "skipped" ? outcome.dueInMs : undefined;
      if (dueInMs !== undefined && dueInMs < connector.intervalMs && retry === "none") {
        retry = "pending";
        later(dueInMs, () => {
          retry = "none";
          run();
        });
      }
    };

    const run = () => {
      if (controller.signal.aborted) return;
      const task = syncSource(database, connector, {
        graceMs,
        signal: controller.signal,
        logger,
        retryFailedAfterMs: backoff(),
      })
        .then(afterRun)
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            logger.error({ err: error, source: connector.source }, "source sync could not be recorded");
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    };

    run();
    const timer = setInterval(run, connector.intervalMs);
    timer.unref();
    timers.add(timer);
  };

  for (const connector of connectors) {
    if (!connector.configured) {
      logger.info({ source: connector.source, missing: connector.missing }, "external source not configured");
      continue;
    }
    schedule(connector);
  }

  return {
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      controller.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
