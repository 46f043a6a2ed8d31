import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectPostgres, openPglite, type Database } from "#server/db/client.ts";
import { jobAlerts } from "#server/db/schema.ts";
import { enqueueContactMessage } from "#server/mail/contact-messages.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";
import { runScript, runTempDir } from "#tests/support/spawn-app.ts";

const SECRET = "alerts-script-secret-alerts-script-secret";

/** A fresh database the script is pointed at: an embedded data dir, or a PostgreSQL database of its own. */
async function freshTarget(
  engine: "pglite" | "postgres",
): Promise<{ env: Record<string, string>; open: () => Promise<Database>; remove: () => Promise<void> }> {
  if (engine === "pglite") {
    const dataDir = runTempDir("jobboard-alerts-");
    return {
      env: { DATA_DIR: dataDir },
      open: () => openPglite(path.join(dataDir, "pglite")),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  return { env: { DATABASE_URL: url }, open: async () => connectPostgres(url, { max: 2 }), remove: drop };
}

describe.each(engines)("npm run alerts on %s", (engine) => {
  let target: Awaited<ReturnType<typeof freshTarget>>;
  let smtp: FakeSmtp;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    target = await freshTarget(engine);
    env = {
      ...target.env,
      SMTP_URL: smtp.url,
      BETTER_AUTH_SECRET: SECRET,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "https://board.example",
    };
    const database = await target.open();
    try {
      await database.migrate();
      await database.db.insert(jobAlerts).values([
        {
          email: "due@example.com",
          search: { search: "react" },
          frequency: "instant",
          clientIp: "127.0.0.1",
          confirmedAt: new Date(),
          watermarkAt: new Date(Date.now() - 60_000),
        },
        {
          email: "unconfirmed@example.com",
          search: { search: "react" },
          frequency: "instant",
          clientIp: "127.0.0.1",
          watermarkAt: new Date(Date.now() - 60_000),
        },
      ]);
      await insertJobsBulk(database.db, [
        { ...syntheticJob(1, new Date()), title: "React Developer", postingDate: new Date() },
      ]);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await target?.remove();
    await smtp?.stop();
  });

  test("run queues and delivers each due digest once, prints it, and a second run sends nothing", async () => {
    const first = await runScript("alerts", ["run"], env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/digest {2}due@example\.com {2}1 new job\(s\)/);
    expect(first.output).toContain("1 digest(s) queued");
    expect(first.output).toContain("1 mail(s) delivered");
    expect(smtp.mails.map((mail) => mail.envelopeTo)).toEqual([["due@example.com"]]);
    expect(smtp.mails[0]?.headers["list-unsubscribe"]).toMatch(/^<https:\/\/board\.example\/alerts\/unsubscribe\//);

    const second = await runScript("alerts", ["run"], env);
    expect(second.output).toContain("0 digest(s) queued");
    expect(smtp.mails).toHaveLength(1);
  });

  test("suppress stops alert mail to an address, and a bad command prints the usage", async () => {
    const suppressed = await runScript("alerts", ["suppress", "Due@Example.com"], env);
    expect(suppressed.code, suppressed.output).toBe(0);
    expect(suppressed.output).toContain("suppressed due@example.com");
    const usage = await runScript("alerts", ["send"], env);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain("Usage: npm run alerts -- run | suppress EMAIL");
  });

  test("run delivers the contact messages waiting in the outbox to CONTACT_TO, with the other mail", async () => {
    const database = await target.open();
    try {
      const message = { name: "Asha", email: "asha@example.com", message: "Is the board free for employers?" };
      const limit = { max: 5, windowSeconds: 600 };
      expect((await enqueueContactMessage(database.db, message, "198.51.100.1", limit)).stored).toBe(true);
    } finally {
      await database.close();
    }
    const run = await runScript("alerts", ["run"], { ...env, CONTACT_TO: "desk@board.example" });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("1 mail(s) delivered");
    const mail = smtp.mails.find((received) => received.envelopeTo[0] === "desk@board.example");
    expect(mail?.headers.subject).toBe("Contact form: message from Asha");
    expect(mail?.headers["reply-to"]).toBe("Asha <asha@example.com>");
  });
});
