import fs from "node:fs";
import path from "node:path";
import { StartupError } from "#server/startup-error.ts";

export class DataDirLockedError extends StartupError {}

/** How long a starting process waits for a previous holder that may still be exiting (README "Embedded database"). */
export const DEFAULT_LOCK_WAIT_MS = 5_000;
const RETRY_MS = 100;

export const LOCK_FILE = "jobboard.lock";

export type LockOptions = {
  waitMs?: number;
  /** Told once, when the lock is busy and we start waiting for it. */
  onWait?: (holder: string, waitMs: number) => void;
};

/**
 * PGlite does not lock its directory, and two processes writing one data dir corrupt it. We hold an
 * advisory lock on DATA_DIR/jobboard.lock (an open-file-description lock on Linux, flock on macOS,
 * LockFileEx on Windows) for as long as the database is open. The kernel drops it the moment the holder
 * dies, so a crash never leaves it behind; no PID is ever checked. The pid written into the file is only
 * there to name the holder in the message. Returns the release function.
 */
export async function lockDataDir(
  dataDir: string,
  { waitMs = DEFAULT_LOCK_WAIT_MS, onWait }: LockOptions = {},
): Promise<() => void> {
  // Loaded here, not at the top: a PostgreSQL deployment never needs the native addon.
  const { tryLock } = await import("fs-native-extensions");
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  let waiting = false;
  for (;;) {
    const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
    if (tryLock(fd)) {
      if (isStillAt(fd, lockPath)) {
        fs.ftruncateSync(fd, 0);
        fs.writeSync(fd, `${process.pid}\n`, 0);
        return release(fd, lockPath);
      }
      fs.closeSync(fd);
      continue;
    }
    const holder = readHolder(fd);
    fs.closeSync(fd);
    if (Date.now() >= deadline) {
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dataDir)} is in use by another job board process${holder ? ` (pid ${holder})` : ""}. ` +
          "Stop it first, or point DATA_DIR at another directory.",
      );
    }
    if (!waiting) {
      waiting = true;
      onWait?.(holder, waitMs);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/**
 * A releasing holder removes the file while it still holds the lock; a waiter that then gets the lock on
 * the removed file must start over on the path's current file, or two processes would each hold "the" lock.
 */
function isStillAt(fd: number, lockPath: string): boolean {
  try {
    return fs.statSync(lockPath).ino === fs.fstatSync(fd).ino;
  } catch {
    return false;
  }
}

function release(fd: number, lockPath: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    fs.rmSync(lockPath, { force: true });
    // Closing the only descriptor of this open file drops the lock.
    fs.closeSync(fd);
  };
}

function readHolder(fd: number): string {
  try {
    const buffer = Buffer.alloc(32);
    const bytes = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.toString("utf8", 0, bytes).trim();
  } catch {
    // Windows locks bar reading the locked range; the message then names no pid.
    return "";
  }
}
