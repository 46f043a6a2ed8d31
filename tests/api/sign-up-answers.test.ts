import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { user } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail } from "#tests/support/factories.ts";
import { signUp } from "#tests/support/http.ts";
import { challengeHeaders } from "#tests/support/pow.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const TAKEN_SUBJECT = "Someone tried to create an account with your address";

let ipCounter = 0;
/** Each no-script visitor speaks from an address of their own, so one test's sign-ups do not count against another's. */
const freshIp = () => `203.0.113.${++ipCounter}`;

describe.each(engines)("sign-up of an address that has an account, on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  let sender: { stop: () => Promise<void> };

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, TRUSTED_PROXY_HEADER: "x-forwarded-for", NO_SCRIPT_SIGN_UP_MAX: "2" },
    });
    const { db } = server.services.database;
    sender = startMailSender({ db, env: server.services.env, logger: server.services.logger, pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.stop();
  });

  const signUpByApi = async (email: string, password = "another long password") => {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.url,
        ...(await challengeHeaders(server.url, "POST", "/api/auth/sign-up/email")),
      },
      body: JSON.stringify({ email, password, name: "Someone" }),
    });
    const body = (await response.json()) as { token: unknown; user: Record<string, unknown> };
    return { status: response.status, body, cookies: response.headers.getSetCookie() };
  };
  const signUpByForm = (email: string, ip = freshIp()) =>
    fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, origin: server.url },
      body: new URLSearchParams({
        website: "",
        terms: "yes",
        intent: "sign-up",
        name: "",
        email,
        password: "another long password",
        from: "/post-job",
      }),
    });
  const accountsOf = async (email: string) =>
    (await server.services.database.db.select({ n: count() }).from(user).where(eq(user.email, email)))[0]?.n ?? 0;

  test("the JSON sign-up answers a taken address exactly as a new one: 200, the same fields, no token and no cookie", async () => {
    const owner = await signUp(server.url, { name: "Owner" });
    const taken = await signUpByApi(owner.email);
    const fresh = await signUpByApi(uniqueEmail("fresh"));
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(taken.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(taken.body.token).toBeNull();
    expect(fresh.body.token).toBeNull();
    expect(taken.cookies).toEqual([]);
    expect(fresh.cookies).toEqual([]);
  });

  test("the owner of a taken address is mailed to sign in or choose a new password, and no account is added", async () => {
    const owner = await signUp(server.url, { name: "Mailed owner" });
    await signUpByApi(owner.email);
    const [mail] = await smtp.waitForMails(owner.email, TAKEN_SUBJECT);
    expect(mail?.text).toContain(`${server.url}/login`);
    expect(mail?.text).toContain(`${server.url}/forgot-password`);
    expect(await accountsOf(owner.email)).toBe(1);
  });

  test("a no-script sign-up of a taken address says to check the mail, starts no session, and mails the owner", async () => {
    const owner = await signUp(server.url, { name: "Form owner" });
    const sent = await signUpByForm(owner.email);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/login?signup=mailed&from=%2Fpost-job");
    expect(sent.headers.getSetCookie().filter((cookie) => cookie.includes("session_token="))).toEqual([]);
    await smtp.waitForMails(owner.email, TAKEN_SUBJECT);
  });

  test("sign-ups sent without scripts, which solve no proof of work, are held to NO_SCRIPT_SIGN_UP_MAX per address", async () => {
    const ip = freshIp();
    const [first, second, third] = [uniqueEmail("nojs"), uniqueEmail("nojs"), uniqueEmail("nojs")];
    expect((await signUpByForm(first, ip)).headers.get("location")).toContain("signup=sent");
    expect((await signUpByForm(second, ip)).headers.get("location")).toContain("signup=sent");
    const limited = await signUpByForm(third, ip);
    expect(limited.headers.get("location")).toBe("/login?signup=limited&from=%2Fpost-job");
    expect(await accountsOf(third)).toBe(0);
    // Another address is not held by this one's sign-ups.
    expect((await signUpByForm(uniqueEmail("nojs"))).headers.get("location")).toContain("signup=sent");
  });
});
