/**
 * How fast this machine is right now, as one number printed beside the figures. The same code on these machines ran
 * half or twice as fast from one day to the next (1M listings, 8 connections: 290 to 700 searches a second), so a
 * figure means little without the speed it was taken at. The work is the server's own kind of work, on one core:
 * serialising a page of 100 listings, reading it back, and gzipping it at level 1, 200 times.
 */
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { syntheticJob } from "#server/seed.ts";

const ROUNDS = 200;

/** The median of three timings, in ms: lower is a faster machine. */
export function machineSpeed(): number {
  const now = new Date("2026-01-01T00:00:00Z");
  const page = Array.from({ length: 100 }, (_, i) => syntheticJob(i, now));
  const once = () => {
    const began = performance.now();
    for (let round = 0; round < ROUNDS; round++)
      gzipSync(JSON.stringify(JSON.parse(JSON.stringify(page))), { level: 1 });
    return performance.now() - began;
  };
  once(); // not counted: the first round runs before V8 has compiled the loop
  const timings = [once(), once(), once()].sort((a, b) => a - b);
  return timings[1] as number;
}
