import { expect, test } from "vitest";
import { cpuSecondsOf } from "#scripts/bench/cpu.ts";

test("a process's CPU seconds are read from /proc and grow as it works", () => {
  const before = cpuSecondsOf(process.pid);
  const until = Date.now() + 300;
  let spun = 0;
  while (Date.now() < until) spun += Math.sqrt(spun + 1);
  const after = cpuSecondsOf(process.pid);
  expect(spun).toBeGreaterThan(0);
  expect(before).toBeGreaterThan(0);
  expect(after - before).toBeGreaterThanOrEqual(0.1);
});
