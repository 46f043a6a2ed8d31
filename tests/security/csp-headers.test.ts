import { afterAll, beforeAll, expect, test } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { pagePaths } from "#tests/security/page-paths.ts";

let server: TestServer;
let session: Session;
let jobId: string;

const HOSTILE_TITLE = `</script><script>alert("title")</script><img src=x onerror=alert(1)>`;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  session = await signUp(server.url);
  const posted = await api(server.url, "/api/post-job", {
    method: "POST",
    session,
    body: validJob({ jobTitle: HOSTILE_TITLE }),
  });
  jobId = posted.json.id ?? posted.json.insertedId;
  expect(jobId).toBeTruthy();
});
afterAll(() => server?.close());

const routes = () => pagePaths(jobId);

async function page(path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie: session.cookie } });
  const html = await response.text();
  const policy = response.headers.get("content-security-policy") ?? "";
  const directives = new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
  const nonce = directives
    .get("script-src")
    ?.find((v) => v.startsWith("'nonce-"))
    ?.slice(7, -1);
  return { response, html, directives, nonce };
}

test("every page answers with a strict script policy, a fresh nonce and a Permissions-Policy", async () => {
  for (const path of routes()) {
    const { response, directives, nonce } = await page(path);
    expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
    expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directives.get("script-src"), path).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(directives.get("object-src"), path).toEqual(["'none'"]);
    expect(directives.get("base-uri"), path).toEqual(["'none'"]);
    expect(["'self'", "'none'"], path).toContain(directives.get("frame-ancestors")?.join(" "));
    expect(directives.get("form-action"), path).toEqual(["'self'"]);
    expect(response.headers.get("permissions-policy"), path).toMatch(/camera=\(\)/);
  }
});

test("two answers for the same page carry different nonces", async () => {
  const [first, second] = [await page("/"), await page("/")];
  expect(first.nonce).toBeTruthy();
  expect(second.nonce).not.toBe(first.nonce);
});

test("every inline script and module preload a page carries has this answer's nonce", async () => {
  for (const path of routes()) {
    const { html, nonce } = await page(path);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) {
      // JSON-LD is a data block the browser never runs; CSP does not apply to it.
      if (tag.includes('type="application/ld+json"')) continue;
      expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    for (const tag of html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? [])
      expect(tag, path).toContain(`nonce="${nonce}"`);
  }
});

test("a job title with markup stays data inside the JSON-LD block and cannot close it", async () => {
  const { html } = await page(`/jobs/${jobId}`);
  const block = html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)?.[1];
  expect(block).toBeDefined();
  expect(block).not.toMatch(/<\/?script/i);
  expect(JSON.parse(block!)).toMatchObject({ title: HOSTILE_TITLE });
  expect(html).not.toContain("<img src=x onerror");
});

test("API answers are JSON and carry no page policy", async () => {
  const { headers } = await api(server.url, "/api/jobs");
  expect(headers.get("content-type")).toMatch(/^application\/json/);
  expect(headers.get("content-security-policy")).toBeNull();
});
