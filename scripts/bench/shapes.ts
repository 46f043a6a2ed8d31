/**
 * The loaded phase of `npm run bench` by query shape: whether its slowest twentieth belongs to a few kinds of search
 * (then an index or a plan is the next step) or to every kind alike (then the searches wait their turn, and only less
 * work per search moves the tail).
 */
import type { Sample } from "#scripts/bench/load.ts";

/**
 * A request's shape: how many words its search has and which other parameters it sets, without their values
 * ("2 words + experienceLevel + location"). The page size is left out: every shape is asked at several.
 */
export function shapeOf(url: string): string {
  const params = new URL(url, "http://localhost").searchParams;
  const words = (params.get("search") ?? "").trim().split(/\s+/).filter(Boolean).length;
  const others = [...new Set(params.keys())].filter((key) => key !== "search" && key !== "limit").sort();
  const parts = [...(words > 0 ? [words === 1 ? "1 word" : `${words} words`] : []), ...others];
  return parts.length > 0 ? parts.join(" + ") : "no parameters";
}

export type ShapeRow = { shape: string; requests: number; p50: number; slowest: number };

/**
 * Per shape: its requests, their median, and how many of them are among the phase's slowest twentieth (at or above
 * its p95); the shapes holding most of that twentieth first.
 */
export function byShape(samples: Sample[]): ShapeRow[] {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
  const groups = new Map<string, number[]>();
  for (const sample of samples) {
    const shape = shapeOf(sample.url ?? "");
    const times = groups.get(shape) ?? [];
    times.push(sample.ms);
    groups.set(shape, times);
  }
  return [...groups]
    .map(([shape, times]) => {
      times.sort((a, b) => a - b);
      return {
        shape,
        requests: times.length,
        p50: times[Math.floor(times.length / 2)] ?? 0,
        slowest: times.filter((ms) => ms >= p95).length,
      };
    })
    .sort((a, b) => b.slowest - a.slowest || b.requests - a.requests);
}
