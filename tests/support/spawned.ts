import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/*
 * The apps and scripts a run spawns, by process id, in the run's temp dir: the run's teardown (global-setup.ts) kills
 * any still running. A test file that fails before its afterAll stops its app (a browser that would not start, in
 * beforeAll) otherwise left that app running after the suite, and a worker's own exit hooks do not run when the pool
 * ends it.
 */

const listOf = (runDir: string) => path.join(runDir, "spawned");

/** Notes `child` as running until it exits. */
export function trackSpawned<Child extends ChildProcess>(runDir: string, child: Child): Child {
  if (child.pid === undefined) return child;
  const note = path.join(listOf(runDir), String(child.pid));
  fs.mkdirSync(listOf(runDir), { recursive: true });
  fs.writeFileSync(note, "");
  child.once("exit", () => fs.rmSync(note, { force: true }));
  return child;
}

/**
 * Kills every process noted and still running. Each runs in a working directory inside the run's temp dir
 * (spawn-app.ts): a process id the system has since given to another process is left alone.
 */
export function killSpawned(runDir: string): void {
  const dir = listOf(runDir);
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = Number(name);
    if (workingDirOf(pid)?.startsWith(runDir)) process.kill(pid, "SIGKILL");
  }
}

/** A running process's working directory; undefined once it has gone. */
function workingDirOf(pid: number): string | undefined {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}
