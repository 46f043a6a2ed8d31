import type { ExternalJob, SourceId } from "#shared/sources.ts";
import { fetchUpstream, UpstreamError, type FetchPolicy, type RateLimiter } from "#server/sources/upstream.ts";

/** One external source: whether the operator configured it, and how to fetch its current listings. */
export type Connector = {
  source: SourceId;
  configured: boolean;
  /** Env variables that still need a value before the source can run. */
  missing: string[];
  intervalMs: number;
  /** Every listing the source currently offers (within our page budget), normalised and sanitised. */
  fetchJobs(signal?: AbortSignal): Promise<ExternalJob[]>;
};

export type ConnectorDeps = { policy: Omit<FetchPolicy, "signal">; limiter: RateLimiter };

/** A plain object, for reading upstream records whose shape we never trust. */
export type Raw = Record<string, unknown>;

export const isRaw = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const USER_AGENT = "JobBoard/1.0 (+https://github.com/; server-side ingest, cached)";

/** Drops records without an id and keeps the first of duplicate ids (one upsert may not touch a row twice). */
function uniqueJobs(jobs: (ExternalJob | null)[]): ExternalJob[] {
  const seen = new Map<string, ExternalJob>();
  for (const job of jobs) if (job && !seen.has(job.upstreamId)) seen.set(job.upstreamId, job);
  return [...seen.values()];
}

/** What is a source's own; `defineConnector` makes the rest of its connector the same as every other's. */
type ConnectorParts = {
  /** The env variables the source needs, by name, with their values: an empty one leaves it unconfigured. */
  required?: Record<string, string | undefined>;
  intervalMinutes: number;
  /** Fetches the source's records and normalises each (null: not a listing we can keep). */
  fetchRecords: (signal?: AbortSignal) => Promise<(ExternalJob | null)[]>;
};

export function defineConnector(
  source: SourceId,
  { required = {}, intervalMinutes, fetchRecords }: ConnectorParts,
): Connector {
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  return {
    source,
    configured: missing.length === 0,
    missing,
    intervalMs: intervalMinutes * 60_000,
    fetchJobs: async (signal) => uniqueJobs(await fetchRecords(signal)),
  };
}

type SourceCall = {
  /** The base URL the operator configured: requests go to its origin and nowhere else. */
  base: string;
  deps: ConnectorDeps;
  signal?: AbortSignal;
  request?: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };
};

/**
 * One request to a source, asking for JSON as our user agent, within the fetch policy and the source's quota, and only
 * to the configured origin, whatever URL a record or a redirect names. The answer's text.
 */
export function fetchSource(url: URL, { base, deps, signal, request = {} }: SourceCall): Promise<string> {
  return fetchUpstream(
    url,
    { ...request, headers: { accept: "application/json", "user-agent": USER_AGENT, ...request.headers } },
    { allowedOrigin: new URL(base).origin, policy: { ...deps.policy, signal }, limiter: deps.limiter },
  );
}

/** An answer that is an object holding its records in an array under `key`; any other shape fails the sync. */
export function recordsIn<Key extends string>(data: unknown, key: Key): Raw & Record<Key, unknown[]> {
  if (!isRaw(data) || !Array.isArray(data[key])) throw new UpstreamError(`Expected { ${key}: [...] }`);
  return data as Raw & Record<Key, unknown[]>;
}
