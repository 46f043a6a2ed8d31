import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs, mailOutbox } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor, totp } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

async function signIn(url: string, { email, password }: Session) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
}

async function secondStep(url: string, path: string, code: string, cookie: string) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json", cookie },
    body: JSON.stringify({ code }),
  });
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  return { status: response.status, cookie: session };
}

/** The code of the time step after the current one, which the board accepts too: one no sign-in has used yet. */
const nextTotp = (secret: string) => totp(secret, Date.now() + 30_000);

const CONFIRM_SUBJECT = "Confirm two-step sign-in for your admin account";

describe.each(engines)("two-step sign-in on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  let sender: { stop: () => Promise<void> };
  let owner: Session;
  let pendingId: string;

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({
      engine,
      pages: true,
      env: { MODERATION: "first", ADMIN_REQUIRE_2FA: "true", SMTP_URL: smtp.url },
    });
    const { db } = server.services.database;
    sender = startMailSender({ db, env: server.services.env, logger: server.services.logger, pollIntervalMs: 50 });
    owner = await signUp(server.url, { name: "Owner" });
    pendingId = (await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: owner })).json
      .insertedId;
  });
  afterAll(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.stop();
  });

  const confirmationsTo = async (email: string) =>
    server.services.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, CONFIRM_SUBJECT)));

  const newAdmin = async () => {
    const admin = await signUp(server.url, { name: "Admin" });
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    return admin;
  };
  const statusOf = async (id: string) =>
    (await server.services.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;

  test("an admin without a second factor gets 403 SECOND_FACTOR_REQUIRED from the admin API, and a decision changes nothing", async () => {
    const admin = await newAdmin();
    const queue = await api(server.url, "/api/admin/queue", { session: admin });
    expect(queue.status).toBe(403);
    expect(queue.json).toEqual({ error: { code: "SECOND_FACTOR_REQUIRED", message: expect.any(String) } });
    const approve = await api(server.url, `/api/admin/jobs/${pendingId}/approve`, {
      method: "POST",
      body: {},
      session: admin,
    });
    expect(approve.status).toBe(403);
    expect(approve.json.error.code).toBe("SECOND_FACTOR_REQUIRED");
    expect(await statusOf(pendingId)).toBe("pending");
  });

  test("an admin without a second factor is sent from every admin page to set one up", async () => {
    const admin = await newAdmin();
    for (const path of ["/admin", `/admin/jobs/${pendingId}`, "/admin/messages"]) {
      const page = await fetch(`${server.url}${path}`, { headers: { cookie: admin.cookie }, redirect: "manual" });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(`/account/security?from=${encodeURIComponent(path)}`);
    }
  });

  test("once enrolled, the admin API and pages open", async () => {
    const admin = await newAdmin();
    await enrolSecondFactor(server.url, admin);
    expect((await api(server.url, "/api/admin/queue", { session: admin })).status).toBe(200);
    const page = await fetch(`${server.url}/admin`, { headers: { cookie: admin.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
  });

  test("an admin's listing skips review only once the admin has a second factor: with a password alone it waits like anyone's", async () => {
    const admin = await newAdmin();
    const post = async () =>
      (await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: admin })).json
        .insertedId as string;
    expect(await statusOf(await post())).toBe("pending");
    await enrolSecondFactor(server.url, admin);
    expect(await statusOf(await post())).toBe("published");
  });

  test("a password sign-in of an enrolled account starts no session until the code is given", async () => {
    const employer = await signUp(server.url, { name: "Careful employer" });
    const { secret } = await enrolSecondFactor(server.url, employer);
    const first = await signIn(server.url, employer);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect((await api(server.url, "/api/auth/get-session", { headers: { cookie: first.cookie } })).json).toBeNull();

    expect((await secondStep(server.url, "/api/auth/two-factor/verify-totp", "000000", first.cookie)).status).toBe(401);
    const second = await secondStep(server.url, "/api/auth/two-factor/verify-totp", nextTotp(secret), first.cookie);
    expect(second.status).toBe(200);
    const session = await api(server.url, "/api/auth/get-session", { headers: { cookie: second.cookie } });
    expect(session.json.user.email).toBe(employer.email);
  });

  test("an admin granted before enrolling, who set up the second factor with the password session alone, opens the admin API only once the link mailed to the address is followed", async () => {
    const admin = await newAdmin();
    await enrolSecondFactor(server.url, admin, { confirmByMail: false });
    const before = await api(server.url, "/api/admin/queue", { session: admin });
    expect(before.status).toBe(403);
    expect(before.json.error.code).toBe("SECOND_FACTOR_REQUIRED");

    const [mail] = await smtp.waitForMails(admin.email, CONFIRM_SUBJECT);
    const link = /http\S+confirm-second-factor\S+/.exec(mail?.text ?? "")?.[0] ?? "";
    expect(link.startsWith(`${server.url}/api/auth/confirm-second-factor?token=`)).toBe(true);
    const followed = await fetch(link, { redirect: "manual" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/account/security?confirmed");
    expect((await api(server.url, "/api/admin/queue", { session: admin })).status).toBe(200);
    // Good once.
    expect((await fetch(link, { redirect: "manual" })).headers.get("location")).toBe("/account/security?link=expired");
  });

  test("the security page tells an admin whose second factor waits for the mailed link to check the mail", async () => {
    const admin = await newAdmin();
    await enrolSecondFactor(server.url, admin, { confirmByMail: false });
    const page = await fetch(`${server.url}/account/security`, { headers: { cookie: admin.cookie } });
    // React puts a comment between a text and the address it is followed by.
    const text = (await page.text()).replaceAll("<!-- -->", "");
    expect(text).toContain(`Admin pages open once you follow the link we mailed to ${admin.email}`);
  });

  test("an account that had its second factor before the grant opens the admin API at once, and is mailed no link", async () => {
    const employer = await signUp(server.url, { name: "Enrolled first" });
    await enrolSecondFactor(server.url, employer, { confirmByMail: false });
    await server.services.moderation.setAdmin({ email: employer.email, admin: true });
    expect((await api(server.url, "/api/admin/queue", { session: employer })).status).toBe(200);
    expect(await confirmationsTo(employer.email)).toEqual([]);
  });

  test("a TOTP code signs in once: the same code is refused at a second sign-in, and the next code works", async () => {
    const employer = await signUp(server.url, { name: "One code" });
    // Early in a time step, so the previous, current and next steps' codes all stay accepted while the test runs.
    if (Date.now() % 30_000 > 20_000)
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000)));
    const now = Date.now();
    const enabled = await api(server.url, "/api/auth/two-factor/enable", {
      method: "POST",
      body: { password: employer.password },
      session: employer,
    });
    const secret = new URL(enabled.json.totpURI).searchParams.get("secret") ?? "";
    const enrolled = await api(server.url, "/api/auth/two-factor/verify-totp", {
      method: "POST",
      body: { code: totp(secret, now - 30_000) },
      session: employer,
    });
    expect(enrolled.status).toBe(200);

    const code = totp(secret, now);
    const first = await signIn(server.url, employer);
    expect((await secondStep(server.url, "/api/auth/two-factor/verify-totp", code, first.cookie)).status).toBe(200);
    const again = await signIn(server.url, employer);
    const replayed = await secondStep(server.url, "/api/auth/two-factor/verify-totp", code, again.cookie);
    expect(replayed.status).toBe(401);
    expect(replayed.cookie).not.toContain("session_token");
    const fresh = await secondStep(
      server.url,
      "/api/auth/two-factor/verify-totp",
      totp(secret, now + 30_000),
      again.cookie,
    );
    expect(fresh.status).toBe(200);
  });

  test("the code that turned two-step sign-in on does not sign in again", async () => {
    const employer = await signUp(server.url, { name: "Enrolment code" });
    const enabled = await api(server.url, "/api/auth/two-factor/enable", {
      method: "POST",
      body: { password: employer.password },
      session: employer,
    });
    const secret = new URL(enabled.json.totpURI).searchParams.get("secret") ?? "";
    const code = totp(secret);
    const confirmed = await api(server.url, "/api/auth/two-factor/verify-totp", {
      method: "POST",
      body: { code },
      session: employer,
    });
    expect(confirmed.status).toBe(200);
    const signingIn = await signIn(server.url, employer);
    expect((await secondStep(server.url, "/api/auth/two-factor/verify-totp", code, signingIn.cookie)).status).toBe(401);
  });

  test("ten wrong codes lock the second step, and the refusal says the lock's real length, not 60 seconds", async () => {
    const employer = await signUp(server.url, { name: "Fumbling" });
    const { secret } = await enrolSecondFactor(server.url, employer);
    const wrong = totp(secret) === "123456" ? "654321" : "123456";
    // The plugin allows five codes per sign-in and locks the account after ten wrong ones in a row.
    for (let signInNumber = 0; signInNumber < 2; signInNumber++) {
      const challenge = await signIn(server.url, employer);
      for (let attempt = 0; attempt < 5; attempt++)
        await secondStep(server.url, "/api/auth/two-factor/verify-totp", wrong, challenge.cookie);
    }
    const challenge = await signIn(server.url, employer);
    const locked = await fetch(`${server.url}/api/auth/two-factor/verify-totp`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json", cookie: challenge.cookie },
      body: JSON.stringify({ code: nextTotp(secret) }),
    });
    expect(locked.status).toBe(429);
    const seconds = Number(locked.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(((await locked.json()) as { message: string }).message).toContain("Try again in 15 minutes.");
  });

  test("a recovery code signs in once", async () => {
    const employer = await signUp(server.url, { name: "Lost phone" });
    const { recoveryCodes } = await enrolSecondFactor(server.url, employer);
    expect(recoveryCodes).toHaveLength(10);
    const code = recoveryCodes[0]!;
    const first = await signIn(server.url, employer);
    const used = await secondStep(server.url, "/api/auth/two-factor/verify-backup-code", code, first.cookie);
    expect(used.status).toBe(200);
    expect((await api(server.url, "/api/auth/get-session", { headers: { cookie: used.cookie } })).json.user.email).toBe(
      employer.email,
    );
    const again = await signIn(server.url, employer);
    expect((await secondStep(server.url, "/api/auth/two-factor/verify-backup-code", code, again.cookie)).status).toBe(
      401,
    );
  });

  test("turning it off needs the password, and then sign-in asks for no code", async () => {
    const employer = await signUp(server.url, { name: "Changed mind" });
    await enrolSecondFactor(server.url, employer);
    const wrong = await api(server.url, "/api/auth/two-factor/disable", {
      method: "POST",
      body: { password: "not the password" },
      session: employer,
    });
    expect(wrong.status).toBe(400);
    const off = await api(server.url, "/api/auth/two-factor/disable", {
      method: "POST",
      body: { password: employer.password },
      session: employer,
    });
    expect(off.status).toBe(200);
    expect((await signIn(server.url, employer)).body).not.toHaveProperty("twoFactorRedirect");
  });
});

describe("with ADMIN_REQUIRE_2FA=false", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: true, env: { ADMIN_REQUIRE_2FA: "false" } });
  });
  afterAll(() => server.close());

  test("an admin with a password alone opens the admin API and pages, as before", async () => {
    const admin = await signUp(server.url, { name: "Admin" });
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    expect((await api(server.url, "/api/admin/queue", { session: admin })).status).toBe(200);
    const page = await fetch(`${server.url}/admin`, { headers: { cookie: admin.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
  });
});
