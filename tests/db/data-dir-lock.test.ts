import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, test } from "vitest";
import { openConfiguredDatabase } from "#server/database.ts";
import { LOCK_FILE, lockDataDir } from "#server/db/data-dir-lock.ts";
import { loadEnv } from "#server/env.ts";
import { childEnv } from "#tests/support/spawn-app.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const holders: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const holder of holders.splice(0)) holder.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-lock-"));
  dirs.push(dir);
  return dir;
}

/** Another process holding the lock of `dir`; resolves once it holds it. */
async function holdInAnotherProcess(dir: string): Promise<ChildProcess> {
  const loader = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;
  const child = spawn(process.execPath, ["--import", loader, path.join(ROOT, "tests/support/lock-holder.ts"), dir], {
    cwd: ROOT,
    env: childEnv({}),
    stdio: ["ignore", "pipe", "inherit"],
  });
  holders.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.on("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

test("a lock file naming a live process that holds no lock does not block", async () => {
  const dir = tempDir();
  // The test runner's parent is alive, and PID-based locks took it for the holder.
  fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
  const release = await lockDataDir(dir, { waitMs: 0 });
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
  release();
});

test("a lock held by another process is waited for, then refused with a message naming the directory and the holder", async () => {
  const dir = tempDir();
  const holder = await holdInAnotherProcess(dir);
  const waits: string[] = [];
  await expect(lockDataDir(dir, { waitMs: 300, onWait: (pid) => waits.push(pid) })).rejects.toThrow(
    `The data directory ${dir} is in use by another job board process (pid ${holder.pid}). Stop it first, or point DATA_DIR at another directory.`,
  );
  expect(waits).toEqual([String(holder.pid)]);
});

test("a waiting process gets the lock as soon as the holder is killed", async () => {
  const dir = tempDir();
  const holder = await holdInAnotherProcess(dir);
  let waiting!: () => void;
  const waited = new Promise<void>((resolve) => (waiting = resolve));
  const started = Date.now();
  const locking = lockDataDir(dir, { waitMs: 30_000, onWait: () => waiting() });
  await waited;
  holder.kill("SIGKILL");
  const release = await locking;
  console.log(
    `lock taken ${Date.now() - started} ms after the wait began (holder SIGKILLed once the wait was under way)`,
  );
  release();
});

test("one process cannot take the same lock twice", async () => {
  const dir = tempDir();
  const release = await lockDataDir(dir, { waitMs: 0 });
  await expect(lockDataDir(dir, { waitMs: 0 })).rejects.toThrow(/is in use by another job board process/);
  release();
});

test("a released lock removes its file and can be taken again at once", async () => {
  const dir = tempDir();
  (await lockDataDir(dir, { waitMs: 0 }))();
  expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  (await lockDataDir(dir, { waitMs: 0 }))();
});

test("the lock is released when the embedded database fails to open", async () => {
  const dir = tempDir();
  // A file where PGlite's directory should be: opening it fails.
  fs.writeFileSync(path.join(dir, "pglite"), "not a database");
  await expect(openConfiguredDatabase(loadEnv({ DATA_DIR: dir, DATA_DIR_LOCK_WAIT_SECONDS: "0" }))).rejects.toThrow();
  expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  (await lockDataDir(dir, { waitMs: 0 }))();
  // PGlite loads its whole runtime before it finds out it cannot open the directory.
}, 120_000);
