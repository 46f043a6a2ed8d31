import type { Logger } from "#server/logger.ts";
import { repeat } from "#server/repeat.ts";

/**
 * The in-process alert scheduler: every ALERTS_INTERVAL_SECONDS, the digests that are due (instant ones at each
 * pass; daily and weekly ones from ALERTS_HOUR). Every instance may run it: alerts are claimed, not shared.
 */
export function startAlertScheduler({
  alerts,
  intervalSeconds,
  logger,
  onDigests,
}: {
  /** The alerts door's runDueAlerts: taken as a part, so this file does not import its own door back. */
  alerts: { runDueAlerts: () => Promise<unknown[]> };
  intervalSeconds: number;
  logger: Logger;
  /** Told how many digests each pass queued (the metrics count them). */
  onDigests?: (queued: number) => void;
}) {
  return repeat(
    async () => {
      const sent = await alerts.runDueAlerts();
      onDigests?.(sent.length);
      if (sent.length > 0) logger.info({ digests: sent.length }, "job alert digests queued");
    },
    intervalSeconds * 1000,
    logger,
    "job alert pass",
  );
}
