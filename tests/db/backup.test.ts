import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBackupSchedule } from "#server/backup.ts";
import { connectPostgres, openPglite, type Database } from "#server/db/client.ts";
import { jobAlerts, jobLocations, jobs, mailOutbox, user } from "#server/db/schema.ts";
import { loadEnv } from "#server/env.ts";
import { enqueueMail } from "#server/mail/outbox.ts";
import { createLogger } from "#server/logger.ts";
import { insertJobsBulk, syntheticJob } from "#server/seed.ts";
import { createEmptyPostgresDatabase, createTestDatabase } from "#tests/support/database.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { runScript, runTempDir, spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";

/** How many rows each table that makes a board holds: what a restored copy must hold too. */
async function rowCounts(database: Database) {
  const n = async (table: typeof jobs | typeof user | typeof jobAlerts | typeof mailOutbox) =>
    (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { jobs: await n(jobs), accounts: await n(user), alerts: await n(jobAlerts), mails: await n(mailOutbox) };
}

async function countsIn(pgliteDir: string) {
  const database = await openPglite(pgliteDir);
  try {
    return await rowCounts(database);
  } finally {
    await database.close();
  }
}

const signInStatus = (url: string, session: Pick<Session, "email" | "password">) =>
  fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: session.email, password: session.password }),
  }).then((response) => response.status);

describe("an embedded board backed up while it runs", () => {
  let board: SpawnedApp;
  let employer: Session;
  let backupFile: string;
  let backup: { code: number | null; output: string };

  beforeAll(async () => {
    board = await spawnApp({ SEED_DEMO: "true" });
    employer = await signUp(board.url, { name: "Backed Up Employer" });
    const subscribed = await api(board.url, "/api/alerts", {
      method: "POST",
      body: { email: "seeker@example.com", frequency: "daily", search: { search: "engineer" } },
    });
    expect(subscribed.status).toBe(202);
    backupFile = path.join(runTempDir("jobboard-backup-"), "board.tar.gz");
    backup = await runScript("backup", [backupFile], { DATA_DIR: board.dataDir });
  }, 240_000);
  afterAll(() => board?.stop());

  test("npm run backup writes the file while the board keeps answering", async () => {
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backed up the running board's embedded database to ${backupFile}`);
    expect((await fetch(`${board.url}/api/health`)).status).toBe(200);
  });

  test("restored into a fresh directory, the board starts with every row, and its accounts sign in", async () => {
    const dataDir = runTempDir("jobboard-restored-");
    const restored = await runScript("restore", [backupFile], { DATA_DIR: dataDir });
    expect(restored.code, restored.output).toBe(0);
    await board.stop();
    const original = await countsIn(path.join(board.dataDir, "pglite"));
    expect(original.jobs).toBeGreaterThan(60);
    expect(original.alerts).toBe(1);
    expect(original.mails).toBeGreaterThan(0);
    expect(await countsIn(path.join(dataDir, "pglite"))).toEqual(original);
    const again = await spawnApp({}, { dataDir });
    try {
      expect(await signInStatus(again.url, employer)).toBe(200);
      expect(await signInStatus(again.url, { ...employer, password: "not the password" })).toBe(401);
      const found = await api(again.url, "/api/jobs?limit=1");
      expect(Number(found.headers.get("x-total-count"))).toBeGreaterThanOrEqual(60);
    } finally {
      await again.stop();
    }
  }, 240_000);

  test.runIf(process.env.TEST_DATABASE_URL)(
    "restored with DATABASE_URL into an empty PostgreSQL database, the board moves there whole and its accounts sign in",
    async () => {
      const target = await createEmptyPostgresDatabase();
      try {
        const moved = await runScript("restore", [backupFile], { DATABASE_URL: target.url });
        expect(moved.code, moved.output).toBe(0);
        expect(moved.output).toMatch(/^jobs: [\d,]+ rows$/m);
        await board.stop();
        const postgres = connectPostgres(target.url, { max: 1 });
        const embedded = await openPglite(path.join(board.dataDir, "pglite"));
        try {
          expect(await rowCounts(postgres)).toEqual(await rowCounts(embedded));
          // What triggers stamp and derive keeps the embedded board's values, not the moment of the move.
          const stamps = (database: Database) =>
            database.db.select({ id: jobs.id, at: jobs.publishedAt }).from(jobs).orderBy(jobs.id);
          expect(await stamps(postgres)).toEqual(await stamps(embedded));
          const locations = (database: Database) => database.db.select({ n: count() }).from(jobLocations);
          expect(await locations(postgres)).toEqual(await locations(embedded));
          // Mails waiting in the embedded outbox keep their place, and a mail queued after the move comes after them.
          const queue = (database: Database) =>
            database.db
              .select({ id: mailOutbox.id, order: mailOutbox.queueOrder })
              .from(mailOutbox)
              .orderBy(mailOutbox.id);
          const waiting = await queue(postgres);
          expect(waiting).toEqual(await queue(embedded));
          await enqueueMail(postgres.db, { to: "after-the-move@example.com", subject: "Later", text: "Queued later" });
          const [later] = await postgres.db
            .select({ order: mailOutbox.queueOrder })
            .from(mailOutbox)
            .where(eq(mailOutbox.toAddress, "after-the-move@example.com"));
          expect(later?.order).toBeGreaterThan(Math.max(...waiting.map((mail) => mail.order)));
        } finally {
          await postgres.close();
          await embedded.close();
        }
        const onPostgres = await spawnApp({
          DATABASE_URL: target.url,
          BETTER_AUTH_SECRET: "restore-test-secret-restore-test-secret-0000",
        });
        try {
          expect(await signInStatus(onPostgres.url, employer)).toBe(200);
        } finally {
          await onPostgres.stop();
        }
        const again = await runScript("restore", [backupFile], { DATABASE_URL: target.url });
        expect(again.code).toBe(1);
        expect(again.output).toContain("an embedded backup moves only into an empty database");
      } finally {
        await target.drop();
      }
    },
    240_000,
  );

  test("a restore into a directory that holds a board is refused without --force, and --force keeps the old one aside", async () => {
    const refused = await runScript("restore", [backupFile], { DATA_DIR: board.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("already holds a database: restore into an empty DATA_DIR, or add --force");
    const forced = await runScript("restore", [backupFile, "--force"], { DATA_DIR: board.dataDir });
    expect(forced.code, forced.output).toBe(0);
    const aside = fs.readdirSync(board.dataDir).filter((name) => name.startsWith("pglite.before-restore-"));
    expect(aside).toHaveLength(1);
    expect(await countsIn(path.join(board.dataDir, aside[0] ?? ""))).toEqual(
      await countsIn(path.join(board.dataDir, "pglite")),
    );
  }, 120_000);

  test("a file that is not a backup is refused with a message and restores nothing", async () => {
    const notABackup = path.join(runTempDir("jobboard-not-backup-"), "notes.txt");
    fs.writeFileSync(notABackup, "hello");
    const dataDir = runTempDir("jobboard-untouched-");
    const refused = await runScript("restore", [notABackup], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is not a backup of this board");
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });
});

test("scheduled backups land in BACKUP_DIR every interval, and only the newest BACKUP_KEEP of them are kept", async () => {
  const { database, drop } = await createTestDatabase("pglite");
  const dir = runTempDir("jobboard-scheduled-");
  fs.writeFileSync(path.join(dir, "operator-notes.txt"), "not a backup");
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  let tick = Date.parse("2026-11-24T10:00:00Z");
  const schedule = startBackupSchedule({
    database,
    dir,
    intervalHours: 0.0001,
    keep: 2,
    logger: createLogger(env),
    now: () => new Date((tick += 60_000)),
  });
  try {
    await expect
      .poll(() => fs.readdirSync(dir).filter((name) => name.endsWith(".tar.gz")).length, { timeout: 20_000 })
      .toBe(2);
    await expect
      .poll(() => fs.readdirSync(dir).sort()[0], { timeout: 20_000 })
      .not.toBe("jobboard-20261124T100100Z.tar.gz");
  } finally {
    await schedule.stop();
    await drop();
  }
  expect(fs.readdirSync(dir)).toContain("operator-notes.txt");
  expect(fs.readdirSync(dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
});

describe.runIf(process.env.TEST_DATABASE_URL)("a PostgreSQL board backed up with pg_dump", () => {
  const dir = () => runTempDir("jobboard-pgdump-");
  let source: { url: string; drop: () => Promise<void> };
  let empty: { url: string; drop: () => Promise<void> };
  let file: string;

  beforeAll(async () => {
    source = await createEmptyPostgresDatabase();
    empty = await createEmptyPostgresDatabase();
    const database = connectPostgres(source.url, { max: 2 });
    await database.migrate();
    await insertJobsBulk(
      database.db,
      Array.from({ length: 25 }, (_, i) => syntheticJob(i + 1, new Date())),
    );
    await database.db
      .insert(jobAlerts)
      .values({ email: "seeker@example.com", search: { search: "nurse" }, frequency: "daily", clientIp: "192.0.2.1" });
    await database.close();
    file = path.join(dir(), "board.dump");
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await empty?.drop();
  });

  test("npm run backup writes a pg_dump file, and npm run restore brings every listing into an empty database", async () => {
    const backup = await runScript("backup", [file], { DATABASE_URL: source.url });
    expect(backup.code, backup.output).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("PGDMP");
    const restore = await runScript("restore", [file], { DATABASE_URL: empty.url });
    expect(restore.code, restore.output).toBe(0);
    const [original, restored] = [connectPostgres(source.url, { max: 1 }), connectPostgres(empty.url, { max: 1 })];
    try {
      expect(await rowCounts(restored)).toEqual(await rowCounts(original));
      expect(await rowCounts(restored)).toMatchObject({ jobs: 25, alerts: 1 });
    } finally {
      await original.close();
      await restored.close();
    }
  }, 120_000);

  test("a restore into a database that holds tables is refused without --force", async () => {
    const refused = await runScript("restore", [file], { DATABASE_URL: source.url });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("already holds tables: restore into an empty database, or add --force");
  });
});
