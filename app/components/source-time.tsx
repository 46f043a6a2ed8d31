import { useEffect, useState } from "react";

const parts = (date: Date, timeZone?: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone,
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<"day" | "month" | "year" | "hour" | "minute", string>;

/** "7 Dec, 14:05" (the year only when it is not this one), in `timeZone` or the reader's own. */
export function formatSourceMoment(
  iso: string,
  { timeZone, now = new Date() }: { timeZone?: string; now?: Date } = {},
) {
  const at = parts(new Date(iso), timeZone);
  const year = at.year === parts(now, timeZone).year ? "" : ` ${at.year}`;
  return `${at.day} ${at.month}${year}, ${at.hour}:${at.minute}`;
}

/**
 * When a source last refreshed or began failing. The server knows no reader's time zone, so it writes UTC and says so;
 * in the browser the text becomes the reader's local time.
 */
export function SourceTime({ at }: { at: string }) {
  const [text, setText] = useState(() => `${formatSourceMoment(at, { timeZone: "UTC" })} UTC`);
  useEffect(() => setText(formatSourceMoment(at)), [at]);
  return <time dateTime={at}>{text}</time>;
}
