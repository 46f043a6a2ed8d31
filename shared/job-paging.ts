import { z } from "zod";

/** Totals up to this are counted exactly; above it a search's total is the planner's labelled estimate (ADR 9). */
export const EXACT_COUNT_LIMIT = 1_000;

/** `page` reaches this many results (OFFSET never skips more); a `cursor` pages on to the end of any result set. */
export const RESULT_WINDOW = 10_000;

/** Where the next page starts: the last listing's posting time (microseconds since 1970) and id, in list order. */
export type JobCursor = { postedMicros: string; id: string };

const CURSOR_PATTERN = /^(\d{1,17})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A page number or a page size, as a query string gives it: a whole number from 1. */
export const wholeFromOne = () =>
  z.coerce.number({ error: "Must be a number" }).int("Must be a whole number").min(1, "Must be 1 or more");

/** `page` of a paged query (our listings' and the external sources'): the first when not given. */
export const pageNumber = wholeFromOne().max(100_000).default(1);

export const encodeCursor = (cursor: JobCursor) => `${cursor.postedMicros}_${cursor.id}`;

/**
 * Where the next page of a search ranked by relevance starts, while it is still among the ranked matches (ADR 38):
 * its position in the ranking. Past them, a ranked search goes on in list order with a JobCursor.
 */
export type RankCursor = { position: number };

const RANK_CURSOR_PATTERN = /^r(\d{1,6})$/;

export const encodeRankCursor = (cursor: RankCursor) => `r${cursor.position}`;

/** A search's `cursor`: a list-order cursor, or a position in a relevance ranking. */
export const searchCursorSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .transform((value, ctx): JobCursor | RankCursor => {
      const rank = RANK_CURSOR_PATTERN.exec(value);
      if (rank) return { position: Number(rank[1]) };
      const match = CURSOR_PATTERN.exec(value);
      if (!match) {
        ctx.addIssue({ code: "custom", message: "Not a valid cursor: use the X-Next-Cursor of a previous page" });
        return z.NEVER;
      }
      return { postedMicros: match[1] as string, id: match[2] as string };
    })
    .optional(),
);

/** An opaque `cursor` query value as X-Next-Cursor gave it; anything else is a 400, never a silent first page. */
export const cursorSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .transform((value, ctx): JobCursor => {
      const match = CURSOR_PATTERN.exec(value);
      if (!match) {
        ctx.addIssue({ code: "custom", message: "Not a valid cursor: use the X-Next-Cursor of a previous page" });
        return z.NEVER;
      }
      return { postedMicros: match[1] as string, id: match[2] as string };
    })
    .optional(),
);

/** "About 120,000": an estimate shown to two significant figures, never more precise than it is. */
export function roundEstimate(total: number): number {
  if (total < 100) return total;
  const step = 10 ** (Math.floor(Math.log10(total)) - 1);
  return Math.round(total / step) * step;
}
