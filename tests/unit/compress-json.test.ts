import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { expect, test } from "vitest";
import { compressResponses } from "#server/http/compress.ts";

const app = new Hono().use(compressResponses());
const big = Array.from({ length: 4_000 }, (_, i) => ({ id: i, text: `listing ${i} `.repeat(10) }));
app.get("/big", (c) => c.json(big));
app.get("/created", (c) => c.json({ ok: true }, 201));

test("a JSON answer too large to compress in place is still sent gzip, identical once decoded", async () => {
  const response = await app.request("/big", { headers: { "accept-encoding": "gzip" } });
  expect(JSON.stringify(big).length).toBeGreaterThan(256 * 1024);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("content-encoding")).toBe("gzip");
  const compressed = Buffer.from(await response.arrayBuffer());
  expect(Number(response.headers.get("content-length"))).toBe(compressed.length);
  expect(JSON.parse(gunzipSync(compressed).toString())).toEqual(big);
});

test("a small JSON answer keeps its status and is sent plain with its length", async () => {
  const response = await app.request("/created", { headers: { "accept-encoding": "gzip" } });
  expect(response.status).toBe(201);
  expect(response.headers.get("content-encoding")).toBeNull();
  expect(response.headers.get("content-length")).toBe(String('{"ok":true}'.length));
  expect(await response.json()).toEqual({ ok: true });
});
