import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const linkIn = (body: string) => body.match(/https?:\/\/\S+verify-email\S+/)?.[0] ?? "";

describe.each(engines)("email verification on %s", (engine) => {
  let server: TestServer;
  const db = () => server.services.database.db;
  const mailsTo = (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
  const post = async (session: Session, jobTitle: string) =>
    (
      await api(server.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle, postingDate: new Date().toISOString().slice(0, 10) }),
        session,
      })
    ).json;
  const searchTitles = async (text: string) =>
    ((await api(server.url, `/api/jobs?search=${encodeURIComponent(text)}`)).json as { jobTitle: string }[]).map(
      (job) => job.jobTitle,
    );

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      pages: true,
      env: {
        REQUIRE_EMAIL_VERIFICATION: "true",
        MODERATION: "off",
        ACCOUNT_MAIL_RATE_LIMIT_MAX: "2",
        ADMIN_EMAILS: "verify-admin@jobboard.test",
      },
    });
  });
  afterAll(() => server.close());

  test("sign-up puts one verification mail in the outbox, with better-auth's link", async () => {
    const employer = await signUp(server.url, { name: "Fresh" });
    const mails = await mailsTo(employer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Verify your email address");
    expect(linkIn(mails[0]?.textBody ?? "")).toMatch(new RegExp(`^${server.url}/api/auth/verify-email\\?token=`));
  });

  test("an unverified employer's listing is not published and My Listings says why; the verify link publishes it", async () => {
    const employer = await signUp(server.url, { name: "Unverified" });
    const posted = await post(employer, "Held until verified");
    expect(posted.status).toBe("pending");
    expect(await searchTitles("Held until verified")).toEqual([]);
    const mine = await fetch(`${server.url}/my-job`, { headers: { cookie: employer.cookie } }).then((r) => r.text());
    expect(mine).toContain("Not published until you verify your email address");
    expect(mine).toContain("Resend the mail");
    // Nothing for an admin to review yet: the address comes first.
    const admin = await signUp(server.url, { name: "Admin" });
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    await enrolSecondFactor(server.url, admin);
    const queue = await api(server.url, "/api/admin/queue", { session: admin });
    expect(queue.json.map((item: { id: string }) => item.id)).not.toContain(posted.insertedId);

    const [mail] = await mailsTo(employer.email);
    const verified = await fetch(linkIn(mail?.textBody ?? ""), { redirect: "manual" });
    expect(verified.status).toBeLessThan(400);
    expect(await searchTitles("Held until verified")).toEqual(["Held until verified"]);
    const after = await fetch(`${server.url}/my-job`, { headers: { cookie: employer.cookie } }).then((r) => r.text());
    expect(after).not.toContain("Resend the mail");
  });

  test("a verify link that is not better-auth's changes nothing", async () => {
    const employer = await signUp(server.url, { name: "Forger" });
    await post(employer, "Forged verification");
    await fetch(`${server.url}/api/auth/verify-email?token=forged.token.value`, { redirect: "manual" });
    expect(await searchTitles("Forged verification")).toEqual([]);
  });

  test("Resend the mail sends another one, and is rate limited", async () => {
    const employer = await signUp(server.url, { name: "Resender" });
    const resend = () =>
      fetch(`${server.url}/api/auth/send-verification-email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, cookie: employer.cookie },
        body: JSON.stringify({ email: employer.email, callbackURL: "/my-job" }),
      });
    expect((await resend()).status).toBe(200);
    expect(await mailsTo(employer.email)).toHaveLength(2);
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(429);
    expect(await mailsTo(employer.email)).toHaveLength(3);
  });

  test("with SMTP down, the verification and password reset mails each arrive exactly once when it is back, with two senders running", async () => {
    const smtp = await FakeSmtp.start();
    await smtp.stop();
    const mailed = await startTestServer({ engine, env: { REQUIRE_EMAIL_VERIFICATION: "true", SMTP_URL: smtp.url } });
    try {
      const email = uniqueEmail("outage");
      await signUp(mailed.url, { email });
      const reset = await api(mailed.url, "/api/auth/request-password-reset", {
        method: "POST",
        body: { email, redirectTo: "/reset-password" },
      });
      expect(reset.status).toBe(200);
      const first = startMailSender({
        db: mailed.services.database.db,
        env: mailed.services.env,
        logger: mailed.services.logger,
        pollIntervalMs: 50,
        retryBaseMs: 50,
      });
      const second = startMailSender({
        db: mailed.services.database.db,
        env: mailed.services.env,
        logger: mailed.services.logger,
        pollIntervalMs: 50,
        retryBaseMs: 50,
      });
      try {
        const outbox = mailed.services.database.db;
        await waitFor(
          async () =>
            (
              await outbox
                .select()
                .from(mailOutbox)
                .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.attempts, 0)))
            ).length === 0,
          "a failed attempt",
        );
        await smtp.start();
        await waitFor(
          async () => (await outbox.select().from(mailOutbox).where(eq(mailOutbox.status, "pending"))).length === 0,
          "delivery",
        );
      } finally {
        await Promise.all([first.stop(), second.stop()]);
      }
      const received = smtp.mails.filter((mail) => mail.envelopeTo.includes(email));
      expect(received.map((mail) => mail.headers.subject).sort()).toEqual([
        "Reset your password",
        "Verify your email address",
      ]);
      expect(received.find((mail) => mail.headers.subject === "Verify your email address")?.text).toContain(
        "/api/auth/verify-email?token=",
      );
      expect(received.find((mail) => mail.headers.subject === "Reset your password")?.text).toContain(
        "/api/auth/reset-password/",
      );
    } finally {
      await mailed.close();
      await smtp.stop();
    }
  });
});

describe("email verification with MODERATION=first", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { REQUIRE_EMAIL_VERIFICATION: "true", MODERATION: "first", ADMIN_EMAILS: "first-admin@jobboard.test" },
    });
  });
  afterAll(() => server.close());

  test("once verified, a newcomer's held listing goes to review and the admins are mailed then, not before", async () => {
    const employer = await signUp(server.url, { name: "Newcomer" });
    const { json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: "Verified then reviewed" }),
      session: employer,
    });
    expect(json).toMatchObject({ status: "pending", awaitingVerification: true });
    const adminMails = () =>
      server.services.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, "first-admin@jobboard.test"));
    expect(await adminMails()).toHaveLength(0);
    const [mail] = await server.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, employer.email));
    await fetch(linkIn(mail?.textBody ?? ""), { redirect: "manual" });
    const mine = await api(server.url, `/api/myJobs/${encodeURIComponent(employer.email)}`, { session: employer });
    expect(mine.json[0]).toMatchObject({ _id: json.insertedId, status: "pending", statusReason: null });
    expect((await adminMails()).map((m) => m.subject)).toEqual([
      "Waiting for review: Verified then reviewed at Acme Widgets",
    ]);
  });
});
