import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
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

describe.each(engines)("two-step sign-in on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let pendingId: string;

  beforeAll(async () => {
    server = await startTestServer({ engine, pages: true, env: { MODERATION: "first", ADMIN_REQUIRE_2FA: "true" } });
    owner = await signUp(server.url, { name: "Owner" });
    pendingId = (await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: owner })).json
      .insertedId;
  });
  afterAll(() => server.close());

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
    const second = await secondStep(server.url, "/api/auth/two-factor/verify-totp", totp(secret), first.cookie);
    expect(second.status).toBe(200);
    const session = await api(server.url, "/api/auth/get-session", { headers: { cookie: second.cookie } });
    expect(session.json.user.email).toBe(employer.email);
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
