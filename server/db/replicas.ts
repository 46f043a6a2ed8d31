import { sql } from "drizzle-orm";
import { connectPostgres, type Database, type Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import type { Logger } from "#server/logger.ts";
import { repeat } from "#server/repeat.ts";
import { yieldingToOthers } from "#server/db/yielding-pool.ts";

/**
 * Where a domain sends the reads anyone may make without signing in (ADR 39): `run` hands the read a database to
 * run on, a replica when one is fit, else the primary. A read is a function of the database rather than a database,
 * so the whole of it (several statements, a transaction) can run again on the primary when the replica fails it.
 */
export type Reads = { run<T>(read: (db: Db) => Promise<T>): Promise<T> };

/**
 * No replicas: every read runs on the primary, as it did before there were replicas, its connections taken after the
 * signed-in and writing callers waiting for one (server/db/yielding-pool.ts).
 */
export const primaryReads = (db: Db): Reads => ({ run: (read) => yieldingToOthers(() => read(db)) });

export type ReplicaState = {
  /** host:port/database, without the credentials. */
  name: string;
  /** `unchecked` until the first check; only `fit` replicas take reads. */
  state: "unchecked" | "fit" | "lagging" | "down";
  /** Seconds of WAL received but not yet replayed, as of the last check (null when it did not answer). */
  lagSeconds: number | null;
  checkedAt: string | null;
};

export type Replicas = Reads & {
  /** Asks every replica its lag and admits or leaves each out; the background loop calls it. */
  check(): Promise<void>;
  states(): ReplicaState[];
  close(): Promise<void>;
};

/** A check that takes longer than this counts as no answer. */
const CHECK_TIMEOUT_MS = 5_000;
/** How often each server process asks its replicas their lag. */
export const REPLICA_CHECK_INTERVAL_MS = 2_000;

/**
 * Replay lag: how long ago the last replayed transaction committed on the primary, but 0 when everything received is
 * replayed (an idle primary sends nothing, and the last commit's age would grow while the replica is current). A
 * server not in recovery (a promoted replica, or the primary itself) is never behind. Also what it had received (null
 * when not streaming), and whether it has replayed all it had received at the check before (`previous`).
 */
const lagQuery = (previous: string | null) => sql`SELECT CASE
  WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE GREATEST(0, EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()))
END::float8 AS lag, pg_last_wal_receive_lsn()::text AS received,
COALESCE(pg_last_wal_replay_lsn() >= ${previous}::pg_lsn, false) AS replayed_previous`;

/**
 * A replica's lag from one check: the age of its last replayed commit, unless it has replayed everything it had
 * received at the check before, which bounds how far behind it can be by the time since. The commit's age alone
 * overstates it when WAL without a commit (a checkpoint, a vacuum) is mid-replay on a primary that has had no commit
 * for a while: a replica busy with reads at 1M was found 29 s behind that way and left out for a check, while it was
 * replaying a few milliseconds' worth of WAL.
 */
export function replicaLag({
  commitAgeSeconds,
  replayedPrevious,
  secondsSincePrevious,
}: {
  commitAgeSeconds: number;
  replayedPrevious: boolean;
  secondsSincePrevious: number;
}): number {
  return replayedPrevious ? Math.min(commitAgeSeconds, secondsSincePrevious) : commitAgeSeconds;
}

export function connectReplicas({
  primary,
  urls,
  maxLagSeconds,
  poolSize,
  logger,
}: {
  primary: Db;
  urls: string[];
  maxLagSeconds: number;
  poolSize?: number;
  logger?: Logger;
}): Replicas {
  const replicas = urls.map((url) => {
    const database: Database = connectPostgres(url, {
      ...(poolSize ? { max: poolSize } : {}),
      onlyReads: true,
      // A replica going away is reported once, by the check that leaves it out, not once per pooled connection.
      onIdleError: () => undefined,
    });
    const status: ReplicaState = { name: nameOf(url), state: "unchecked", lagSeconds: null, checkedAt: null };
    // What it had received at the last check that answered, and when that check was asked.
    return { database, status, receipt: undefined as { lsn: string; asked: number } | undefined };
  });
  let turn = 0;

  const change = (replica: (typeof replicas)[number], state: ReplicaState["state"], detail: object) => {
    const before = replica.status.state;
    replica.status.state = state;
    if (before === state || !logger) return;
    const fields = { replica: replica.status.name, ...detail };
    if (state === "fit") logger.info(fields, "read replica in use");
    else logger.warn(fields, `read replica left out (${state}); its reads go elsewhere until it recovers`);
  };

  async function checkOne(replica: (typeof replicas)[number]) {
    try {
      const asked = Date.now();
      const previous = replica.receipt;
      const [row] = await withTimeout(rowsOf(replica.database.db, lagQuery(previous?.lsn ?? null)), CHECK_TIMEOUT_MS);
      const lag =
        typeof row?.lag === "number"
          ? replicaLag({
              commitAgeSeconds: row.lag,
              replayedPrevious: row.replayed_previous === true,
              secondsSincePrevious: previous ? (asked - previous.asked) / 1000 : Infinity,
            })
          : Number.NaN;
      replica.receipt = typeof row?.received === "string" ? { lsn: row.received, asked } : undefined;
      replica.status.lagSeconds = Number.isFinite(lag) ? Math.round(lag * 10) / 10 : null;
      replica.status.checkedAt = new Date().toISOString();
      const fit = Number.isFinite(lag) && lag <= maxLagSeconds;
      change(replica, fit ? "fit" : "lagging", { lagSeconds: replica.status.lagSeconds, maxLagSeconds });
    } catch (error) {
      replica.receipt = undefined;
      replica.status.lagSeconds = null;
      replica.status.checkedAt = new Date().toISOString();
      change(replica, "down", { err: error });
    }
  }

  return {
    run(read) {
      // On the primary, as a fallback, these are still the anonymous reads: they wait behind everyone else there.
      return yieldingToOthers(async () => {
        // Round robin over the fit ones, so the reads spread evenly however many are left out.
        const fit = replicas.filter((replica) => replica.status.state === "fit");
        const replica = fit[turn++ % Math.max(1, fit.length)];
        if (!replica) return read(primary);
        try {
          return await read(replica.database.db);
        } catch (error) {
          const unavailable = isDatabaseUnavailable(error);
          if (!unavailable && !isRecoveryConflict(error)) throw error;
          // Gone: no more reads until a check finds it answering. A recovery conflict is one statement's bad luck.
          if (unavailable) change(replica, "down", { err: error });
          return read(primary);
        }
      });
    },
    check: async () => {
      await Promise.all(replicas.map(checkOne));
    },
    states: () => replicas.map((replica) => ({ ...replica.status })),
    close: async () => {
      await Promise.all(replicas.map((replica) => replica.database.close()));
    },
  };
}

/** Checks the replicas now and every REPLICA_CHECK_INTERVAL_MS, in the background: no request waits on a check. */
export function startReplicaChecks(replicas: Replicas, logger: Logger, intervalMs = REPLICA_CHECK_INTERVAL_MS) {
  return repeat(() => replicas.check(), intervalMs, logger, "Checking the read replicas");
}

/**
 * A replica cancels a query whose rows its replay must remove or lock ("canceling statement due to conflict with
 * recovery", SQLSTATE 40001; 57P04 when the database was dropped; "terminating connection …" when it ends the
 * session). The same read on the primary cannot conflict.
 */
export function isRecoveryConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && RECOVERY_CONFLICT_CODES.has(code) && /conflict with recovery/.test(current.message))
      return true;
  }
  return false;
}

const RECOVERY_CONFLICT_CODES = new Set(["40001", "40P01", "57014", "57P04"]);

function nameOf(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.host || parsed.searchParams.get("host") || "localhost";
    return `${host}${parsed.pathname}`;
  } catch {
    return "replica";
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
