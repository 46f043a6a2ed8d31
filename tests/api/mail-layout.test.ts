import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startMailSender } from "#server/mail.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let smtp: FakeSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await FakeSmtp.start();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      SITE_NAME: "Acme Careers",
      REQUIRE_EMAIL_VERIFICATION: "true",
      ALERTS_SCHEDULER: "false",
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

/** Delivers the outbox once through a real SMTP server, and returns what reached `to`. */
async function deliveredTo(to: string) {
  const sender = startMailSender({
    db: server.services.database.db,
    env: server.services.env,
    logger: server.services.logger,
    pollIntervalMs: 50,
  });
  try {
    await expect.poll(() => smtp.mails.filter((mail) => mail.envelopeTo.includes(to)).length).toBeGreaterThan(0);
  } finally {
    await sender.stop();
  }
  return smtp.mails.filter((mail) => mail.envelopeTo.includes(to));
}

test("an account mail comes from the board's name, signed with it, with an HTML part in the board's layout", async () => {
  const email = uniqueEmail("layout");
  await signUp(server.url, { email, name: "Layout Reader" });
  const [mail] = await deliveredTo(email);
  expect(mail?.headers.from).toBe("Acme Careers <no-reply@127.0.0.1>");
  expect(mail?.headers.subject).toBe("Verify your email address");
  expect(mail?.text).toMatch(/\n-- \nAcme Careers, http:\/\/127\.0\.0\.1:\d+$/);
  expect(mail?.text).not.toContain("Job Board");
  expect(mail?.html).toContain(`>Acme Careers</a>`);
  expect(mail?.html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[^"]+"/);
  expect(mail?.html).not.toContain("Job Board");
});

test("a verification mail to an address someone typed greets their typed name as plain text, never as a link", async () => {
  const email = uniqueEmail("named-link");
  await signUp(server.url, { email, name: 'Mallory <a href="https://evil.test/phish">claim</a> https://evil.test' });
  const [mail] = await deliveredTo(email);
  expect(mail?.text).toMatch(/^Hello Mallory claim,\n/);
  expect(mail?.html).not.toContain("evil.test");
  expect(mail?.text).not.toContain("evil.test");
});

test("an alert digest shows salaries as the site does, grouped the Indian way with the rupee sign", async () => {
  const seeker = "digest-reader@example.com";
  const subscribed = await api(server.url, "/api/alerts", {
    method: "POST",
    body: { email: seeker, frequency: "instant", search: { search: "Digest salary" } },
  });
  expect(subscribed.status).toBe(202);
  const [confirmation] = await deliveredTo(seeker);
  const confirmUrl = confirmation?.text.match(/Confirm the alert: (\S+)/)?.[1] ?? "";
  expect((await fetch(confirmUrl, { method: "POST", redirect: "manual" })).status).toBeLessThan(400);
  const employer = await signUp(server.url);
  await server.services.database.db.execute(
    // Trusted and verified, so the listing publishes at once and the digest can carry it.
    sql`UPDATE "user" SET email_verified = true, trusted_at = now() WHERE email = ${employer.email}`,
  );
  const posted = await api(server.url, "/api/post-job", {
    method: "POST",
    session: employer,
    body: validJob({
      jobTitle: "Digest salary analyst",
      minPrice: "1200000",
      maxPrice: "1800000",
      salaryType: "Yearly",
    }),
  });
  expect(posted.status).toBe(201);
  await server.services.alerts.runDueAlerts({ now: new Date(Date.now() + 60_000) });
  smtp.mails.length = 0;
  const [digest] = await deliveredTo(seeker);
  expect(digest?.text).toContain("Digest salary analyst");
  expect(digest?.text).toContain("₹12,00,000 - ₹18,00,000 / Yearly");
  expect(digest?.text).not.toContain("1200000");
  expect(digest?.html).toContain("₹12,00,000 - ₹18,00,000 / Yearly");
});
