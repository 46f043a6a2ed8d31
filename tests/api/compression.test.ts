import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CLIENT_DIR } from "#server/pages.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(() => server?.close());

/** The bytes on the wire, not decoded (fetch always decodes), and the headers they came with. */
const rawResponse = (target: string, acceptEncoding: string) =>
  new Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(`${server.url}${target}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
      })
      .on("error", reject);
  });

const rawBody = async (target: string, acceptEncoding: string) => (await rawResponse(target, acceptEncoding)).body;

const get = (target: string, acceptEncoding: string) =>
  fetch(`${server.url}${target}`, { headers: { "accept-encoding": acceptEncoding } });

test("a page is served gzip-compressed to a client that accepts it, and varies on Accept-Encoding", async () => {
  const response = await get("/", "gzip, deflate");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
  expect(await response.text()).toContain("</html>");
});

test("a page is rendered whole and sent as one gzip body with its length", async () => {
  const { body, headers } = await rawResponse("/?search=engineer", "gzip");
  expect(headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(body).toString()).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
  expect(Number(headers["content-length"])).toBe(body.length);
});

test("a page is served plain to a client that accepts no compression", async () => {
  const response = await get("/", "identity");
  expect(response.headers.get("content-encoding")).toBeNull();
  expect(await response.text()).toContain("</html>");
});

test("a JSON answer is compressed whole: gzip with its length, identical once decoded, varying on Accept-Encoding", async () => {
  const plain = await get("/api/openapi.json", "identity");
  expect(plain.headers.get("content-encoding")).toBeNull();
  const text = await plain.text();
  expect(text.length).toBeGreaterThan(1024);
  const response = await get("/api/openapi.json", "gzip");
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
  const compressed = await rawBody("/api/openapi.json", "gzip");
  expect(gunzipSync(compressed).toString()).toBe(text);
  expect(Number(response.headers.get("content-length"))).toBe(compressed.length);
  expect(await response.text()).toBe(text);
});

test("a small JSON answer, or one to a client that refuses gzip, is sent plain with its length", async () => {
  const small = await get("/api/health", "gzip");
  expect(small.headers.get("content-encoding")).toBeNull();
  expect(await small.json()).toEqual({ status: "ok" });
  const refused = await get("/api/openapi.json", "gzip;q=0, identity");
  expect(refused.headers.get("content-encoding")).toBeNull();
  expect((await refused.json()).openapi).toMatch(/^3\.1/);
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
