import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";

export type StatsRow = { jobId: string; day: string; views: number; applyClicks: number; impressions: number };
export type Visitor = { clientIp: string; userAgent: string | undefined };
type Counts = Omit<StatsRow, "jobId" | "day">;
type What = "view" | "apply";

/**
 * A view or Apply click this process saw first today, not yet checked against the board's other processes: held in
 * memory only, until the next flush hashes it with the day's shared salt (server/stats.ts).
 */
export type PendingVisit = { what: What; jobId: string; day: string; clientIp: string };
/** What a flush takes: the impressions, already counts, and the visits still to be told apart. */
export type StatsBatch = { rows: StatsRow[]; visits: PendingVisit[] };

/** User agents whose bot-or-person verdict is remembered. */
const MAX_USER_AGENTS = 1_000;
/** Past this many visitors in a day (per process) a view is still counted, but no longer remembered. */
const MAX_REMEMBERED = 500_000;

/** The UTC calendar day of `time`, as the table's `day` holds it. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * A visit as a salted SHA-256, truncated (22 base64url characters, 132 bits): with this process's salt for its own
 * first filter, with the day's shared salt for the key stored in `stats_visits`. By address alone: a user agent costs
 * nothing to change, so one address counts once a day per listing whatever browser it claims (issue 71).
 */
export function visitKey(salt: Uint8Array, visit: Omit<PendingVisit, "day">) {
  return createHash("sha256")
    .update(salt)
    .update(`${visit.what}\0${visit.jobId}\0${visit.clientIp}`)
    .digest("base64url")
    .slice(0, 22);
}

const byJobAndDay = (a: StatsRow, b: StatsRow) =>
  a.jobId === b.jobId ? a.day.localeCompare(b.day) : a.jobId < b.jobId ? -1 : 1;

/** Rows of one listing and day added into one, in one order (so upserts lock rows in one order). */
export function sumRows(rows: Iterable<StatsRow>): StatsRow[] {
  const summed = new Map<string, StatsRow>();
  for (const row of rows) {
    const key = `${row.day}|${row.jobId}`;
    const held = summed.get(key);
    if (!held) summed.set(key, { ...row });
    else {
      held.views += row.views;
      held.applyClicks += row.applyClicks;
      held.impressions += row.impressions;
    }
  }
  return [...summed.values()].sort(byJobAndDay);
}

/**
 * What each listing earned since the last flush, held in this process's memory (issue 32). A person is told apart
 * from another by their address (their user agent only tells a person from a bot), twice. First here: a hash with a
 * salt that is random, kept in memory only and replaced at each UTC midnight together with every hash made with it,
 * so a person's second view in this process is not even held. Then, for the first one, at the next flush
 * (server/stats.ts): a hash with the day's salt shared by every process through the database, so a person is counted
 * once a day by the whole board. The address of a pending visit stays in this memory until that flush (at most
 * STATS_FLUSH_SECONDS, longer only while the database refuses the flush) and is then forgotten; the database keeps
 * only the day's salt and hashes, deleted after the day, and counts: nothing stored can be traced back to a person
 * once the day is over. Bots, by their user agent (or none at all), are not counted.
 */
export function createStatsCounter({ now = () => new Date() }: { now?: () => Date } = {}) {
  let day = utcDay(now());
  let salt = randomBytes(32);
  let seen = new Set<string>();
  let pending = new Map<string, StatsRow>();
  let visits: PendingVisit[] = [];

  function today() {
    const current = utcDay(now());
    if (current !== day) {
      day = current;
      salt = randomBytes(32);
      seen = new Set();
    }
    return day;
  }

  // isbot's patterns take ~15 µs a user agent, and the same few browsers ask again and again: their verdicts are kept
  // (a bounded map, emptied when full, so odd user agents cannot grow it).
  const verdicts = new Map<string, boolean>();
  function isPerson(userAgent: string | undefined) {
    if (!userAgent) return false;
    let person = verdicts.get(userAgent);
    if (person === undefined) {
      person = !isbot(userAgent);
      if (verdicts.size >= MAX_USER_AGENTS) verdicts.clear();
      verdicts.set(userAgent, person);
    }
    return person;
  }

  /**
   * Held for the flush the first time today this process sees this visitor do `what` to this listing; false when it
   * was seen before (not held again).
   */
  function holdFirstToday(what: What, jobId: string, { clientIp }: Visitor) {
    const current = today();
    const visit = { what, jobId, clientIp };
    const key = visitKey(salt, visit);
    if (seen.has(key)) return false;
    if (seen.size < MAX_REMEMBERED) seen.add(key);
    visits.push({ ...visit, day: current });
    return true;
  }

  function add(jobId: string, field: keyof Counts, day: string) {
    const key = `${day}|${jobId}`;
    let row = pending.get(key);
    if (!row) {
      row = { jobId, day, views: 0, applyClicks: 0, impressions: 0 };
      pending.set(key, row);
    }
    row[field] += 1;
  }

  return {
    /**
     * A view of the job page; false when it was not held (a bot, or this person already today in this process). A
     * held view is counted by the flush unless another process counted this person's view today.
     */
    countView(jobId: string, visitor: Visitor): boolean {
      return isPerson(visitor.userAgent) && holdFirstToday("view", jobId, visitor);
    },

    /** A click on Apply, as a view. */
    countApplyClick(jobId: string, visitor: Visitor): boolean {
      return isPerson(visitor.userAgent) && holdFirstToday("apply", jobId, visitor);
    },

    /** The listings of one results page: counting them is a map update each, nothing more. */
    countImpressions(jobIds: readonly string[], userAgent: string | undefined) {
      if (!isPerson(userAgent)) return;
      const current = today();
      for (const id of jobIds) add(id, "impressions", current);
    },

    /**
     * Everything counted and held so far, handed over and forgotten here: the rows in one order (so upserts lock rows
     * in one order), the visits in the order they came.
     */
    take(): StatsBatch {
      const batch = { rows: [...pending.values()].sort(byJobAndDay), visits };
      pending = new Map();
      visits = [];
      return batch;
    },

    /** What a failed flush could not write, added back so the next flush writes it. */
    putBack(batch: StatsBatch) {
      const rows = sumRows([...pending.values(), ...batch.rows]);
      pending = new Map(rows.map((row) => [`${row.day}|${row.jobId}`, row]));
      visits = [...batch.visits, ...visits];
    },
  };
}

export type StatsCounter = ReturnType<typeof createStatsCounter>;
