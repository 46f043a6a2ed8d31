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

  async function apply(email: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Ravi Kumar", email, consent: "on" })) form.set(name, value);
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
});
