import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { signUp } from "#tests/support/http.ts";
import { runScript, spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";

const boards: SpawnedApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const board of boards.splice(0)) await board.stop();
});
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder every local user may enter, as a home directory or /srv usually is: only the board's own modes guard it. */
function openParent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-private-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Every file and folder under `dir` (itself included) that a user other than its owner may read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${path.relative(dir, file) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return found;
}

/** Starts a board as a shell with the usual umask 0022 would: the child inherits the umask at spawn. */
async function startUnderUmask022(...args: Parameters<typeof spawnApp>): Promise<SpawnedApp> {
  const before = process.umask(0o022);
  try {
    const board = await spawnApp(...args);
    boards.push(board);
    return board;
  } finally {
    process.umask(before);
  }
}

const walSegments = (dataDir: string) =>
  fs.readdirSync(path.join(dataDir, "pglite", "pg_wal")).filter((name) => /^[0-9A-F]{24}$/.test(name));

describe("a board started on a new data directory under umask 0022", () => {
  let dataDir: string;
  let board: SpawnedApp;
  beforeAll(async () => {
    dataDir = path.join(openParent(), "data");
    const before = process.umask(0o022);
    try {
      board = await spawnApp({}, { dataDir });
    } finally {
      process.umask(before);
    }
    // A session token, a password hash: what the WAL held for anyone to read.
    await signUp(board.url, { name: "Private Files" });
  }, 240_000);
  afterAll(() => board?.stop());

  test("keeps every file and folder in it private to its user, the live WAL included", () => {
    expect(walSegments(dataDir).length).toBeGreaterThan(0);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  test.runIf(process.getuid?.() === 0)("another local user cannot read the embedded database's WAL", () => {
    const wal = path.join(dataDir, "pglite", "pg_wal", walSegments(dataDir)[0]!);
    const read = spawnSync("runuser", ["-u", "nobody", "--", "head", "-c", "16", wal]);
    expect(read.status).not.toBe(0);
    expect(read.stderr.toString()).toContain("Permission denied");
  });
});

test("a start on a data directory whose files others can read makes them private and says so in the log", async () => {
  const dataDir = path.join(openParent(), "data");
  const first = await startUnderUmask022({}, { dataDir });
  expect(await first.stop()).toBe(0);
  boards.splice(0);
  // As a copy made with `cp -r` under umask 0022, or a chmod by hand, would leave it.
  spawnSync("chmod", ["-R", "go+rwX", dataDir]);
  expect(openToOthers(dataDir).length).toBeGreaterThan(100);
  const board = await startUnderUmask022({}, { dataDir });
  expect(openToOthers(dataDir)).toEqual([]);
  expect(board.output()).toMatch(
    /\d+ files and folders in DATA_DIR \(.+\) could be read by other users of this machine; they are now private to this user \(0600 files, 0700 folders\)/,
  );
}, 240_000);

test.runIf(process.env.TEST_DATABASE_URL)(
  "a PostgreSQL backup written over an existing file is private to its user",
  async () => {
    const database = await createEmptyPostgresDatabase();
    const file = path.join(openParent(), "board.dump");
    fs.writeFileSync(file, "", { mode: 0o644 });
    const before = process.umask(0o022);
    try {
      const backup = await runScript("backup", [file], { DATABASE_URL: database.url });
      expect(backup.code, backup.output).toBe(0);
    } finally {
      process.umask(before);
      await database.drop();
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  },
  120_000,
);
