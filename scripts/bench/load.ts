/** Load generators for `npm run bench`: a closed loop of N connections, and a fixed request rate. Loopback only. */
import http from "node:http";
import { performance } from "node:perf_hooks";

/** One request: `failure` says why one that was not ok failed (its status, or the socket's error). */
export type Sample = { ms: number; ok: boolean; bytes: number; url?: string; failure?: string };
export type Summary = {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

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

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 job-board-bench";

/**
 * Time to first byte (headers) when `ttfb`, else to the last byte; the body is always read to the end. Asks for
 * compression as a browser does, but counts the bytes without decoding them: a visitor decodes on their own machine,
 * and here the decoding would take CPU from the server being measured. Says it is a browser, so the listings' stats
 * count every request (a bot's would be left out): the figures include that work.
 */
export function timeRequest(url: string, { ttfb = false } = {}): Promise<Sample> {
  const began = performance.now();
  return new Promise((resolve) => {
    const failed = (error: Error) =>
      resolve({
        ms: performance.now() - began,
        ok: false,
        bytes: 0,
        url,
        failure: (error as NodeJS.ErrnoException).code ?? error.message,
      });
    const request = http.get(
      url,
      { agent, headers: { "accept-encoding": "gzip, deflate, br", "user-agent": BROWSER }, timeout: 10_000 },
      (response) => {
        const headersAt = performance.now();
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("error", failed);
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          resolve({
            ms: (ttfb ? headersAt : performance.now()) - began,
            ok,
            bytes,
            url,
            ...(ok ? {} : { failure: `HTTP ${status}` }),
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out after 10 s")));
    request.on("error", failed);
  });
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
export async function fixedRate(
  rate: number,
  seconds: number,
  next: () => string,
  maxInFlight = 200,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const began = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = began + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (pending.size >= maxInFlight) {
      samples.push({ ms: 0, ok: false, bytes: 0, failure: `not sent: ${maxInFlight} requests already waiting` });
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

/**
 * Why requests failed, most frequent first, each with the path of a request that failed so: an error in a run is then
 * a status to look up in the server's log, or a socket's error (ECONNRESET on a keep-alive socket the server was
 * closing), not a count to guess at. The server's address is the same for every request, so it is left out.
 */
export function failuresOf(samples: Sample[]): string[] {
  const byReason = new Map<string, { count: number; url?: string }>();
  for (const sample of samples) {
    if (sample.ok) continue;
    const reason = sample.failure ?? "unknown";
    const seen = byReason.get(reason) ?? { count: 0, url: sample.url };
    seen.count += 1;
    byReason.set(reason, seen);
  }
  return [...byReason]
    .sort(([, a], [, b]) => b.count - a.count)
    .map(([reason, { count, url }]) => `${count}× ${reason}${url ? ` (${url.replace(/^https?:\/\/[^/]+/, "")})` : ""}`);
}
