import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { failuresOf, timeRequest } from "#scripts/bench/load.ts";

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.statusCode = request.url === "/busy" ? 503 : 200;
    response.end("answer");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a benchmark request that fails says why: its status, or the socket's error", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  const samples = [
    await timeRequest(`${base}/busy`),
    await timeRequest(`${base}/`),
    await timeRequest(`${base}/busy`),
    await timeRequest(closedUrl),
  ];

  expect(samples.map((sample) => sample.ok)).toEqual([false, true, false, false]);
  expect(failuresOf(samples)).toEqual(["2× HTTP 503 (/busy)", "1× ECONNREFUSED (/)"]);
});

test("a run without failures lists none", async () => {
  expect(failuresOf([await timeRequest(`${base}/`)])).toEqual([]);
});
