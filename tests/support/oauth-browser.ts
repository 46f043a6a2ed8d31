import { expect } from "vitest";
import type { TestServer } from "#tests/support/server.ts";

/** Cookies per origin, as a browser keeps them across the redirects of an OAuth round trip. */
export class CookieJar {
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
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}, stopAt?: (url: string) => boolean) {
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

/** Starts a provider sign-in as the login page does; `from` is the page it was headed for, when there was one. */
export async function startSignIn(server: TestServer, jar: CookieJar, providerId: string, from?: string) {
  const headed = from ? `&from=${encodeURIComponent(from)}` : "";
  const start = await fetch(`${server.url}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      provider: providerId,
      callbackURL: `/login?signin=existing${headed}`,
      newUserCallbackURL: `/login?signin=new${headed}`,
      errorCallbackURL: "/login?signin=error",
    }),
  });
  jar.store(server.url, start);
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  return browse(jar, url);
}

export async function finishAtIssuer(
  jar: CookieJar,
  interactionUrl: string,
  fields: Record<string, string>,
  appUrl: string,
) {
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
