import type { AlertFrequency } from "#shared/alerts.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an alert is next due after `now`: instant ones at once (the scheduler's next pass, within
 * ALERTS_INTERVAL_SECONDS), daily ones at the next `hour`:00 server time, weekly ones a week after that hour.
 */
export function nextRunAt(frequency: AlertFrequency, now: Date, hour: number): Date {
  if (frequency === "instant") return now;
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next <= now) next.setTime(next.getTime() + DAY_MS);
  if (frequency === "weekly") next.setTime(next.getTime() + 6 * DAY_MS);
  return next;
}
