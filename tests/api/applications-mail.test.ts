import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { pdfBytes } from "#tests/support/cv-files.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(engines)("application mail through the outbox on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  let owner: Session;
  let jobId: string;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({ engine, env: { SMTP_URL: smtp.url, APPLICATION_RATE_LIMIT_MAX: "100" } });
    owner = await signUp(server.url, { name: "Owner" });
    const { json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: "Support Engineer", applyMethod: "board" }),
      session: owner,
    });
    jobId = json.insertedId;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  async function apply(email: string, name = "Ravi Kumar") {
    const form = new FormData();
    for (const [field, value] of Object.entries({ name, email, consent: "on" })) form.set(field, value);
    form.set("cv", new Blob([new Uint8Array(pdfBytes())]), "ravi.pdf");
    return fetch(`${server.url}/api/jobs/${jobId}/applications`, { method: "POST", body: form });
  }

  test("while SMTP is down applications are taken, and once it is back each confirmation and notice arrives exactly once", async () => {
    await smtp.stop();
    const sender = startMailSender({
      db: server.services.database.db,
      env: server.services.env,
      logger: server.services.logger,
      pollIntervalMs: 50,
      retryBaseMs: 100,
      retryMaxMs: 400,
    });
    try {
      const applicants = ["one@example.com", "two@example.com", "three@example.com"];
      for (const email of applicants) expect((await apply(email)).status).toBe(201);
      const rows = () => server.services.database.db.select().from(mailOutbox);
      await waitFor(async () => (await rows()).every((row) => row.attempts >= 2 && row.lastError), "failed attempts");
      expect(smtp.mails).toHaveLength(0);

      await smtp.start();
      await waitFor(async () => (await rows()).every((row) => row.status === "sent"), "every mail sent");
      const subjects = smtp.mails.map((mail) => `${mail.envelopeTo.join(",")} ${mail.headers.subject}`).sort();
      expect(subjects).toEqual(
        [
          ...applicants.map((email) => `${email} Your application for Support Engineer at ${validJob().companyName}`),
          ...applicants.map(() => `${owner.email} New application for Support Engineer`),
        ].sort(),
      );
      expect(new Set(smtp.mails.map((mail) => mail.headers["message-id"])).size).toBe(smtp.mails.length);
    } finally {
      await sender.stop();
    }
  });

  test("an applicant's name reaches no mail as markup or a link, and the applicant's mail is plain text only", async () => {
    const victim = "someone.else@example.com";
    const name = 'Mallory <a href="https://evil.test/win">Claim</a> https://evil.test/x www.evil.test evil.test';
    expect((await apply(victim, name)).status).toBe(201);
    const sender = startMailSender({
      db: server.services.database.db,
      env: server.services.env,
      logger: server.services.logger,
      pollIntervalMs: 50,
    });
    const arrived = (to: string) =>
      smtp.mails.find((mail) => mail.envelopeTo.includes(to) && /Mallory/.test(mail.text));
    try {
      await waitFor(() => Boolean(arrived(victim) && arrived(owner.email)), "both mails");
    } finally {
      await sender.stop();
    }
    const toApplicant = arrived(victim);
    // The address was typed by whoever sent the form: no HTML part, so the board's layout lends it nothing.
    expect(toApplicant?.html).toBeUndefined();
    expect(toApplicant?.headers["content-type"]).toMatch(/^text\/plain/);
    expect(toApplicant?.text).toMatch(/^Hello Mallory Claim,\n/);
    const notice = arrived(owner.email);
    expect(notice?.text).toMatch(/^Mallory Claim applied for Support Engineer/);
    expect(notice?.html).toContain("Mallory Claim applied for Support Engineer");
    for (const part of [toApplicant?.text, notice?.text, notice?.html]) {
      expect(part).toBeDefined();
      expect(part).not.toMatch(/evil|https:|&lt;/);
    }
  });
});
