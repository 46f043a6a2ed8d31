/** Load generators for `npm run bench`: a closed loop of N connections, and a fixed request rate. Loopback only. */
import { performance } from "node:perf_hooks";

export type Sample = { ms: number; ok: boolean; bytes: number; url?: string };
export type Summary = { requests: number; perSecond: number; p50: number; p95: number; p99: number; max: number; errors: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function summarise(samples: Sample[], seconds: number): Summary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    perSecond: samples.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    errors: samples.filter((s) => !s.ok).length,
  };
}

/** Time to first byte (headers) when `ttfb`, else to the last byte; the body is always read to the end. */
export async function timeRequest(url: string, { ttfb = false } = {}): Promise<Sample> {
  const began = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const headersAt = performance.now();
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: (ttfb ? headersAt : performance.now()) - began, ok: response.ok, bytes, url };
  } catch {
    return { ms: performance.now() - began, ok: false, bytes: 0, url };
  }
}

/** `connections` workers, each sending its next request as soon as the last one answered, for `seconds`. */
export async function closedLoop(connections: number, seconds: number, next: () => string): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) samples.push(await timeRequest(next()));
    }),
  );
  return samples;
}

/**
 * Open loop: one request every 1/rate s whatever the answers do, TTFB measured, for `seconds`. Requests that cannot
 * start because `maxInFlight` are already waiting count as errors, so an overloaded server shows as a lower rate.
 */
export async function fixedRate(rate: number, seconds: number, next: () => string, maxInFlight = 200): Promise<Sample[]> {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const began = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = began + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (pending.size >= maxInFlight) {
      samples.push({ ms: 0, ok: false, bytes: 0 });
      continue;
    }
    const request: Promise<void> = timeRequest(next(), { ttfb: true }).then((sample) => {
      samples.push(sample);
      pending.delete(request);
    });
    pending.add(request);
  }
  await Promise.all(pending);
  return samples;
}

