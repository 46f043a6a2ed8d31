import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allowAppCallbacks, providerEnv, startOidcIssuer, type OidcIssuer } from "#tests/fakes/oidc-issuer.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api } from "#tests/support/http.ts";
import { CookieJar, finishAtIssuer, startSignIn } from "#tests/support/oauth-browser.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("sign-in through an OIDC issuer on %s", (engine) => {
  let issuer: OidcIssuer;
  let server: TestServer;

  beforeAll(async () => {
    issuer = await startOidcIssuer();
    server = await startTestServer({
      engine,
      env: providerEnv(issuer),
    });
    allowAppCallbacks(issuer, server.url);
  });
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
  });

  test("a first Google-type sign-in creates the user and lands on the new-user page with a session", async () => {
    const jar = new CookieJar();
    const atIssuer = await startSignIn(server, jar, "google");
    expect(atIssuer.url).toMatch(new RegExp(`^${issuer.url}/interaction/`));
    const back = await finishAtIssuer(
      jar,
      atIssuer.url,
      { email: "first@example.com", name: "First", decision: "allow" },
      server.url,
    );
    expect(back.url).toBe(`${server.url}/login?signin=new`);
    const session = await api(server.url, "/api/auth/get-session", { headers: { cookie: jar.header(server.url) } });
    expect(session.json.user.email).toBe("first@example.com");
  });

  test("a returning GitHub-type user lands on the existing-user page", async () => {
    const first = new CookieJar();
    const atIssuer = await startSignIn(server, first, "github");
    await finishAtIssuer(
      first,
      atIssuer.url,
      { email: "again@example.com", name: "Again", decision: "allow" },
      server.url,
    );
    const second = new CookieJar();
    const again = await startSignIn(server, second, "github");
    const back = await finishAtIssuer(
      second,
      again.url,
      { email: "again@example.com", name: "Again", decision: "allow" },
      server.url,
    );
    expect(back.url).toBe(`${server.url}/login?signin=existing`);
  });

  test("a denied sign-in returns to the error page without a session", async () => {
    const jar = new CookieJar();
    const atIssuer = await startSignIn(server, jar, "google");
    const back = await finishAtIssuer(jar, atIssuer.url, { decision: "deny" }, server.url);
    expect(back.url).toMatch(new RegExp(`^${server.url}/login\\?signin=error`));
    const session = await api(server.url, "/api/auth/get-session", { headers: { cookie: jar.header(server.url) } });
    expect(session.json).toBeNull();
  });

  test("an address the OIDC provider vouches for counts as verified: the listing publishes with verification required", async () => {
    const strict = await startTestServer({
      engine,
      env: { ...providerEnv(issuer), REQUIRE_EMAIL_VERIFICATION: "true" },
    });
    try {
      allowAppCallbacks(issuer, strict.url);
      const jar = new CookieJar();
      const atIssuer = await startSignIn(strict, jar, "google");
      await finishAtIssuer(
        jar,
        atIssuer.url,
        { email: "vouched@example.com", name: "Vouched", decision: "allow" },
        strict.url,
      );
      const { status, json } = await api(strict.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle: "Vouched listing" }),
        headers: { cookie: jar.header(strict.url) },
      });
      expect(status).toBe(201);
      expect(json.status).toBe("published");
    } finally {
      await strict.close();
    }
  });

  test("the built-in social endpoint refuses a provider the operator did not configure", async () => {
    const { status } = await api(server.url, "/api/auth/sign-in/social", {
      method: "POST",
      body: { provider: "facebook", callbackURL: "/" },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });
});

test("a sign-in with a provider's ID token is refused and starts no session: the board signs in through the provider's redirect only", async () => {
  const server = await startTestServer({
    env: { GOOGLE_CLIENT_ID: "google-client-id-for-the-tests", GOOGLE_CLIENT_SECRET: "google-secret-for-the-tests" },
  });
  try {
    const response = await fetch(`${server.url}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ provider: "google", idToken: { token: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln" } }),
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code?: string }).code).toBe("ID_TOKEN_NOT_SUPPORTED");
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))).toBe(false);
    // The redirect way in is still there.
    const redirect = await fetch(`${server.url}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ provider: "google", callbackURL: "/" }),
    });
    expect(redirect.status).toBe(200);
    expect(((await redirect.json()) as { url?: string }).url).toMatch(/^https:\/\/accounts\.google\.com\//);
  } finally {
    await server.close();
  }
});
