import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CLIENT_DIR } from "#server/pages.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(() => server?.close());

const get = (target: string, acceptEncoding: string) => fetch(`${server.url}${target}`, { headers: { "accept-encoding": acceptEncoding } });

test("a page is served gzip-compressed to a client that accepts it, and varies on Accept-Encoding", async () => {
  const response = await get("/", "gzip, deflate");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
  expect(await response.text()).toContain("</html>");
});

test("a page is served plain to a client that accepts no compression", async () => {
  const response = await get("/", "identity");
  expect(response.headers.get("content-encoding")).toBeNull();
  expect(await response.text()).toContain("</html>");
});

test("a JSON answer is compressed too", async () => {
  const response = await get("/api/jobs?limit=100", "gzip");
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(Array.isArray(await response.json())).toBe(true);
});

test("a fingerprinted script is the brotli file built beside it, identical once decoded and cached for good", async () => {
  const html = await (await get("/", "identity")).text();
  const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  expect(script).toBeDefined();
  expect(fs.existsSync(path.join(CLIENT_DIR, `${script}.br`))).toBe(true);
  const response = await get(script!, "br, gzip");
  expect(response.headers.get("content-encoding")).toBe("br");
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(await response.text()).toBe(fs.readFileSync(path.join(CLIENT_DIR, script!), "utf8"));
});

test("a client that only takes gzip gets the gzip file of the same script", async () => {
  const html = await (await get("/", "identity")).text();
  const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)![0];
  const response = await get(script, "gzip");
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(await response.text()).toBe(fs.readFileSync(path.join(CLIENT_DIR, script), "utf8"));
});
