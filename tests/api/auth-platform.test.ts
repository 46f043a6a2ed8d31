import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { account, user } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const signIn = (server: TestServer, email: string, password: string, headers: Record<string, string> = {}) =>
  api(server.url, "/api/auth/sign-in/email", { method: "POST", body: { email, password }, headers });

const signUpRaw = (server: TestServer) =>
  api(server.url, "/api/auth/sign-up/email", {
    method: "POST",
    body: { email: uniqueEmail("limit"), password: "correct horse battery", name: "Limit" },
  });

describe.each(engines)("auth platform on %s", (engine) => {
  let server: TestServer;
  let member: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    member = await signUp(server.url, { name: "Member" });
  });
  afterAll(() => server.close());

  test("the stored password is an scrypt hash at OWASP's minimum cost (N=2^17, r=8, p=1), never the password", async () => {
    const db = server.services.database.db;
    const [found] = await db.select().from(user).where(eq(user.email, member.email));
    const [credential] = await db
      .select()
      .from(account)
      .where(eq(account.userId, found?.id ?? ""));
    expect(credential?.providerId).toBe("credential");
    const [scheme, n, r, p, salt, key] = (credential?.password ?? "").split("$");
    expect({ scheme, n: Number(n), r: Number(r), p: Number(p) }).toEqual({ scheme: "scrypt", n: 2 ** 17, r: 8, p: 1 });
    expect(Buffer.from(salt ?? "", "base64").length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(key ?? "", "base64").length).toBeGreaterThanOrEqual(32);
    expect(credential?.password).not.toContain(member.password);
  });

  test("two users with the same password get different hashes", async () => {
    const twin = await signUp(server.url, { password: member.password });
    const db = server.services.database.db;
    const hashes = await Promise.all(
      [member.email, twin.email].map(async (email) => {
        const [found] = await db.select().from(user).where(eq(user.email, email));
        const [credential] = await db
          .select()
          .from(account)
          .where(eq(account.userId, found?.id ?? ""));
        return credential?.password;
      }),
    );
    expect(hashes[0]).not.toBe(hashes[1]);
  });

  test("signing in with the right password starts a session that the API accepts", async () => {
    const { status, headers, json } = await signIn(server, member.email, member.password);
    expect(status).toBe(200);
    expect(json.user.email).toBe(member.email);
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toMatch(/session_token=/);
    const session = await api(server.url, "/api/auth/get-session", { headers: { cookie } });
    expect(session.json.user.email).toBe(member.email);
    const mine = await api(server.url, `/api/myJobs/${encodeURIComponent(member.email)}`, { headers: { cookie } });
    expect(mine.status).toBe(200);
  });

  test("the session cookie is HttpOnly", async () => {
    const { headers } = await signIn(server, member.email, member.password);
    const sessionCookie = headers.getSetCookie().find((c) => /session_token=/.test(c));
    expect(sessionCookie).toMatch(/HttpOnly/i);
  });

  test("signing in returns a bearer token in set-auth-token that the API accepts", async () => {
    const { headers } = await signIn(server, member.email, member.password);
    const token = headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const posted = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(posted.status).toBe(201);
  });

  test("signing in with a wrong password is refused without a session", async () => {
    const { status, headers } = await signIn(server, member.email, "not the password");
    expect(status).toBe(401);
    expect(headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c))).toBe(false);
  });

  test("signing in as an unknown email is refused the same way as a wrong password", async () => {
    const unknown = await signIn(server, uniqueEmail("nobody"), "whatever password");
    const wrong = await signIn(server, member.email, "whatever password");
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  test("signing up twice with one email answers as a new sign-up but changes nothing: still one user and one account, and the first password still works", async () => {
    const db = server.services.database.db;
    // The same answer as for a new address, so sign-up does not say who has an account (issue 71).
    const { status } = await api(server.url, "/api/auth/sign-up/email", {
      method: "POST",
      body: { email: member.email, password: "another long password", name: "Again" },
    });
    expect(status).toBe(200);
    const users = await db.select().from(user).where(eq(user.email, member.email));
    expect(users.map((row) => row.name)).toEqual(["Member"]);
    expect(
      await db
        .select()
        .from(account)
        .where(eq(account.userId, users[0]?.id ?? "")),
    ).toHaveLength(1);
    expect((await signIn(server, member.email, member.password)).status).toBe(200);
    expect((await signIn(server, member.email, "another long password")).status).toBe(401);
  });

  test("a password shorter than 8 characters is refused at sign-up", async () => {
    const { status } = await api(server.url, "/api/auth/sign-up/email", {
      method: "POST",
      body: { email: uniqueEmail(), password: "short", name: "Short" },
    });
    expect(status).toBe(400);
  });
});

describe.each(engines)("auth rate limits on %s", (engine) => {
  const LIMIT = 3;
  const servers: TestServer[] = [];

  async function limitedServer(env: Record<string, string> = {}) {
    const server = await startTestServer({ engine, env: { AUTH_RATE_LIMIT_MAX: String(LIMIT), ...env } });
    servers.push(server);
    return server;
  }

  afterAll(() => Promise.all(servers.map((server) => server.close())));

  /**
   * Uses up the sign-in allowance of the caller identified by `headers`. Every attempt counts, even a
   * malformed one; malformed ones are used because they skip the deliberately slow password hash.
   */
  async function exhaustSignIn(server: TestServer, headers: Record<string, string> = {}) {
    for (let i = 0; i < LIMIT; i++) {
      const { status } = await signIn(server, "not-an-email", "wrong password", headers);
      expect(status).toBe(400);
    }
  }

  test("sign-in attempts beyond the limit from one client are refused with 429", async () => {
    const server = await limitedServer();
    await exhaustSignIn(server);
    const { status, headers } = await signIn(server, "someone@example.com", "wrong password");
    expect(status).toBe(429);
    expect(Number(headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a rate-limited auth answer uses the one JSON error shape", async () => {
    const server = await limitedServer();
    await exhaustSignIn(server);
    const { status, json } = await api(server.url, "/api/auth/sign-in/email", {
      method: "POST",
      body: { email: "someone@example.com", password: "wrong password" },
    });
    expect(status).toBe(429);
    expect(json.error.code).toBe("RATE_LIMITED");
    expect(json.error.message).toMatch(/Try again in \d+ seconds/);
  });

  test("a rate-limited client cannot sign in even with the right password", async () => {
    const server = await limitedServer();
    const member = await signUp(server.url);
    // Signing up signed the member in too, which counted: the rest of the allowance goes on malformed attempts.
    for (let i = 0; i < LIMIT; i++) {
      const { status } = await signIn(server, "not-an-email", "wrong password");
      if (status === 429) break;
      expect(status).toBe(400);
    }
    const { status } = await signIn(server, member.email, member.password);
    expect(status).toBe(429);
  });

  test("sign-up attempts beyond the limit from one client are refused with 429 and create no user", async () => {
    const server = await limitedServer();
    for (let i = 0; i < LIMIT; i++) {
      const { status } = await api(server.url, "/api/auth/sign-up/email", {
        method: "POST",
        body: { email: uniqueEmail("limit"), password: "short", name: "Limit" },
      });
      expect(status).toBe(400);
    }
    expect((await signUpRaw(server)).status).toBe(429);
    expect(await server.services.database.db.select().from(user)).toEqual([]);
  });

  test("X-Forwarded-For is ignored by default, so a client cannot dodge the limit by forging it", async () => {
    const server = await limitedServer();
    await exhaustSignIn(server, { "x-forwarded-for": "203.0.113.1" });
    const { status } = await signIn(server, "someone@example.com", "wrong password", {
      "x-forwarded-for": "203.0.113.99",
    });
    expect(status).toBe(429);
  });

  test("a client cannot set the internal client-IP header itself", async () => {
    const server = await limitedServer();
    await exhaustSignIn(server);
    const { status } = await signIn(server, "someone@example.com", "wrong password", {
      "x-jobboard-client-ip": "198.51.100.7",
    });
    expect(status).toBe(429);
  });

  test("with TRUSTED_PROXY_HEADER set, clients behind the proxy are limited one by one", async () => {
    const server = await limitedServer({ TRUSTED_PROXY_HEADER: "X-Forwarded-For" });
    await exhaustSignIn(server, { "x-forwarded-for": "203.0.113.1" });
    const limited = await signIn(server, "someone@example.com", "wrong password", { "x-forwarded-for": "203.0.113.1" });
    expect(limited.status).toBe(429);
    const other = await signIn(server, "someone@example.com", "wrong password", { "x-forwarded-for": "203.0.113.2" });
    expect(other.status).toBe(401);
  });

  test("with TRUSTED_PROXY_HEADER set, only the address our proxy appended counts, not ones the client prepended", async () => {
    const server = await limitedServer({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    await exhaustSignIn(server, { "x-forwarded-for": "203.0.113.1" });
    const { status } = await signIn(server, "someone@example.com", "wrong password", {
      "x-forwarded-for": "192.0.2.55, 203.0.113.1",
    });
    expect(status).toBe(429);
  });
});
