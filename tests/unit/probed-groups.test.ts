import { expect, test } from "vitest";
import { probedGroupBound } from "#server/jobs/ranked.ts";

// PostgreSQL's estimate for a text match it has no statistics of: half a percent of the table, rounded to a row.
const plannersGuess = (listings: number) => Math.max(1, Math.round(listings * 0.005));

test("a word the planner knows nothing of is asked of the text index at every size of board, past 1M too", () => {
  for (const listings of [100, 100_000, 999_999, 1_000_000, 1_000_170, 1_500_000, 10_000_000, 100_000_000])
    expect(plannersGuess(listings), `${listings} listings`).toBeLessThanOrEqual(probedGroupBound(listings));
});

test("a common word, expected in more listings than an unknown one, is not asked first", () => {
  expect(probedGroupBound(1_000_000)).toBeLessThan(6_000);
  expect(probedGroupBound(10_000_000)).toBeLessThan(60_000);
});
