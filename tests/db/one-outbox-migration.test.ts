import fs from "node:fs";
import path from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectPostgres, MIGRATIONS_FOLDER, openPglite, type Database, type Schema } from "#server/db/client.ts";
import { mailOutbox } from "#server/db/schema.ts";
import { readContactMessages } from "#server/mail/contact-messages.ts";
import { createTransport, deliverDueMails } from "#server/mail/sender.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { runTempDir } from "#tests/support/spawn-app.ts";

const MIGRATION = "0014_one_outbox";
const CONTACT_TO = "desk@jobboard.test";

/** The migrations as they were before this one: a copy of the folder whose journal ends just before it. */
function migrationsBefore(tag: string): string {
  const folder = runTempDir("jobboard-migrations-");
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** An empty database of its own (not a clone of the migrated one) and how to drop it. */
async function emptyDatabase(
  engine: "pglite" | "postgres",
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const database = await openPglite(undefined);
    return { database, drop: () => database.close() };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  const database = connectPostgres(url, { max: 3, onIdleError: () => undefined });
  return {
    database,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

describe.each(engines)("the one-outbox migration on %s", (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  let smtp: FakeSmtp;
  const ids: Record<"due" | "later" | "sent" | "mail", string> = { due: "", later: "", sent: "", mail: "" };

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    ({ database, drop } = await emptyDatabase(engine));
    const folder = migrationsBefore(MIGRATION);
    if (engine === "pglite") {
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    } else {
      await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
    }
    fs.rmSync(folder, { recursive: true, force: true });

    // The contact outbox as the previous version left it: a message that failed twice and is due again, one that
    // failed and waits an hour, one delivered; and an account mail in the other outbox.
    const insertReturningId = async (insert: SQL) => String(rowsOf(await database.db.execute(insert))[0]?.id);
    ids.due = await insertReturningId(sql`
      INSERT INTO contact_messages (name, email, phone_number, subject, message, client_ip, status, attempts,
        next_attempt_at, last_error, created_at)
      VALUES ('Asha Verma', 'asha@example.com', '+91 98450 12345', 'Listing stuck', 'My listing does not show.',
        '198.51.100.7', 'pending', 2, now() - interval '1 minute', 'Connection refused', now() - interval '3 hours')
      RETURNING id`);
    ids.later = await insertReturningId(sql`
      INSERT INTO contact_messages (name, email, message, client_ip, status, attempts, next_attempt_at, last_error,
        created_at)
      VALUES ('Ravi', 'ravi@example.com', 'Do you charge job seekers?', '198.51.100.8', 'pending', 1,
        now() + interval '1 hour', 'Greeting never received', now() - interval '2 hours')
      RETURNING id`);
    ids.sent = await insertReturningId(sql`
      INSERT INTO contact_messages (name, email, subject, message, client_ip, status, attempts, next_attempt_at,
        sent_at, created_at)
      VALUES ('Meera', 'meera@example.com', 'Thanks', 'Found a job!', '198.51.100.9', 'sent', 1,
        now() - interval '1 day', now() - interval '1 day', now() - interval '1 day')
      RETURNING id`);
    ids.mail = await insertReturningId(sql`
      INSERT INTO mail_outbox (dedupe_key, to_address, subject, text_body)
      VALUES ('reset:1', 'forgetful@example.com', 'Reset your password', 'Follow this link')
      RETURNING id`);

    await database.migrate();
  });
  afterAll(async () => {
    await drop?.();
    await smtp?.stop();
  });

  test("every contact message, pending or sent, is in the mail outbox with its delivery state, and contact_messages is gone", async () => {
    const moved = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "contact"));
    expect(moved.map((row) => row.id).sort()).toEqual([ids.due, ids.later, ids.sent].sort());
    const byId = new Map(moved.map((row) => [row.id, row]));
    expect(byId.get(ids.due)).toMatchObject({
      toAddress: null,
      replyToName: "Asha Verma",
      replyToAddress: "asha@example.com",
      phoneNumber: "+91 98450 12345",
      subject: "Listing stuck",
      textBody: "My listing does not show.",
      clientIp: "198.51.100.7",
      status: "pending",
      attempts: 2,
      lastError: "Connection refused",
      sentAt: null,
    });
    expect(byId.get(ids.later)).toMatchObject({ status: "pending", attempts: 1, phoneNumber: null, subject: null });
    expect(byId.get(ids.later)!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(byId.get(ids.sent)).toMatchObject({ status: "sent", attempts: 1, sentAt: expect.any(Date) });

    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids.mail));
    expect(mail).toMatchObject({ kind: "mail", toAddress: "forgetful@example.com", status: "pending", attempts: 0 });
    const table = rowsOf(await database.db.execute(sql`SELECT to_regclass('contact_messages') AS name`));
    expect(table[0]?.name).toBeNull();
  });

  test("the admins' messages view shows the moved messages, newest first, with when each arrived", async () => {
    const view = await readContactMessages(database.db);
    expect(view.map((message) => [message.name, message.status, message.attempts])).toEqual([
      ["Ravi", "pending", 1],
      ["Asha Verma", "pending", 2],
      ["Meera", "sent", 1],
    ]);
    expect(Date.now() - new Date(view[1]!.receivedAt).getTime()).toBeGreaterThan(2.9 * 60 * 60_000);
  });

  test("the one sender delivers the moved message that is due to CONTACT_TO, with the Message-ID it had", async () => {
    const transport = createTransport(smtp.url);
    const env = {
      MAIL_FROM: "Job Board <no-reply@jobboard.test>",
      PUBLIC_URL: "https://jobs.example.com",
      CONTACT_TO,
      SITE_NAME: "Job Board",
    };
    try {
      expect(await deliverDueMails({ db: database.db, env, logger: pino({ level: "silent" }), transport })).toBe(2);
    } finally {
      transport.close();
    }
    const contact = smtp.mails.find((mail) => mail.envelopeTo[0] === CONTACT_TO);
    expect(contact?.headers.subject).toBe("Contact form: Listing stuck");
    expect(contact?.headers["reply-to"]).toBe("Asha Verma <asha@example.com>");
    expect(contact?.headers["message-id"]).toBe(`<contact-${ids.due}@jobs.example.com>`);
    expect(smtp.mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual([CONTACT_TO, "forgetful@example.com"]);
  });
});
