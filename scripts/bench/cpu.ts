/**
 * CPU time from /proc (Linux), to print a search's cost beside its speed: CPU a search moves with the code, while
 * searches a second and their p95 move with how fast the machine is that hour as much.
 */
import fs from "node:fs";

/** utime and stime, fields 14 and 15 of /proc/PID/stat, in seconds (100 clock ticks a second on Linux). */
export function cpuSecondsOf(pid: number | string): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds used so far by every PostgreSQL process of this machine (backends, autovacuum, the checkpointer), or
 * undefined when none can be read (another machine's database, or no /proc). Another database's work on the same
 * server counts too.
 */
export function postgresCpuSeconds(): number | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  let seconds = 0;
  let found = false;
  for (const pid of entries) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      seconds += cpuSecondsOf(pid);
      found = true;
    } catch {
      // the process ended while it was read
    }
  }
  return found ? seconds : undefined;
}
