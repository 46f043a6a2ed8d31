import { sql } from "drizzle-orm";
import { externalJobSchema, SOURCES, type ExternalJob, type SourceId } from "#shared/sources.ts";
import type { Database, Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { Connector } from "#server/sources/connector.ts";
import { UpstreamError } from "#server/sources/upstream.ts";
import {
  countJobs,
  dropUnseenSince,
  readStatus,
  recordFailure,
  recordSuccess,
  upsertJobs,
} from "#server/sources/repository.ts";

/** Advisory-lock namespace of the ingest; the second key is the source, so sources sync independently. */
const INGEST_LOCK = 727_100;

export type SyncOutcome =
  | {
      source: SourceId;
      outcome: "synced";
      count: number;
      fetched: number;
      dropped: number;
      /** The outage this refresh ended (its first failure), if the source was failing until now. */
      recoveredFrom: Date | null;
    }
  | {
      source: SourceId;
      outcome: "failed";
      error: string;
      count: number;
      /** The first failure of the outage this one belongs to (this one's own time when it begins one). */
      failingSince: Date;
    }
  | {
      source: SourceId;
      outcome: "skipped";
      reason: string;
      /** When a source skipped as fresh is due again. */ dueInMs?: number;
    };

export type SyncOptions = {
  graceMs: number;
  /** Sync even when another instance did so less than an interval ago (`npm run sources:sync`). */
  force?: boolean;
  signal?: AbortSignal;
  logger?: Logger;
  /**
   * A source whose last attempt failed is due again this long after it, not a whole interval later (the
   * scheduler's backoff); without it, a failed source waits its interval like a synced one.
   */
  retryFailedAfterMs?: number;
};

/** PGlite is one process per data dir (lock file), so an in-process guard is enough there. */
const running = new WeakMap<Database, Set<SourceId>>();

/**
 * Fetches one source and replaces our copy: upserts what it sent, drops what it has not sent for longer
 * than the grace period, and records the outcome in source_status. A failed fetch changes no listing.
 * On PostgreSQL an advisory lock makes one instance of many do it, and a fresh status makes the others skip.
 */
export async function syncSource(database: Database, connector: Connector, options: SyncOptions): Promise<SyncOutcome> {
  const { source } = connector;
  if (!connector.configured)
    return { source, outcome: "skipped", reason: `not configured (${connector.missing.join(", ")})` };

  if (database.engine === "postgres") {
    return database.db.transaction(async (tx) => {
      const result = await tx.execute(
        sql`SELECT pg_try_advisory_xact_lock(${INGEST_LOCK}, ${SOURCES.indexOf(source)}) AS locked`,
      );
      const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
      if (!locked) return { source, outcome: "skipped", reason: "another instance is syncing it" } as const;
      const fresh = await freshReason(tx, connector, options);
      if (fresh) return { source, outcome: "skipped", ...fresh } as const;
      // Holding the transaction across the fetch keeps the lock; the writes then land atomically with it.
      const fetched = await fetchSafely(connector, options);
      return writeOutcome(tx, connector, fetched, options);
    });
  }

  const active = running.get(database) ?? new Set<SourceId>();
  running.set(database, active);
  if (active.has(source)) return { source, outcome: "skipped", reason: "a sync of it is already running" };
  active.add(source);
  try {
    const fresh = await freshReason(database.db, connector, options);
    if (fresh) return { source, outcome: "skipped", ...fresh };
    // Fetch outside any transaction: a PGlite transaction would block every page while we wait upstream.
    const fetched = await fetchSafely(connector, options);
    return await database.db.transaction((tx) => writeOutcome(tx, connector, fetched, options));
  } finally {
    active.delete(source);
  }
}

async function freshReason(
  db: Db,
  connector: Connector,
  { force, retryFailedAfterMs }: SyncOptions,
): Promise<{ reason: string; dueInMs: number } | null> {
  if (force) return null;
  const status = await readStatus(db, connector.source);
  const last = status?.lastAttemptAt?.getTime();
  if (!last) return null;
  const failed = status?.lastErrorAt?.getTime() === last;
  const wait =
    failed && retryFailedAfterMs !== undefined
      ? Math.min(retryFailedAfterMs, connector.intervalMs)
      : connector.intervalMs;
  const age = Date.now() - last;
  // A little slack so timers that drift a few seconds do not skip a whole interval.
  if (age < wait * 0.9)
    return { reason: failed ? "failed recently; retrying soon" : "synced recently", dueInMs: wait - age };
  return null;
}

type Fetched = { ok: true; jobs: ExternalJob[]; rejected: number } | { ok: false; error: string; stopped: boolean };

async function fetchSafely(connector: Connector, { signal, logger }: SyncOptions): Promise<Fetched> {
  try {
    const raw = await connector.fetchJobs(signal);
    const jobs: ExternalJob[] = [];
    for (const job of raw) {
      const parsed = externalJobSchema.safeParse(job);
      if (parsed.success) jobs.push(parsed.data);
    }
    return { ok: true, jobs, rejected: raw.length - jobs.length };
  } catch (error) {
    const message =
      error instanceof UpstreamError
        ? error.message
        : `Unexpected error: ${(error as Error)?.message ?? String(error)}`;
    if (!(error instanceof UpstreamError))
      logger?.error({ err: error, source: connector.source }, "source connector crashed");
    return { ok: false, error: message, stopped: signal?.aborted ?? false };
  }
}

async function writeOutcome(
  db: Db,
  connector: Connector,
  fetched: Fetched,
  { graceMs, logger }: SyncOptions,
): Promise<SyncOutcome> {
  const { source } = connector;
  const now = new Date();
  if (!fetched.ok && fetched.stopped) return { source, outcome: "skipped", reason: "stopped" };
  // Whether an outage is going on says whether this attempt begins one, continues one, or ends one.
  const failingSince = (await readStatus(db, source))?.failingSince ?? null;
  if (!fetched.ok) {
    const count = await countJobs(db, source);
    await recordFailure(db, source, now, fetched.error, count);
    // Said once per outage by the scheduler (and per run by sources:sync), not here on every attempt.
    logger?.debug({ source, error: fetched.error }, "source sync failed; keeping the previous listings");
    return { source, outcome: "failed", error: fetched.error, count, failingSince: failingSince ?? now };
  }
  await upsertJobs(db, fetched.jobs, now);
  const dropped = await dropUnseenSince(db, source, new Date(now.getTime() - graceMs));
  const count = await countJobs(db, source);
  await recordSuccess(db, source, now, count);
  logger?.info({ source, fetched: fetched.jobs.length, rejected: fetched.rejected, dropped, count }, "source synced");
  return { source, outcome: "synced", count, fetched: fetched.jobs.length, dropped, recoveredFrom: failingSince };
}

/** Every source once, one after another (`npm run sources:sync`, and the scheduler's first pass). */
export async function syncAll(
  database: Database,
  connectors: Connector[],
  options: SyncOptions,
): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const connector of connectors) outcomes.push(await syncSource(database, connector, options));
  return outcomes;
}
