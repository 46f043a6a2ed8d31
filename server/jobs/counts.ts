import { sql, type SQL } from "drizzle-orm";
import { EXACT_COUNT_LIMIT } from "#shared/job-paging.ts";
import type { Db } from "#server/db/client.ts";
import { renderStatement, rowsOf } from "#server/db/rows.ts";
import { withLocalSettings } from "#server/db/local-settings.ts";
import { hasSqlState } from "#server/db/sql-state.ts";
import { jobs } from "#server/db/schema.ts";
import { LIST_ORDER } from "#server/jobs/filters.ts";
import { rememberedPerDb } from "#server/jobs/remembered.ts";

export type Total = { total: number; totalIsExact: boolean };

/** A plan node's head as EXPLAIN prints it: its kind, and the planner's total cost and rows. */
type PlanNode = { kind: string; totalCost: number; rows: number };

/** `Limit  (cost=0.43..601.43 rows=1001 width=28)`, or a child's `  ->  Index Only Scan using … (cost=…)`. */
const PLAN_LINE = /^\s*(?:->\s+)?(.+?)\s+\(cost=[\d.]+\.\.([\d.]+) rows=(\d+) width=\d+\)$/;

/**
 * The planner's plan for `query`, from statistics, no rows read: the top node and its first child. In text form: the
 * JSON form took 0.39 ms a call against 0.26 ms (a bare round trip is 0.18 ms), and it is asked on most searches.
 * Remembered for a minute per database, its date cutoffs to the minute (`sqlKey`): the statistics it is made from
 * change with ANALYZE, not from one search to the next, and at 1M half the EXPLAINs of a benchmark run (2,004 of them
 * for 720 searches and pages) asked what another had asked within that minute.
 */
function planOf(db: Db, query: SQL): Promise<{ top: PlanNode; input?: PlanNode }> {
  const key = sqlKey(query);
  const kept = plansKept.get(db, key);
  if (kept) return kept;
  const plan = explain(db, query);
  plansKept.set(db, key, plan);
  plan.catch(() => plansKept.forget(db, key));
  return plan;
}

const plansKept = rememberedPerDb<Promise<{ top: PlanNode; input?: PlanNode }>>({ ttlMs: 60_000, max: 10_000 });

async function explain(db: Db, query: SQL): Promise<{ top: PlanNode; input?: PlanNode }> {
  const lines = (await rowsOf(db, sql`EXPLAIN ${query}`)).map((row) => String(row["QUERY PLAN"]));
  const [top, input] = lines.flatMap((line) => {
    const match = PLAN_LINE.exec(line);
    return match ? [{ kind: match[1] as string, totalCost: Number(match[2]), rows: Number(match[3]) }] : [];
  });
  if (!top) throw new Error(`EXPLAIN printed no plan: ${lines[0] ?? "nothing"}`);
  return { top, input };
}

/** What the planner expects `SELECT … WHERE where` to return. */
export async function estimateRows(db: Db, where: SQL): Promise<number> {
  return (await planOf(db, sql`SELECT 1 FROM ${jobs} WHERE ${where}`)).top.rows;
}

/**
 * Above this planner estimate a result set is taken as large without counting. The estimates of ANDed filters
 * were close at 1M (1,358 for 1,396 matches; 1,364 for 1,341), while counting 1,001 of 1,400 sparse matches walks
 * most of them, to arrive where the estimate already was: 12–26 ms for 'engineer' in Pune at one experience level,
 * the slowest searches under load (ADR 27). A quarter above the limit is trusted (it was twice the limit until then).
 */
export const ESTIMATE_TRUSTED_ABOVE = 1.25 * EXACT_COUNT_LIMIT;

/**
 * A capped count the planner expects to cost more than this is not run (ADR 26, ADR 27): the estimate is answered at
 * once. At 1M on a 2-core machine a unit was about 5–6 µs (a plan of 2,592 took 12.5 ms alone, one of 10,500 took
 * 55–108 ms), so this is about 10 ms there; the time budget stays as the net for plans that cost more than they
 * said. It is also PGlite's only bound, as PGlite cannot interrupt a query.
 */
export const COUNT_COST_LIMIT = 2_000;

/**
 * Exact up to EXACT_COUNT_LIMIT; above it, the planner's estimate, flagged as such, never below what is known to be
 * there (`atLeast`). A clearly large estimate is used as it is; otherwise the count reads at most EXACT_COUNT_LIMIT + 1
 * matches, in list order, so it walks the same index as the page and stops early (unordered, the planner picked a
 * sequential scan of the whole heap: 276 ms at 1M for 'engineer'), unless the planner expects that walk to be costly.
 */
export async function countMatches(db: Db, where: SQL, atLeast = 0): Promise<Total> {
  const capped = sql`SELECT 1 FROM ${jobs} WHERE ${where} ORDER BY ${LIST_ORDER} LIMIT ${EXACT_COUNT_LIMIT + 1}`;
  // One EXPLAIN gives both the estimate of all matches (the Limit's input) and the cost of reading up to the cap.
  const plan = await planOf(db, capped);
  const estimate = (plan.top.kind === "Limit" ? plan.input : plan.top)?.rows ?? 0;
  const approximate = (): Total => ({ total: Math.max(EXACT_COUNT_LIMIT + 1, atLeast, estimate), totalIsExact: false });
  if (estimate > ESTIMATE_TRUSTED_ABOVE) return approximate();
  const estimated: Total = { total: Math.max(atLeast, estimate), totalIsExact: false };
  if (plan.top.totalCost > COUNT_COST_LIMIT) return estimated;
  const key = sqlKey(where);
  if (overBudget.get(db, key)) return estimated;
  let total: number;
  try {
    total = await withLocalSettings(db, { statement_timeout: COUNT_TIME_BUDGET_MS }, async (tx) => {
      const [row] = await rowsOf(tx, sql`SELECT count(*)::int AS total FROM (${capped}) AS capped`);
      return Number(row?.total ?? 0);
    });
  } catch (error) {
    if (!hasSqlState(error, QUERY_CANCELED)) throw error;
    // Matches too sparse for the walk to reach the limit in time: the estimate, said to be one.
    overBudget.set(db, key, true);
    return estimated;
  }
  return total <= EXACT_COUNT_LIMIT ? { total, totalIsExact: true } : approximate();
}

/**
 * How long counting may take before the estimate is used instead (PostgreSQL; PGlite cannot interrupt a query).
 * Sparse matches under a broad filter ('recruiter' + gender + salary at 1M) made the walk read every live row
 * to find the 1,001st: 1.3 s for a page whose own query took 10 ms. 75 ms until ADR 26: every cancelled count spends
 * all of it, and at 1M a third of PostgreSQL's time under load went to counts that ended as estimates anyway.
 */
const COUNT_TIME_BUDGET_MS = 25;

/** SQLSTATE of a statement ended by its statement_timeout. */
const QUERY_CANCELED = "57014";

/**
 * Filters whose count ran out of budget, remembered for a minute per database, so a search many visitors repeat (a
 * popular page, a shared link) spends the budget once and then answers the estimate at once: without it, each view of
 * 'engineer' in Pune for 0-3 years spent 75 ms of database time to arrive at the same estimate. Only the outcome
 * "too costly to count" is kept, and its answer is always labelled an estimate; an exact count is never reused.
 */
const overBudget = rememberedPerDb<true>({ ttlMs: 60_000, max: 1_000 });

/** An ISO time as the filters send it ("2026-10-24T08:53:11.290Z"): a date cutoff, derived from "now". */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A statement's SQL text and values, with the date cutoffs to the minute. A search or location text is a LIKE pattern
 * wrapped in `%`, so it never reads as a time.
 */
export function sqlKey(where: SQL): string {
  const { sql: text, params } = renderStatement(where);
  const minute = (value: unknown) => (typeof value === "string" && ISO_TIME.test(value) ? value.slice(0, 16) : value);
  return JSON.stringify([text, params.map(minute)]);
}
