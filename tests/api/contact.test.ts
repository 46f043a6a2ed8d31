import { createServer, type AddressInfo, type Socket } from "node:net";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "#server/db/schema.ts";
import { contactMessageOf } from "#server/mail/contact-mail.ts";
import { claimDueMails, enqueueMail, enqueueMails } from "#server/mail/outbox.ts";
import {
  createTransport,
  deliverDueMails,
  retryDelayMs,
  startMailSender,
  type DeliveryOptions,
} from "#server/mail/sender.ts";
import type { AppServices } from "#server/services.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { engines } from "#tests/support/engines.ts";
import { api, signUp } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const FAST_RETRIES = { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400 };
const CONTACT_TO = "hiring-desk@jobboard.test";

let ipCounter = 0;
/** Each test speaks from its own address, so the per-IP rate limit of one test never touches another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: "Asha Verma",
    email: "asha.verma@example.com",
    phoneNumber: "+91 98450 12345",
    subject: "Listing stuck on page two",
    message: "Hello, my listing for a React developer does not show up when I search for React.\nCould you check?",
    ...overrides,
  };
}

function send(server: TestServer, body: unknown, ip = freshIp()) {
  return api(server.url, "/api/sendEmail", { method: "POST", body, headers: { "x-forwarded-for": ip } });
}

/** The contact messages in the outbox, each with its delivery state. */
async function storedMessages(services: AppServices) {
  const rows = await services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "contact"));
  return rows.map((row) => ({
    ...contactMessageOf(row),
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
  }));
}

type Sender = ReturnType<typeof startMailSender>;

/** The server's one mail sender, as main.ts starts it, with quicker polls and retries. */
function startSender(services: Pick<AppServices, "database" | "env" | "logger">, options: DeliveryOptions = {}) {
  return startMailSender({
    db: services.database.db,
    env: services.env,
    logger: services.logger,
    ...FAST_RETRIES,
    ...options,
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { lines, logger };
}

describe.each(engines)("contact form API on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  let sender: Sender | undefined;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({
      engine,
      env: {
        SMTP_URL: smtp.url,
        CONTACT_TO,
        MAIL_FROM: "Job Board <no-reply@jobboard.test>",
        TRUSTED_PROXY_HEADER: "x-forwarded-for",
        CONTACT_RATE_LIMIT_MAX: "3",
        CONTACT_RATE_LIMIT_WINDOW_SECONDS: "600",
      },
    });
  });
  afterAll(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.stop();
  });

  async function clearOutbox() {
    await sender?.stop();
    sender = undefined;
    await server.services.database.db.delete(mailOutbox);
    smtp.mails.length = 0;
  }

  test("a valid message is stored in the outbox before the answer {ok:true}", async () => {
    await clearOutbox();
    const { status, json } = await send(server, message());
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true });
    const rows = await storedMessages(server.services);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Asha Verma",
      email: "asha.verma@example.com",
      phoneNumber: "+91 98450 12345",
      subject: "Listing stuck on page two",
      status: "pending",
    });
  });

  test("phone number and subject are optional", async () => {
    await clearOutbox();
    const { status } = await send(server, {
      name: "Ravi",
      email: "ravi@example.com",
      message: "Do you charge job seekers?",
    });
    expect(status).toBe(200);
    const [row] = await storedMessages(server.services);
    expect(row).toMatchObject({ phoneNumber: null, subject: null });
  });

  test("a submitted message arrives at CONTACT_TO with the visitor as reply-to and every field", async () => {
    await clearOutbox();
    sender = startSender(server.services);
    expect((await send(server, message())).status).toBe(200);
    await waitFor(() => smtp.mails.length === 1, "the mail");
    const [mail] = smtp.mails;
    expect(mail?.envelopeTo).toEqual([CONTACT_TO]);
    expect(mail?.envelopeFrom).toBe("no-reply@jobboard.test");
    expect(mail?.headers["reply-to"]).toBe("Asha Verma <asha.verma@example.com>");
    expect(mail?.headers.subject).toBe("Contact form: Listing stuck on page two");
    expect(mail?.text).toContain("Name: Asha Verma");
    expect(mail?.text).toContain("Email: asha.verma@example.com");
    expect(mail?.text).toContain("Phone: +91 98450 12345");
    expect(mail?.text).toContain("my listing for a React developer does not show up");
    await waitFor(async () => (await storedMessages(server.services))[0]?.status === "sent", "the row marked sent");
  });

  test("while the SMTP server is down submissions still answer ok, and once it is back every message arrives exactly once", async () => {
    await clearOutbox();
    await smtp.stop();
    sender = startSender(server.services);
    const subjects = ["Outage one", "Outage two", "Outage three", "Outage four"];
    for (const subject of subjects) {
      expect((await send(server, message({ subject }))).status).toBe(200);
    }
    await waitFor(
      async () => (await storedMessages(server.services)).every((row) => row.attempts >= 2 && row.lastError),
      "failed attempts to be recorded",
    );
    expect(smtp.mails).toHaveLength(0);

    await smtp.start();
    await waitFor(
      async () => (await storedMessages(server.services)).every((row) => row.status === "sent"),
      "all rows sent",
    );
    // One more message through the same sender: the pass that delivers it would also have claimed any row due again.
    expect((await send(server, message({ subject: "After the outage" }))).status).toBe(200);
    await waitFor(
      () => smtp.mails.some((mail) => mail.headers.subject === "Contact form: After the outage"),
      "the later mail",
    );
    await sender.stop();
    sender = undefined;
    subjects.push("After the outage");
    expect(smtp.mails.map((mail) => mail.headers.subject).sort()).toEqual(
      subjects.map((s) => `Contact form: ${s}`).sort(),
    );
    expect(new Set(smtp.mails.map((mail) => mail.headers["message-id"])).size).toBe(subjects.length);
  });

  test("two senders on one database never send a message twice", async () => {
    await clearOutbox();
    const count = 24;
    for (let i = 0; i < count; i++) {
      expect((await send(server, message({ subject: `Batch ${i}` }), `203.0.113.${i + 1}`)).status).toBe(200);
    }
    const first = startSender(server.services, { batchSize: 3 });
    const second = startSender(server.services, { batchSize: 3 });
    try {
      await waitFor(
        async () => (await storedMessages(server.services)).every((row) => row.status === "sent"),
        "all rows sent",
      );
    } finally {
      // stop() waits for a pass in flight, so a second delivery of any row would be in the SMTP log by now.
      await Promise.all([first.stop(), second.stop()]);
    }
    const subjects = smtp.mails.map((mail) => mail.headers.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
  });

  test("missing name, email and message are refused with a message for each field, and nothing is stored", async () => {
    await clearOutbox();
    const { status, json } = await send(server, { phoneNumber: "", subject: "" });
    expect(status).toBe(400);
    expect(json.error.code).toBe("VALIDATION_FAILED");
    expect(json.error.fields).toEqual({
      name: "Please enter your name",
      email: "Please enter your email address",
      message: "Please write a message",
    });
    expect(await storedMessages(server.services)).toHaveLength(0);
  });

  test("blank-only name and message count as missing", async () => {
    await clearOutbox();
    const { status, json } = await send(server, message({ name: "   ", message: "\n \n" }));
    expect(status).toBe(400);
    expect(Object.keys(json.error.fields).sort()).toEqual(["message", "name"]);
    expect(await storedMessages(server.services)).toHaveLength(0);
  });

  test("an email address that is not valid is refused", async () => {
    await clearOutbox();
    for (const email of ["asha", "asha@", "asha@localhost", "asha verma@example.com"]) {
      const { status, json } = await send(server, message({ email }));
      expect(status, email).toBe(400);
      expect(json.error.fields.email).toMatch(/valid email address/);
    }
    expect(await storedMessages(server.services)).toHaveLength(0);
  });

  test("fields longer than their limits are refused with the limit in the message", async () => {
    await clearOutbox();
    const { status, json } = await send(
      server,
      message({
        name: "n".repeat(101),
        subject: "s".repeat(151),
        message: "m".repeat(5001),
        phoneNumber: "1".repeat(31),
      }),
    );
    expect(status).toBe(400);
    expect(json.error.fields).toEqual({
      name: "Name must be at most 100 characters",
      subject: "Subject must be at most 150 characters",
      message: "Message must be at most 5000 characters",
      phoneNumber: "Phone number must be at most 30 characters",
    });
    expect(await storedMessages(server.services)).toHaveLength(0);
  });

  test("a line break in the name or subject is refused, so no header can be injected", async () => {
    await clearOutbox();
    const { status, json } = await send(
      server,
      message({ name: "Asha\r\nBcc: victim@example.com", subject: "Hi\nBcc: x@y.z" }),
    );
    expect(status).toBe(400);
    expect(json.error.fields).toEqual({ name: "Name must fit on one line", subject: "Subject must fit on one line" });
    expect(await storedMessages(server.services)).toHaveLength(0);
  });

  test("a phone number with letters is refused", async () => {
    await clearOutbox();
    const { status, json } = await send(server, message({ phoneNumber: "call me maybe" }));
    expect(status).toBe(400);
    expect(json.error.fields.phoneNumber).toMatch(/digits/);
  });

  test("wrong types, malformed JSON and a non-JSON body are 4xx in the one error shape, and nothing is stored", async () => {
    await clearOutbox();
    const wrongTypes = await send(server, { name: 42, email: ["a@b.co"], message: { text: "hi" } });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.json.error.fields).sort()).toEqual(["email", "message", "name"]);

    const malformed = await send(server, "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe("MALFORMED_JSON");

    const form = await api(server.url, "/api/sendEmail", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp() },
      body: "name=Asha",
    });
    expect(form.status).toBe(415);
    expect(form.json.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(await storedMessages(server.services)).toHaveLength(0);
  });

  test("a client over the rate limit gets 429 with a clear message and Retry-After, and that message is not stored", async () => {
    await clearOutbox();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await send(server, message({ subject: `Try ${i}` }), ip)).status).toBe(200);
    const refused = await send(server, message({ subject: "One too many" }), ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("RATE_LIMITED");
    expect(refused.json.error.message).toBe(
      "You have sent several messages in a short time. Please wait 10 minutes and try again.",
    );
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const rows = await storedMessages(server.services);
    expect(rows.map((row) => row.subject).sort()).toEqual(["Try 0", "Try 1", "Try 2"]);
  });

  test("the rate limit holds under concurrent submissions from one client", async () => {
    await clearOutbox();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(server, message({ subject: `Burst ${i}` }), ip)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    expect(await storedMessages(server.services)).toHaveLength(3);
  });

  test("the rate limit of one client does not affect another", async () => {
    await clearOutbox();
    const busy = freshIp();
    for (let i = 0; i < 3; i++) await send(server, message(), busy);
    expect((await send(server, message(), busy)).status).toBe(429);
    expect((await send(server, message(), freshIp())).status).toBe(200);
  });
});

describe.each(engines)("contact mail without SMTP on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  test("with no SMTP configured messages stay in the outbox and the log says how to configure delivery", async () => {
    const { lines, logger } = capturedLogger();
    expect((await send(server, message())).status).toBe(200);
    const sender = startSender({ ...server.services, logger });
    await waitFor(() => lines.some((line) => line.includes("SMTP_URL")), "the configuration hint");
    await sender.stop();
    const hint = lines.find((line) => line.includes("SMTP_URL")) ?? "";
    expect(hint).toContain("CONTACT_TO");
    expect(hint).toMatch(/"pending":1/);
    expect((await storedMessages(server.services)).filter((row) => row.status === "pending")).toHaveLength(1);
  });
});

describe("the outbox retry delay", () => {
  test("doubles from the base with each failed attempt and stops growing at the cap", () => {
    expect([1, 2, 3, 4, 5, 20].map((attempts) => retryDelayMs(attempts, 1_000, 5_000))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000, 5_000,
    ]);
    expect(retryDelayMs(0, 1_000, 5_000)).toBe(1_000);
  });
});

describe.each(engines)("recovery of contact messages in the outbox on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, CONTACT_TO, TRUSTED_PROXY_HEADER: "x-forwarded-for" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  const db = () => server.services.database.db;
  const rowBySubject = async (subject: string) =>
    (await storedMessages(server.services)).find((row) => row.subject === subject);
  const mailsWith = (subject: string) =>
    smtp.mails.filter((mail) => mail.headers.subject === `Contact form: ${subject}`);

  test("a failed delivery is recorded and waits the retry delay before the next attempt", async () => {
    await db().delete(mailOutbox);
    const subject = `Refused ${engine}`;
    expect((await send(server, message({ subject }))).status).toBe(200);
    // Nothing listens on port 9: the delivery fails at once.
    const unreachable = { ...server.services, env: { ...server.services.env, SMTP_URL: "smtp://127.0.0.1:9" } };
    const sender = startSender(unreachable, { retryBaseMs: 3_600_000, retryMaxMs: 7_200_000 });
    try {
      await waitFor(async () => Boolean((await rowBySubject(subject))?.lastError), "the failed attempt to be recorded");
    } finally {
      await sender.stop();
    }
    const row = await rowBySubject(subject);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    // The next attempt is an hour (the base delay) away, not the lease or the poll interval.
    expect(new Date(row!.nextAttemptAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  test("a message claimed by a sender that died is left alone until its lease ends, then delivered once", async () => {
    await db().delete(mailOutbox);
    const orphan = `Orphaned ${engine}`;
    const marker = `Marker ${engine}`;
    expect((await send(server, message({ subject: orphan }))).status).toBe(200);
    // A sender claims it for an hour and dies before delivering.
    expect(await claimDueMails(db(), { limit: 10, leaseMs: 3_600_000, kinds: ["contact"] })).toHaveLength(1);

    const sender = startSender(server.services);
    try {
      expect((await send(server, message({ subject: marker }))).status).toBe(200);
      await waitFor(() => mailsWith(marker).length === 1, "the marker mail");
      // The pass that delivered the marker skipped the claimed message.
      expect(mailsWith(orphan)).toHaveLength(0);

      // The lease runs out.
      await db()
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.subject, orphan));
      await waitFor(async () => (await rowBySubject(orphan))?.status === "sent", "the orphan to be delivered");
    } finally {
      await sender.stop();
    }
    expect(mailsWith(orphan)).toHaveLength(1);
    expect(await rowBySubject(orphan)).toMatchObject({ status: "sent", attempts: 2 });
  });

  test("stopping mid-batch hands the messages not yet attempted back at once", async () => {
    await db().delete(mailOutbox);
    const subjects = ["First", "Second", "Third", "Fourth"].map((word) => `${word} held ${engine}`);
    for (const subject of subjects) expect((await send(server, message({ subject }))).status).toBe(200);
    // An SMTP server that accepts the connection and never greets holds the first delivery until we let go.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const held = { ...server.services, env: { ...server.services.env, SMTP_URL: `smtp://127.0.0.1:${port}` } };
    const sender = startSender(held, { batchSize: 10 });
    try {
      await waitFor(() => sockets.size > 0, "the first delivery to connect");
      const stopping = sender.stop();
      for (const socket of sockets) socket.destroy();
      await stopping;
    } finally {
      await sender.stop();
      await new Promise((resolve) => silent.close(resolve));
    }
    const rows = await storedMessages(server.services);
    const attempted = rows.filter((row) => row.attempts === 1);
    const released = rows.filter((row) => row.attempts === 0);
    expect(attempted).toHaveLength(1);
    expect(attempted[0]?.lastError).toBeTruthy();
    expect(released).toHaveLength(subjects.length - 1);
    // Due now, not at the end of the five-minute lease.
    for (const row of released) expect(new Date(row.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe.each(engines)("one mail sender for every mail on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, CONTACT_TO, MAIL_FROM: "Job Board <no-reply@jobboard.test>" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  const db = () => server.services.database.db;
  const accountMail = (to: string) => ({ to, subject: "Reset your password", text: "Follow this link" });

  test("one sender delivers a contact message to CONTACT_TO and an account mail to its address, each once", async () => {
    await db().delete(mailOutbox);
    smtp.mails.length = 0;
    expect((await send(server, message({ subject: `Both kinds ${engine}` }))).status).toBe(200);
    await enqueueMail(db(), accountMail("forgetful@example.com"));
    const sender = startSender(server.services);
    try {
      await waitFor(() => smtp.mails.length === 2, "both mails");
      await waitFor(
        async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.status, "pending"))).length === 0,
        "both rows marked sent",
      );
    } finally {
      await sender.stop();
    }
    expect(smtp.mails.map((mail) => [mail.envelopeTo, mail.headers.subject]).sort()).toEqual(
      [
        [[CONTACT_TO], `Contact form: Both kinds ${engine}`],
        [["forgetful@example.com"], "Reset your password"],
      ].sort(),
    );
    const contactMail = smtp.mails.find((mail) => mail.envelopeTo[0] === CONTACT_TO);
    expect(contactMail?.headers["reply-to"]).toBe("Asha Verma <asha.verma@example.com>");
    expect(contactMail?.headers["message-id"]).toMatch(/^<contact-/);
    expect(smtp.mails.find((mail) => mail.envelopeTo[0] !== CONTACT_TO)?.headers["message-id"]).toMatch(/^<mail-/);
  });

  test("a delivery pass run once (npm run alerts) delivers the due contact messages and other mail alike", async () => {
    await db().delete(mailOutbox);
    smtp.mails.length = 0;
    expect((await send(server, message({ subject: `Once ${engine}` }))).status).toBe(200);
    await enqueueMail(db(), accountMail("once@example.com"));
    const transport = createTransport(smtp.url);
    try {
      expect(await deliverDueMails({ db: db(), env: server.env, logger: server.services.logger, transport })).toBe(2);
    } finally {
      transport.close();
    }
    expect(smtp.mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual([CONTACT_TO, "once@example.com"].sort());
  });

  test("mails leave in the order they were queued, whatever order the table holds them in", async () => {
    await db().delete(mailOutbox);
    smtp.mails.length = 0;
    const addresses = ["first", "second", "third", "fourth", "fifth"].map((word) => `${word}-in-line@example.com`);
    for (const address of addresses) await enqueueMail(db(), accountMail(address));
    // A row written again (a failed attempt's note, say) moves to the end of the table.
    for (const address of addresses.slice(0, 2))
      await db().update(mailOutbox).set({ lastError: "not yet" }).where(eq(mailOutbox.toAddress, address));
    const transport = createTransport(smtp.url);
    try {
      expect(await deliverDueMails({ db: db(), env: server.env, logger: server.services.logger, transport })).toBe(5);
    } finally {
      transport.close();
    }
    expect(smtp.mails.map((mail) => mail.envelopeTo[0])).toEqual(addresses);
  });

  test("mails queued together, in one statement, leave in the order they were given", async () => {
    await db().delete(mailOutbox);
    smtp.mails.length = 0;
    const addresses = ["one", "two", "three", "four", "five", "six"].map((word) => `${word}-together@example.com`);
    await enqueueMails(
      db(),
      addresses.map((address) => accountMail(address)),
    );
    const transport = createTransport(smtp.url);
    try {
      expect(await deliverDueMails({ db: db(), env: server.env, logger: server.services.logger, transport })).toBe(6);
    } finally {
      transport.close();
    }
    expect(smtp.mails.map((mail) => mail.envelopeTo[0])).toEqual(addresses);
  });

  test("without CONTACT_TO other mail is delivered, contact messages wait unattempted, and the log says how to configure", async () => {
    await db().delete(mailOutbox);
    smtp.mails.length = 0;
    expect((await send(server, message({ subject: `No inbox ${engine}` }))).status).toBe(200);
    await enqueueMail(db(), accountMail("still-mailed@example.com"));
    const { lines, logger } = capturedLogger();
    const sender = startSender({
      ...server.services,
      env: { ...server.services.env, CONTACT_TO: undefined },
      logger,
    });
    try {
      await waitFor(() => smtp.mails.length === 1, "the account mail");
      await waitFor(() => lines.some((line) => line.includes("CONTACT_TO")), "the configuration hint");
    } finally {
      await sender.stop();
    }
    expect(smtp.mails[0]?.envelopeTo).toEqual(["still-mailed@example.com"]);
    expect(lines.find((line) => line.includes("CONTACT_TO"))).toMatch(/"pending":1/);
    expect(await storedMessages(server.services)).toMatchObject([
      { subject: `No inbox ${engine}`, status: "pending", attempts: 0, lastError: null },
    ]);
  });
});

describe.each(engines)("the admins' view of contact messages on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({ engine, env: { SMTP_URL: smtp.url, CONTACT_TO } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  async function deliverOnce(smtpUrl: string) {
    const transport = createTransport(smtpUrl);
    try {
      const { env, logger, database } = server.services;
      await deliverDueMails({ db: database.db, env, logger, transport, retryBaseMs: 3_600_000 });
    } finally {
      transport.close();
    }
  }

  test("admins see every contact message, newest first, with whether it was delivered, failed and why, or waits", async () => {
    const admin = await signUp(server.url, { name: "Desk" });
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    await enrolSecondFactor(server.url, admin);
    expect((await send(server, message({ subject: "Delivered" }))).status).toBe(200);
    await deliverOnce(smtp.url);
    expect((await send(server, message({ subject: "Refused" }))).status).toBe(200);
    // Nothing listens on port 9: the attempt fails, and the next one is an hour away.
    await deliverOnce("smtp://127.0.0.1:9");
    expect((await send(server, message({ subject: "Waiting" }))).status).toBe(200);

    const { status, json } = await api(server.url, "/api/admin/contact-messages", { session: admin });
    expect(status).toBe(200);
    expect(json).toMatchObject([
      { subject: "Waiting", status: "pending", attempts: 0, lastError: null, sentAt: null },
      { subject: "Refused", status: "pending", attempts: 1, lastError: expect.any(String), sentAt: null },
      { subject: "Delivered", status: "sent", attempts: 1, lastError: null, sentAt: expect.any(String) },
    ]);
    expect(json[0]).toEqual({
      id: expect.any(String),
      name: "Asha Verma",
      email: "asha.verma@example.com",
      subject: "Waiting",
      message: message().message,
      status: "pending",
      attempts: 0,
      lastError: null,
      receivedAt: expect.any(String),
      sentAt: null,
    });
  });
});

describe.each(engines)("the contact form sent without JavaScript on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { TRUSTED_PROXY_HEADER: "x-forwarded-for" } });
  });
  afterAll(() => server.close());

  /** What a browser without scripts sends: the form urlencoded, to the page's own path, with no proof of work. */
  const postForm = (fields: Record<string, string>, ip: string) =>
    fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, origin: server.url },
      body: new URLSearchParams({ website: "", ...fields }),
    });
  const fields = { name: "Asha Verma", email: "asha@example.com", message: "A question for you." };

  test("meets a stricter per-address limit than the API, which still takes a message with a proof of work", async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) expect((await postForm(fields, ip)).headers.get("location")).toContain("sent=1");
    expect((await postForm(fields, ip)).headers.get("location")).toBe("/contact?error=limited#contact-form");
    expect((await storedMessages(server.services)).filter((row) => row.email === "asha@example.com")).toHaveLength(2);
    expect((await send(server, message(), ip)).status).toBe(200);
    expect((await postForm(fields, freshIp())).headers.get("location")).toContain("sent=1");
  });
});
