import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";

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
 * Retry-After is when the oldest counted row leaves the window.
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
