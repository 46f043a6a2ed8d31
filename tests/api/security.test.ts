import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { user } from "#server/db/schema.ts";
import { CLIENT_DIR } from "#server/pages.ts";
import { uniqueEmail } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { challengeHeaders } from "#tests/support/pow.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const signUpFrom = async (server: TestServer, origin: string, email = uniqueEmail("security")) =>
  fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      ...(await challengeHeaders(server.url, "POST", "/api/auth/sign-up/email")),
    },
    body: JSON.stringify({ email, password: "correct horse battery", name: "Security" }),
  });

describe("over plain http", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: true });
  });
  afterAll(() => server?.close());

  test("the session cookie is HttpOnly and SameSite=Lax, and not Secure (the browser would drop it over http)", async () => {
    const email = uniqueEmail("security");
    expect((await signUpFrom(server, server.url, email)).status).toBe(200);
    // Sign-up starts no session (it answers a taken address alike): the sign-in after it does.
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email, password: "correct horse battery" }),
    });
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("better-auth.session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });

  test("a sign-up from a foreign Origin is refused with 403 and no user is created", async () => {
    const email = uniqueEmail("foreign");
    const response = await signUpFrom(server, "https://evil.example", email);
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await server.services.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  test("a sign-up from another address of the board says which address to use and which setting names it", async () => {
    const other = server.url.replace("127.0.0.1", "localhost");
    const response = await signUpFrom(server, other);
    expect(response.status).toBe(403);
    const body = await response.json();
    const message = `This board's address is ${server.url}: open it there to sign in or create an account. (Its operator sets that address with PUBLIC_URL.)`;
    expect(body).toEqual({ error: { code: "FORBIDDEN", message }, message });
  });

  test("a request carrying the visitor's session cookie from a foreign Origin is refused and the session lives on", async () => {
    const member = await signUp(server.url);
    const signOut = await api(server.url, "/api/auth/sign-out", {
      method: "POST",
      body: {},
      session: member,
      headers: { origin: "https://evil.example" },
    });
    expect(signOut.status).toBe(403);
    const still = await api(server.url, "/api/auth/get-session", { session: member });
    expect(still.json?.user?.email).toBe(member.email);
  });

  test("fingerprinted assets are cached for a year as immutable; other static files are not", async () => {
    const asset = fs.readdirSync(path.join(CLIENT_DIR, "assets")).find((name) => name.endsWith(".js"));
    const fingerprinted = await fetch(`${server.url}/assets/${asset}`);
    expect(fingerprinted.status).toBe(200);
    expect(fingerprinted.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control") ?? "").not.toContain("immutable");
    const missing = await fetch(`${server.url}/assets/no-such-file-${Date.now()}.js`);
    expect(missing.headers.get("cache-control") ?? "").not.toContain("immutable");
  });

  test("an unexpected error is a JSON 500 in the one error shape, with no stack and no internals", async () => {
    const broken = await startTestServer();
    try {
      // Closing the database under the running app makes the next query throw something no handler expects.
      await broken.services.database.close();
      const { status, headers, json } = await api(broken.url, "/api/jobs");
      expect(status).toBe(500);
      expect(headers.get("content-type")).toMatch(/^application\/json/);
      expect(json).toEqual({
        error: { code: "INTERNAL", message: "Something went wrong on our side; please try again" },
      });
    } finally {
      await broken.close();
    }
  });
});

describe("behind https (PUBLIC_URL is https)", () => {
  const PUBLIC_URL = "https://jobs.example.test";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL } });
  });
  afterAll(() => server?.close());

  test("every answer carries HSTS", async () => {
    const { headers } = await api(server.url, "/api/health");
    expect(headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
  });

  test("the session cookie is Secure, __Secure- prefixed, HttpOnly and SameSite=Lax", async () => {
    const email = uniqueEmail("security");
    expect((await signUpFrom(server, PUBLIC_URL, email)).status).toBe(200);
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL },
      body: JSON.stringify({ email, password: "correct horse battery" }),
    });
    const session = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__Secure-better-auth.session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });
});
