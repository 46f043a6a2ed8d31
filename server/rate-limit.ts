import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { transactionBegunWith } from "#server/db/local-settings.ts";

/**
 * The first key of each limit's `pg_advisory_xact_lock(bucket, hashtext(key))`: one number per limit, so one limit's
 * clients never wait on another's. The numbers predate this module; keeping them lets processes of both versions agree.
 */
const BUCKETS = {
  contact: 727_002,
  reports: 727_012,
  alerts: 727_013,
  posts: 0x706f7374,
  applications: 727_032,
} as const;

export type RateLimitBucket = keyof typeof BUCKETS;

export type RateLimit = { max: number; windowSeconds: number };

/** What a limit counts: the rows of `table` whose `key` column is the client's, made within the window. */
export type CountedRows = { table: PgTable; key: PgColumn; createdAt: PgColumn; where?: SQL };

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether `key` (a client address, an account) may add one more row under `limit`. Call it inside the transaction that
 * adds the row: the advisory lock it takes lasts until that transaction ends, so one key's requests are counted and
 * stored one at a time, even across server processes on one PostgreSQL, and requests sent at once cannot all pass.
 * Retry-After is when the oldest counted row leaves the window. A transaction that counts before it adds anything
 * begins with the lock instead (inRateLimitedTransaction).
 */
export async function checkRateLimit(
  tx: Db,
  {
    bucket,
    key,
    limit,
    rows,
    added = false,
  }: {
    bucket: RateLimitBucket;
    key: string;
    limit: RateLimit;
    rows: CountedRows;
    /**
     * The transaction already stored the row this request adds, so it is among those counted. Storing first keeps a
     * large row's write (a CV) outside the lock: only the count and the commit wait on one key's other requests.
     */
    added?: boolean;
  },
): Promise<RateLimitVerdict> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BUCKETS[bucket]}, hashtext(${key}))`);
  return countWithinLimit(tx, { key, limit, rows, added });
}

/**
 * Runs `run` in a transaction that begins holding `bucket`'s lock on `key`, with the verdict of `limit` on the rows
 * counted after the lock was granted. On PostgreSQL the lock is taken with BEGIN, in one round trip: a post under
 * load spent about 3 ms on each of its nine statements, waiting for a core.
 */
export function inRateLimitedTransaction<T>(
  db: Db,
  { bucket, key, limit, rows }: { bucket: RateLimitBucket; key: string; limit: RateLimit; rows: CountedRows },
  run: (tx: Db, verdict: RateLimitVerdict) => Promise<T>,
): Promise<T> {
  const lock = {
    statements: (quote: (value: string) => string) => [
      `SELECT pg_advisory_xact_lock(${BUCKETS[bucket]}, hashtext(${quote(key)}))`,
    ],
    fallback: sql`SELECT pg_advisory_xact_lock(${BUCKETS[bucket]}, hashtext(${key}))`,
  };
  return transactionBegunWith(db, lock, async (tx) => run(tx, await countWithinLimit(tx, { key, limit, rows })));
}

/**
 * The verdict of `limit` on `key`'s rows as they stand, without the lock: a client already over its limit is refused
 * before anything is written, so what a refused request carries (which address, which file) changes nothing the
 * server does. It decides nothing on its own: requests sent at once may all pass it, so the locked check follows.
 */
export function peekRateLimit(
  db: Db,
  { key, limit, rows }: { key: string; limit: RateLimit; rows: CountedRows },
): Promise<RateLimitVerdict> {
  return countWithinLimit(db, { key, limit, rows });
}

/**
 * The verdict of `limit` on `key`'s rows, counted under its lock. A statement of its own, after the one that took the
 * lock: in READ COMMITTED each statement sees what was committed when it began, so the count sees the rows of the
 * requests that held the lock before.
 */
async function countWithinLimit(
  tx: Db,
  { key, limit, rows, added = false }: { key: string; limit: RateLimit; rows: CountedRows; added?: boolean },
): Promise<RateLimitVerdict> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const [recent] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      retryAfter: sql<number | null>`ceil(extract(epoch FROM min(${rows.createdAt}) + ${window} - now()))::int`,
    })
    .from(rows.table)
    .where(and(eq(rows.key, key), gt(rows.createdAt, sql`now() - ${window}`), rows.where));
  if (!recent || recent.count < limit.max + (added ? 1 : 0)) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, recent.retryAfter ?? limit.windowSeconds) };
}
