import { expect, test } from "vitest";
import { replicaLag } from "#server/db/replicas.ts";

test("a replica still replaying what it had received at the check before is as far behind as its last replayed commit", () => {
  expect(replicaLag({ commitAgeSeconds: 29, replayedPrevious: false, secondsSincePrevious: 2 })).toBe(29);
});

test("a replica that has replayed all it had received at the check before is behind by at most the time since, however old the last commit", () => {
  expect(replicaLag({ commitAgeSeconds: 29, replayedPrevious: true, secondsSincePrevious: 2 })).toBe(2);
});

test("a replica that has replayed all it had received is never said to be further behind than its last commit", () => {
  expect(replicaLag({ commitAgeSeconds: 0.4, replayedPrevious: true, secondsSincePrevious: 2 })).toBe(0.4);
});

test("a replica checked for the first time is as far behind as its last replayed commit", () => {
  expect(replicaLag({ commitAgeSeconds: 12, replayedPrevious: false, secondsSincePrevious: Infinity })).toBe(12);
  expect(replicaLag({ commitAgeSeconds: 12, replayedPrevious: true, secondsSincePrevious: Infinity })).toBe(12);
});
