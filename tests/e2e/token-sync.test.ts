import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUp } from "#tests/support/http.ts";
import { DESKTOP, hydrated, useE2e } from "#tests/e2e/fixtures.ts";

/**
 * Spec §7: the token-sync endpoint is the operator's own service on the board's origin. Here it is a real reverse proxy
 * in front of the board, as an operator would run it: /session-sync is answered by the proxy (which records each
 * call), everything else goes through to the board.
 */
type SyncCall = { method: string; authorization: string | undefined };
const calls: SyncCall[] = [];
let boardPort = 0;
let proxy: Server;
let proxyUrl = "";

function pass(incoming: IncomingMessage, outgoing: ServerResponse) {
  const upstream = forward(
    { host: "127.0.0.1", port: boardPort, path: incoming.url, method: incoming.method, headers: incoming.headers },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on("error", () => outgoing.destroy());
  incoming.pipe(upstream);
}

beforeAll(async () => {
  proxy = createServer((incoming, outgoing) => {
    if (incoming.url === "/session-sync") {
      calls.push({ method: incoming.method ?? "", authorization: incoming.headers.authorization });
      outgoing.writeHead(204).end();
      return;
    }
    pass(incoming, outgoing);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

const e2e = useE2e(() => ({ env: { PUBLIC_URL: proxyUrl, TOKEN_SYNC_URL: "/session-sync" } }));

test("with TOKEN_SYNC_URL set, signing in POSTs a 5-minute signed token to it and logging out sends a DELETE with none", async () => {
  boardPort = Number(new URL(e2e.url).port);
  const account = await signUp(proxyUrl);
  const page = await e2e.newPage({ viewport: DESKTOP, baseUrl: proxyUrl });
  await page.goto(`${proxyUrl}/login`);
  await hydrated(page);
  await page.getByRole("heading", { name: "Sign In" }).waitFor();
  await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole("button", { name: "I have an account" }).click();
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in with email" }).click();
  await expect.poll(() => calls.length, { timeout: 20_000 }).toBe(1);
  const [signIn] = calls;
  expect(signIn?.method).toBe("POST");
  const token = signIn?.authorization?.replace(/^Bearer /, "") ?? "";
  // What the operator's service would do: check the token against the board's published keys.
  const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${proxyUrl}/api/auth/jwks`)), {
    issuer: proxyUrl,
    audience: `${proxyUrl}/session-sync`,
  });
  expect(payload.email).toBe(account.email);
  expect(payload.sub).toEqual(expect.any(String));
  expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
  expect(token).not.toBe(account.token);

  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(`${proxyUrl}/login`);
  await expect.poll(() => calls.length, { timeout: 20_000 }).toBe(2);
  expect(calls[1]).toEqual({ method: "DELETE", authorization: undefined });
  await page.context().close();
});
