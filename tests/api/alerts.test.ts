import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { connectPostgres } from "#server/db/client.ts";
import { createJobs } from "#server/jobs.ts";
import { createAlerts } from "#server/alerts.ts";
import { jobAlerts, jobs } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createTransport, deliverDueMails, startMailSender } from "#server/mail/sender.ts";
import { startAlertScheduler } from "#server/alerts/scheduler.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { FakeSmtp, type ReceivedMail } from "#tests/fakes/smtp.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail } from "#tests/support/factories.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(engines)("job alerts on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  let seq = 0;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, ALERTS_PER_ADDRESS: "3", ALERTS_RATE_LIMIT_MAX: "50" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });

  /** Delivers the outbox now, as the sender's next pass would, retrying failures at once. */
  async function deliver() {
    const transport = createTransport(server.env.SMTP_URL as string);
    try {
      return await deliverDueMails({
        db: server.services.database.db,
        env: server.env,
        logger: createLogger(server.env),
        transport,
        retryBaseMs: 0,
      });
    } finally {
      transport.close();
    }
  }

  async function publish(...listings: { title: string; location?: string; ageDays?: number }[]) {
    const now = new Date();
    await insertJobsBulk(
      server.services.database.db,
      listings.map(({ title, location = "Pune", ageDays = 0 }) => ({
        ...syntheticJob(++seq, now),
        title,
        location,
        postingDate: new Date(now.getTime() - ageDays * DAY),
      })),
    );
  }

  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.envelopeTo.includes(email));
  const link = (mail: ReceivedMail, path: string) => {
    const found = mail.text.match(new RegExp(`${server.url}/alerts/${path}/[A-Za-z0-9_.-]+/?`))?.[0];
    if (!found) throw new Error(`no ${path} link in:\n${mail.text}`);
    return found;
  };

  /** Subscribes and confirms through the confirmation mail; returns the address. */
  async function subscribed(search: Record<string, string>, frequency = "instant") {
    const email = uniqueEmail("seeker");
    expect((await api(server.url, "/api/alerts", { method: "POST", body: { email, frequency, search } })).status).toBe(
      202,
    );
    await deliver();
    const [confirmation] = mailsTo(email);
    expect(confirmation?.headers.subject).toMatch(/^Confirm your job alert/);
    const confirmUrl = link(confirmation as ReceivedMail, "confirm");
    expect((await fetch(confirmUrl, { method: "POST" })).status).toBe(200);
    smtp.mails.length = 0;
    return email;
  }

  test("a confirmed alert mails exactly the new matching listings once, and nothing when nothing is new", async () => {
    const email = await subscribed({ search: "react", location: "pune" });
    await publish(
      { title: "React Developer" },
      { title: "Data Analyst" },
      { title: "React Lead", location: "Delhi" },
      { title: "Old React Job", ageDays: 40 },
    );
    const digests = await server.services.alerts.runDueAlerts();
    expect(digests.filter((d) => d.email === email)).toEqual([expect.objectContaining({ jobs: 1 })]);
    await deliver();
    const [digest, ...rest] = mailsTo(email);
    expect(rest).toEqual([]);
    expect(digest?.text).toContain("React Developer");
    expect(digest?.text).not.toMatch(/Data Analyst|React Lead|Old React Job/);
    expect(digest?.text).toContain(`See all jobs like these: ${server.url}/?search=react&location=pune`);
    expect(digest?.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${server.url}/alerts/unsubscribe/`));
    expect(digest?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([]);
    await deliver();
    expect(mailsTo(email)).toHaveLength(1);
  });

  test("a digest lists its best matches first, and newest first when the alert sorts by newest", async () => {
    const best = await subscribed({ search: "auditor" });
    const newest = await subscribed({ search: "auditor", sort: "newest" });
    await publish({ title: "Auditor" });
    await publish({ title: "Senior Payroll Auditor" });
    await server.services.alerts.runDueAlerts();
    await deliver();
    const order = (email: string) => {
      const text = mailsTo(email)[0]?.text ?? "";
      return ["Senior Payroll Auditor", "Auditor"].sort(
        (a, b) => text.search(new RegExp(`^${a} at `, "m")) - text.search(new RegExp(`^${b} at `, "m")),
      );
    };
    expect(order(best)).toEqual(["Auditor", "Senior Payroll Auditor"]);
    expect(order(newest)).toEqual(["Senior Payroll Auditor", "Auditor"]);
  });

  test("an alert for a misspelt search mails the new listings its corrected search shows, as the home page does", async () => {
    await publish({ title: "Haskell Engineer" });
    const email = await subscribed({ search: "haksell engineer" });
    const home = await api(server.url, "/api/jobs?search=haksell+engineer");
    expect(decodeURIComponent(home.headers.get("x-did-you-mean") ?? "")).toBe("haskell engineer");
    expect(home.headers.get("x-did-you-mean-applied")).toBe("true");
    await publish({ title: "Senior Haskell Engineer" }, { title: "Data Engineer" });
    await server.services.alerts.runDueAlerts();
    await deliver();
    const [digest, ...rest] = mailsTo(email);
    expect(rest).toEqual([]);
    expect(digest?.text).toContain("Senior Haskell Engineer");
    expect(digest?.text).not.toMatch(/Data Engineer|^Haskell Engineer at /m);
  });

  test("a listing approved after a digest, though created before it, is in the next digest, once", async () => {
    const email = await subscribed({ search: "kotlin" });
    const db = server.services.database.db;
    await publish({ title: "Kotlin Developer" });
    // Waiting for review: not published, so no digest may carry it yet.
    await db.update(jobs).set({ status: "pending" }).where(eq(jobs.title, "Kotlin Developer"));
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([]);
    await publish({ title: "Kotlin Lead" });
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([
      expect.objectContaining({ jobs: 1 }),
    ]);
    // The admin approves it now: created before the last digest, published after it.
    await db.update(jobs).set({ status: "published" }).where(eq(jobs.title, "Kotlin Developer"));
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([
      expect.objectContaining({ jobs: 1 }),
    ]);
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([]);
    await deliver();
    const [lead, developer, ...rest] = mailsTo(email);
    expect(rest).toEqual([]);
    expect(lead?.text).toContain("Kotlin Lead");
    expect(developer?.text).toContain("Kotlin Developer");
    expect(developer?.text).not.toContain("Kotlin Lead");
  });

  test("nothing is mailed before the confirmation link's button is pressed; a GET of it confirms nothing", async () => {
    const email = uniqueEmail("unconfirmed");
    await api(server.url, "/api/alerts", {
      method: "POST",
      body: { email, frequency: "instant", search: { search: "golang" } },
    });
    await deliver();
    const confirmUrl = link(mailsTo(email)[0] as ReceivedMail, "confirm");
    const page = await fetch(confirmUrl);
    expect(await page.text()).toContain("Confirm alert");
    await publish({ title: "Golang Engineer" });
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([]);
    const [row] = await server.services.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email));
    expect(row?.confirmedAt).toBeNull();
  });

  test("a forged or altered confirmation link is refused with a page, and confirms nothing", async () => {
    const response = await fetch(`${server.url}/alerts/confirm/eyJwIjoiY29uZmlybSJ9.AAAA`, { method: "POST" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This link does not work");
  });

  test("GET of the unsubscribe link changes nothing; the one-click POST unsubscribes and no more mail follows", async () => {
    const email = await subscribed({ search: "kotlin" });
    await publish({ title: "Kotlin Developer" });
    await server.services.alerts.runDueAlerts();
    await deliver();
    const unsubscribe = /<([^>]+)>/.exec(mailsTo(email)[0]?.headers["list-unsubscribe"] ?? "")?.[1] as string;

    const page = await fetch(unsubscribe);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Unsubscribe from this alert?");
    await publish({ title: "Kotlin Lead" });
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toHaveLength(1);

    const oneClick = await fetch(unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(200);
    await publish({ title: "Kotlin Architect" });
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([]);
  });

  test("a digest queued while SMTP is down arrives once after SMTP returns", async () => {
    const email = await subscribed({ search: "elixir" });
    await publish({ title: "Elixir Engineer" });
    await server.services.alerts.runDueAlerts();
    await smtp.stop();
    try {
      expect(await deliver()).toBe(0);
    } finally {
      await smtp.start();
    }
    await deliver();
    await deliver();
    expect(mailsTo(email).map((mail) => mail.headers.subject)).toEqual(["1 new job: elixir"]);
  });

  test("two instances running the digests and the sender at once mail one digest per alert", async () => {
    const email = await subscribed({ search: "haskell" });
    await publish({ title: "Haskell Engineer" });
    const { database, env } = server.services;
    // On PostgreSQL the second instance has a pool of its own on the same database, as a second process would.
    const result = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    const name = result.rows[0]?.name ?? "";
    const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://unused");
    url.pathname = `/${name}`;
    const second = engine === "postgres" ? connectPostgres(url.toString(), { max: 3 }) : database;
    try {
      const logger = createLogger(env);
      const other = createAlerts({
        db: second.db,
        env,
        jobs: createJobs({ db: second.db, env }),
        secret: "test-secret-test-secret-test-secret-1234",
        logger,
      });
      const runs = await Promise.all([server.services.alerts.runDueAlerts(), other.runDueAlerts()]);
      expect(runs.flat().filter((d) => d.email === email)).toHaveLength(1);
      const transports = [createTransport(smtp.url), createTransport(smtp.url)];
      await Promise.all([
        deliverDueMails({ db: database.db, env, logger, transport: transports[0] as Transporter }),
        deliverDueMails({ db: second.db, env, logger, transport: transports[1] as Transporter }),
      ]);
      for (const transport of transports) transport.close();
      expect(mailsTo(email).map((mail) => mail.headers.subject)).toEqual(["1 new job: haskell"]);
    } finally {
      if (second !== database) await second.close();
    }
  });

  test("with the in-process scheduler and sender running, an instant alert's mail arrives on its own", async () => {
    const email = await subscribed({ search: "erlang" });
    const { database, env } = server.services;
    const logger = createLogger(env);
    const scheduler = startAlertScheduler({ alerts: server.services.alerts, intervalSeconds: 1, logger });
    const sender = startMailSender({ db: database.db, env, logger, pollIntervalMs: 200 });
    try {
      await publish({ title: "Erlang Engineer" });
      await expect
        .poll(() => mailsTo(email).map((mail) => mail.headers.subject), { timeout: 15_000 })
        .toEqual(["1 new job: erlang"]);
    } finally {
      await scheduler.stop();
      await sender.stop();
    }
  });

  test("a suppressed address gets no more digests", async () => {
    const email = await subscribed({ search: "cobol" });
    await server.services.alerts.suppress({ email: email.toUpperCase() });
    await publish({ title: "Cobol Maintainer" });
    expect((await server.services.alerts.runDueAlerts()).filter((d) => d.email === email)).toEqual([]);
  });

  test("the manage page lists an address's alerts, changes a frequency, deletes one and then all", async () => {
    const email = await subscribed({ search: "scala" });
    await api(server.url, "/api/alerts", {
      method: "POST",
      body: { email, frequency: "weekly", search: { location: "Goa" } },
    });
    await publish({ title: "Scala Developer" });
    await server.services.alerts.runDueAlerts();
    await deliver();
    const digest = mailsTo(email).find((mail) => mail.headers.subject?.includes("scala"));
    const manage = link(digest as ReceivedMail, "manage");
    const page = await (await fetch(manage)).text();
    expect(page).toContain("Alerts mailed to " + email);
    expect(page).toContain("scala");
    expect(page).toContain("in Goa");
    const rows = await server.services.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email));
    const scala = rows.find((row) => row.search.search === "scala");
    const changed = await fetch(`${manage}${scala?.id}`, {
      method: "POST",
      body: new URLSearchParams({ frequency: "daily" }),
      redirect: "manual",
    });
    expect(changed.status).toBe(303);
    const [after] = await server.services.database.db
      .select()
      .from(jobAlerts)
      .where(eq(jobAlerts.id, scala?.id as string));
    expect(after?.frequency).toBe("daily");
    await fetch(`${manage}${scala?.id}/delete`, { method: "POST", redirect: "manual" });
    expect(await server.services.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email))).toHaveLength(
      1,
    );
    await fetch(`${manage}delete-all`, { method: "POST", redirect: "manual" });
    expect(await server.services.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email))).toHaveLength(
      0,
    );
  });

  test("a frequency change whose form cannot be read is a 400 page and changes nothing", async () => {
    const email = await subscribed({ search: "haskell" });
    await publish({ title: "Haskell Developer" });
    await server.services.alerts.runDueAlerts();
    await deliver();
    const manage = link(mailsTo(email)[0] as ReceivedMail, "manage");
    const [alert] = await server.services.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email));
    const broken = await fetch(`${manage}${alert?.id}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: JSON.stringify({ frequency: "daily" }),
      redirect: "manual",
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("The form could not be read");
    const notAForm = await fetch(`${manage}${alert?.id}`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "frequency=daily",
      redirect: "manual",
    });
    expect(notAForm.status).toBe(400);
    const [after] = await server.services.database.db
      .select()
      .from(jobAlerts)
      .where(eq(jobAlerts.id, alert?.id as string));
    expect(after?.frequency).toBe("instant");
  });

  test("an address may hold a limited number of alerts, and bad input is a 400 that stores nothing", async () => {
    const email = uniqueEmail("greedy");
    for (const search of ["a", "b", "c"]) {
      expect(
        (
          await api(server.url, "/api/alerts", {
            method: "POST",
            body: { email, frequency: "daily", search: { search } },
          })
        ).status,
      ).toBe(202);
    }
    const fourth = await api(server.url, "/api/alerts", {
      method: "POST",
      body: { email, frequency: "daily", search: { search: "d" } },
    });
    expect(fourth.status).toBe(409);
    expect(fourth.json.error.message).toContain("already has 3 alerts");
    const bad = await api(server.url, "/api/alerts", {
      method: "POST",
      body: { email: "nope", frequency: "hourly", search: { employmentType: "Forever" } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(["email", "frequency"]);
    const badSearch = await api(server.url, "/api/alerts", {
      method: "POST",
      body: { email: uniqueEmail(), frequency: "daily", search: { employmentType: "Forever" } },
    });
    expect(badSearch.status).toBe(400);
    expect(badSearch.json.error.fields).toHaveProperty("employmentType");
  });

  test("an unconfirmed alert whose link has expired no longer counts against the address, and the next pass deletes it", async () => {
    const email = await subscribed({ search: "kept" }, "daily");
    for (const search of ["x", "y"]) {
      expect(
        (
          await api(server.url, "/api/alerts", {
            method: "POST",
            body: { email, frequency: "daily", search: { search } },
          })
        ).status,
      ).toBe(202);
    }
    expect(
      (
        await api(server.url, "/api/alerts", {
          method: "POST",
          body: { email, frequency: "daily", search: { search: "z" } },
        })
      ).status,
    ).toBe(409);
    const { db } = server.services.database;
    await db
      .update(jobAlerts)
      .set({ createdAt: new Date(Date.now() - 49 * 60 * 60 * 1000) })
      .where(eq(jobAlerts.email, email));
    expect(
      (
        await api(server.url, "/api/alerts", {
          method: "POST",
          body: { email, frequency: "daily", search: { search: "z" } },
        })
      ).status,
    ).toBe(202);
    await server.services.alerts.runDueAlerts();
    const left = await db
      .select({ search: jobAlerts.search, confirmedAt: jobAlerts.confirmedAt })
      .from(jobAlerts)
      .where(eq(jobAlerts.email, email));
    expect(
      left.map((alert) => `${alert.search.search} ${alert.confirmedAt ? "confirmed" : "unconfirmed"}`).sort(),
    ).toEqual(["kept confirmed", "z unconfirmed"]);
  });
});

describe("job alert limits per client", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALERTS_RATE_LIMIT_MAX: "2" } });
  });
  afterAll(() => server?.close());

  test("a client may set up a limited number of alerts an hour, with a clear message", async () => {
    const body = () => ({ email: uniqueEmail(), frequency: "daily", search: {} });
    expect((await api(server.url, "/api/alerts", { method: "POST", body: body() })).status).toBe(202);
    expect((await api(server.url, "/api/alerts", { method: "POST", body: body() })).status).toBe(202);
    const third = await api(server.url, "/api/alerts", { method: "POST", body: body() });
    expect(third.status).toBe(429);
    expect(third.json.error.message).toContain("Please wait an hour");
    expect(third.headers.get("retry-after")).toBe("3600");
  });
});
