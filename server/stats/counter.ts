import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";

export type StatsRow = { jobId: string; day: string; views: number; applyClicks: number; impressions: number };
export type Visitor = { clientIp: string; userAgent: string | undefined };
type Counts = Omit<StatsRow, "jobId" | "day">;

/** User agents whose bot-or-person verdict is remembered. */
const MAX_USER_AGENTS = 1_000;
/** Past this many visitors in a day (per process) a view is still counted, but no longer remembered. */
const MAX_REMEMBERED = 500_000;

/** The UTC calendar day of `time`, as the table's `day` holds it. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * What each listing earned since the last flush, held in this process's memory (issue 32). A person is told apart
 * from another by a hash of their address and browser with a salt that is random, kept in memory only and replaced
 * at each UTC midnight together with every hash made with it: nothing stored anywhere can be traced back to a person,
 * and after midnight not even this process can tell whether yesterday's visitor came back. Bots, by their user agent
 * (or none at all), are not counted.
 */
export function createStatsCounter({ now = () => new Date() }: { now?: () => Date } = {}) {
  let day = utcDay(now());
  let salt = randomBytes(32);
  let seen = new Set<string>();
  let pending = new Map<string, StatsRow>();

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

  /** True the first time today this visitor does `what` to this listing. */
  function firstToday(what: "view" | "apply", jobId: string, { clientIp, userAgent = "" }: Visitor) {
    today();
    const key = createHash("sha256")
      .update(salt)
      .update(`${what}\0${jobId}\0${clientIp}\0${userAgent}`)
      .digest("base64url")
      .slice(0, 22);
    if (seen.has(key)) return false;
    if (seen.size < MAX_REMEMBERED) seen.add(key);
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
    /** A view of the job page; false when it was not counted (a bot, or this person already today). */
    countView(jobId: string, visitor: Visitor): boolean {
      if (!isPerson(visitor.userAgent) || !firstToday("view", jobId, visitor)) return false;
      add(jobId, "views", day);
      return true;
    },

    countApplyClick(jobId: string, visitor: Visitor): boolean {
      if (!isPerson(visitor.userAgent) || !firstToday("apply", jobId, visitor)) return false;
      add(jobId, "applyClicks", day);
      return true;
    },

    /** The listings of one results page: counting them is a map update each, nothing more. */
    countImpressions(jobIds: readonly string[], userAgent: string | undefined) {
      if (!isPerson(userAgent)) return;
      const current = today();
      for (const id of jobIds) add(id, "impressions", current);
    },

    /** Everything counted so far, handed over and forgotten here, in one order (so upserts lock rows in one order). */
    take(): StatsRow[] {
      const rows = [...pending.values()];
      pending = new Map();
      return rows.sort((a, b) => (a.jobId === b.jobId ? a.day.localeCompare(b.day) : a.jobId < b.jobId ? -1 : 1));
    },

    /** Rows a failed flush could not write, added back so the next flush writes them. */
    putBack(rows: readonly StatsRow[]) {
      for (const row of rows) {
        const key = `${row.day}|${row.jobId}`;
        const held = pending.get(key);
        if (!held) pending.set(key, { ...row });
        else {
          held.views += row.views;
          held.applyClicks += row.applyClicks;
          held.impressions += row.impressions;
        }
      }
    },
  };
}

export type StatsCounter = ReturnType<typeof createStatsCounter>;
