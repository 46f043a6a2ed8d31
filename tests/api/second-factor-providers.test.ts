import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "#server/db/schema.ts";
import { allowAppCallbacks, providerEnv, startOidcIssuer, type OidcIssuer } from "#tests/fakes/oidc-issuer.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { CookieJar, finishAtIssuer, startSignIn } from "#tests/support/oauth-browser.ts";
import { enrolSecondFactor, totp } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** The session cookie a second step's answer sets, as a Cookie header. */
const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

describe.each(engines)("two-step sign-in after a provider or a mailed link on %s", (engine) => {
  let issuer: OidcIssuer;
  let server: TestServer;

  beforeAll(async () => {
    issuer = await startOidcIssuer();
    server = await startTestServer({
      engine,
      pages: true,
      env: { ...providerEnv(issuer), ADMIN_REQUIRE_2FA: "true", REQUIRE_EMAIL_VERIFICATION: "true" },
    });
    allowAppCallbacks(issuer, server.url);
  });
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
  });

  const signInThroughIssuer = async (email: string, from?: string) => {
    const jar = new CookieJar();
    const atIssuer = await startSignIn(server, jar, "google", from);
    const back = await finishAtIssuer(
      jar,
      atIssuer.url,
      { email, name: "Provider user", decision: "allow" },
      server.url,
    );
    return { jar, url: back.url, cookie: jar.header(server.url) };
  };
  const sessionEmail = async (cookie: string) =>
    (await api(server.url, "/api/auth/get-session", { headers: { cookie } })).json?.user?.email ?? null;
  const secondStep = (path: string, code: string, cookie: string) =>
    fetch(`${server.url}/api/auth/two-factor/${path}`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json", cookie },
      body: JSON.stringify({ code }),
    });
  const adminPage = (cookie: string) => fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });

  /** An admin who signs in only through the issuer, with two-step sign-in turned on from that first session. */
  const enrolledProviderAdmin = async () => {
    const email = uniqueEmail("oidc-admin");
    const first = await signInThroughIssuer(email);
    const account: Session = { email, password: "", name: "Provider user", cookie: first.cookie, token: "" };
    const enrolled = await enrolSecondFactor(server.url, account);
    await server.services.moderation.setAdmin({ email, admin: true });
    return { email, ...enrolled };
  };

  test("an enrolled admin back from the OIDC issuer is sent for the code, with no session, admin API or admin page", async () => {
    const admin = await enrolledProviderAdmin();
    const back = await signInThroughIssuer(admin.email, "/admin");
    expect(back.url).toBe(`${server.url}/login?signin=second-step&from=${encodeURIComponent("/admin")}`);
    expect(await sessionEmail(back.cookie)).toBeNull();
    const queue = await api(server.url, "/api/admin/queue", { headers: { cookie: back.cookie } });
    // The admin surface answers a visitor with no session as it answers anyone who is not an admin.
    expect(queue.status).toBe(404);
    expect(queue.json).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    expect((await adminPage(back.cookie)).status).not.toBe(200);
  });

  test("a wrong code is refused, and the right one opens the admin API and pages", async () => {
    const admin = await enrolledProviderAdmin();
    const back = await signInThroughIssuer(admin.email, "/admin");
    expect((await secondStep("verify-totp", "000000", back.cookie)).status).toBe(401);
    const verified = await secondStep("verify-totp", totp(admin.secret, Date.now() + 30_000), back.cookie);
    expect(verified.status).toBe(200);
    const cookie = sessionCookieOf(verified);
    expect(await sessionEmail(cookie)).toBe(admin.email);
    expect((await api(server.url, "/api/admin/queue", { headers: { cookie } })).status).toBe(200);
    expect((await adminPage(cookie)).status).toBe(200);
  });

  test("a recovery code finishes a provider sign-in too", async () => {
    const admin = await enrolledProviderAdmin();
    const back = await signInThroughIssuer(admin.email);
    expect(back.url).toBe(`${server.url}/login?signin=second-step&from=${encodeURIComponent("/")}`);
    const used = await secondStep("verify-backup-code", admin.recoveryCodes[0]!, back.cookie);
    expect(used.status).toBe(200);
    expect(await sessionEmail(sessionCookieOf(used))).toBe(admin.email);
  });

  test("an employer with two-step sign-in is asked for the code after the provider as well", async () => {
    const email = uniqueEmail("oidc-employer");
    const first = await signInThroughIssuer(email);
    await enrolSecondFactor(server.url, { email, password: "", name: "Employer", cookie: first.cookie, token: "" });
    const back = await signInThroughIssuer(email);
    expect(back.url).toMatch(new RegExp(`^${server.url}/login\\?signin=second-step`));
    expect(await sessionEmail(back.cookie)).toBeNull();
  });

  test("a provider sign-in without two-step sign-in still starts its session at once", async () => {
    const email = uniqueEmail("oidc-plain");
    await signInThroughIssuer(email);
    const again = await signInThroughIssuer(email);
    expect(again.url).toBe(`${server.url}/login?signin=existing`);
    expect(await sessionEmail(again.cookie)).toBe(email);
  });

  test("a verification link signs an enrolled account in only after the code", async () => {
    const employer = await signUp(server.url, { name: "Unverified but careful" });
    const { secret } = await enrolSecondFactor(server.url, employer);
    const [mail] = await server.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, employer.email));
    const link = mail?.textBody.match(/https?:\/\/\S+verify-email\S+/)?.[0] ?? "";
    const followed = await fetch(link, { redirect: "manual" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toMatch(/^\/login\?signin=second-step&from=/);
    const cookie = sessionCookieOf(followed);
    expect(await sessionEmail(cookie)).toBeNull();
    const verified = await secondStep("verify-totp", totp(secret, Date.now() + 30_000), cookie);
    expect(verified.status).toBe(200);
    expect(await sessionEmail(sessionCookieOf(verified))).toBe(employer.email);
  });
});
