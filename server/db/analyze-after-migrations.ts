import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

type Rows<T> = { rows: T[] };

async function appliedMigrations(db: AnyDb): Promise<number> {
  // A fresh database has no journal yet; PostgreSQL resolves table names before running, hence two statements.
  const journal = (await db.execute(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  )) as unknown as Rows<{ present: boolean }>;
  if (!journal.rows[0]?.present) return 0;
  const result = (await db.execute(
    sql`SELECT count(*) AS applied FROM drizzle.__drizzle_migrations`,
  )) as unknown as Rows<{ applied: number | string }>;
  return Number(result.rows[0]?.applied ?? 0);
}

/**
 * Runs the migrations, then VACUUM (ANALYZE) when any was new: a migration that adds or changes an index leaves the
 * planner without statistics for it, and the first searches would pick slow plans (issue 10); one that rewrites a
 * table (migration 0010 adds generated columns) leaves its visibility map empty, so the index-only walks of the
 * search would read the table for every row until autovacuum came by, which a rewrite does not prompt. Nothing new,
 * nothing run.
 */
export async function migrateThenAnalyze(db: AnyDb, migrate: () => Promise<void>): Promise<void> {
  const before = await appliedMigrations(db);
  await migrate();
  if ((await appliedMigrations(db)) > before) await db.execute(sql`VACUUM (ANALYZE)`);
}
