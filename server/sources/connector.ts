import type { ExternalJob, SourceId } from "#shared/sources.ts";
import type { FetchPolicy, RateLimiter } from "#server/sources/upstream.ts";

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

export const userAgent = "JobBoard/1.0 (+https://github.com/; server-side ingest, cached)";

/** The origin requests may go to: the one of the base URL the operator configured. */
export const originOf = (base: string) => new URL(base).origin;

/** Drops records without an id and keeps the first of duplicate ids (one upsert may not touch a row twice). */
export function uniqueJobs(jobs: (ExternalJob | null)[]): ExternalJob[] {
  const seen = new Map<string, ExternalJob>();
  for (const job of jobs) if (job && !seen.has(job.upstreamId)) seen.set(job.upstreamId, job);
  return [...seen.values()];
}
