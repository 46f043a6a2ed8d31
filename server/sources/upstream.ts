import { readCapped } from "#server/http/read-capped.ts";

/** Why a fetch from a source failed, in words fit for GET /api/sources and the source page. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type FetchPolicy = {
  timeoutMs: number;
  /** Extra attempts after the first, for timeouts, network errors, 429 and 5xx. */
  retries: number;
  maxBytes: number;
  /** A Retry-After longer than this fails the sync instead of holding it (the next run tries again). */
  maxRetryAfterMs: number;
  baseDelayMs: number;
  /** Aborts waits and requests when the scheduler stops. */
  signal?: AbortSignal;
};

export type RateWindow = { limit: number; windowMs: number };

/**
 * Keeps a source within its quota (e.g. Adzuna's 25 a minute and 250 a day). Waits for a short window to
 * free up; refuses when the wait would be longer than a sync should take.
 */
export class RateLimiter {
  private readonly stamps: number[] = [];

  constructor(
    private readonly windows: RateWindow[],
    private readonly maxWaitMs = 60_000,
  ) {}

  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      const longest = Math.max(0, ...this.windows.map((w) => w.windowMs));
      while (this.stamps.length && this.stamps[0]! <= now - longest) this.stamps.shift();
      const wait = Math.max(
        0,
        ...this.windows.map(({ limit, windowMs }) => {
          const recent = this.stamps.filter((stamp) => stamp > now - windowMs);
          return recent.length < limit ? 0 : recent[recent.length - limit]! + windowMs - now;
        }),
      );
      if (wait === 0) {
        this.stamps.push(now);
        return;
      }
      if (wait > this.maxWaitMs)
        throw new UpstreamError(`Request quota reached; next request allowed in ${Math.ceil(wait / 60_000)} min`);
      await sleep(wait, signal);
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UpstreamError("Stopped"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UpstreamError("Stopped"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Retry-After as seconds or an HTTP date → milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * GET/POST to a source with a timeout, bounded retries with jitter that honour Retry-After, a body size
 * limit, and no redirects: requests only ever go to the origin the operator configured.
 */
export async function fetchUpstream(
  url: URL,
  init: RequestInit,
  { allowedOrigin, policy, limiter }: { allowedOrigin: string; policy: FetchPolicy; limiter?: RateLimiter },
): Promise<string> {
  if (url.origin !== allowedOrigin) throw new UpstreamError(`Refusing to call ${url.origin}: not the configured host`);
  let lastError: UpstreamError = new UpstreamError("No attempt made");
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    await limiter?.take(policy.signal);
    let retryAfter: number | null;
    try {
      return await attemptOnce(url, init, policy);
    } catch (error) {
      if (policy.signal?.aborted) throw new UpstreamError("Stopped");
      lastError = error instanceof UpstreamError ? error : new UpstreamError(describe(error));
      if (!(error instanceof RetryableError)) throw lastError;
      retryAfter = error.retryAfterMs;
    }
    if (attempt === policy.retries) break;
    if (retryAfter !== null && retryAfter > policy.maxRetryAfterMs) {
      throw new UpstreamError(
        `${lastError.message}; asked to retry after ${Math.ceil(retryAfter / 1000)} s`,
        lastError.status,
      );
    }
    const backoff = policy.baseDelayMs * 2 ** attempt;
    // Jitter spreads the retries of several instances or sources instead of having them hit together.
    const wait =
      retryAfter !== null ? retryAfter + Math.random() * policy.baseDelayMs : backoff / 2 + Math.random() * backoff;
    await sleep(wait, policy.signal);
  }
  throw lastError;
}

class RetryableError extends UpstreamError {
  constructor(
    message: string,
    status?: number,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message, status);
  }
}

async function attemptOnce(url: URL, init: RequestInit, policy: FetchPolicy): Promise<string> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = policy.signal ? AbortSignal.any([timeout, policy.signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal, redirect: "manual" });
  } catch (error) {
    if (timeout.aborted) throw new RetryableError(`No answer within ${policy.timeoutMs / 1000} s`);
    throw new RetryableError(`Could not connect: ${describe(error)}`);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new UpstreamError(`Unexpected redirect (HTTP ${response.status})`, response.status);
  }
  if (!response.ok) {
    await response.body?.cancel();
    const message = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
    if (RETRYABLE.has(response.status))
      throw new RetryableError(message, response.status, retryAfterMs(response.headers.get("retry-after")));
    throw new UpstreamError(message, response.status);
  }
  try {
    return await readLimited(response, policy.maxBytes);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (timeout.aborted) throw new RetryableError(`No complete answer within ${policy.timeoutMs / 1000} s`);
    throw new RetryableError(`Connection broke: ${describe(error)}`);
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new UpstreamError(`Response larger than ${Math.round(maxBytes / 1024)} KB`);
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  return (await readCapped(response.body, maxBytes, tooLarge)).toString("utf8");
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

/** JSON.parse with a message fit for the source status instead of a SyntaxError. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError("The answer was not valid JSON");
  }
}
