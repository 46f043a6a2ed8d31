import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allowAppCallbacks, providerEnv, startOidcIssuer, type OidcIssuer } from "#tests/fakes/oidc-issuer.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** Cookies per origin, as a browser keeps them across the redirects of an OAuth round trip. */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.jars.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join("; ") : "";
  }

  store(url: string, response: Response) {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0/i.test(cookie) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
  }
}

/** Follows redirects by hand (fetch drops cookies between hosts) until a response is not a redirect, or `stopAt` matches. */
async function browse(jar: CookieJar, url: string, init: RequestInit = {}, stopAt?: (url: string) => boolean) {
  let current = url;
  let options = init;
  for (let hops = 0; hops < 15; hops++) {
    const response = await fetch(current, {
      ...options,
      redirect: "manual",
      headers: { ...(options.headers as Record<string, string>), cookie: jar.header(current) },
    });
    jar.store(current, response);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
    current = new URL(location, current).toString();
    options = {};
    if (stopAt?.(current)) return { url: current, response };
  }
  throw new Error("too many redirects");
}

async function startSignIn(server: TestServer, jar: CookieJar, providerId: string) {
  const start = await fetch(`${server.url}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      provider: providerId,
      callbackURL: "/login?signin=existing",
      newUserCallbackURL: "/login?signin=new",
      errorCallbackURL: "/login?signin=error",
    }),
  });
  jar.store(server.url, start);
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  return browse(jar, url);
}

async function finishAtIssuer(jar: CookieJar, interactionUrl: string, fields: Record<string, string>, appUrl: string) {
  return browse(
    jar,
    interactionUrl,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    },
    (next) => next.startsWith(`${appUrl}/login`),
  );
}

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
