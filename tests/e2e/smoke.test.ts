import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { LOCK_FILE, lockDataDir } from "#server/db/data-dir-lock.ts";
import { launchBrowser } from "#tests/support/browser.ts";
import { spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";

let app: SpawnedApp;
let browser: Browser;

/**
 * The quick start as the README gives it: no NODE_ENV and the product's own moderation and verification defaults,
 * only the port and data directory a test needs.
 */
const QUICK_START = {
  NODE_ENV: undefined,
  MODERATION: undefined,
  POSTS_PER_DAY: undefined,
  REQUIRE_EMAIL_VERIFICATION: undefined,
};

beforeAll(async () => {
  [app, browser] = await Promise.all([spawnApp(QUICK_START, { fresh: true }), launchBrowser()]);
  // A cold start (initdb) on a loaded 2-core machine: spawnApp itself allows 180 s.
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test("npm start serves the home page with the seeded demo listings to a real browser", async () => {
  const page = await browser.newPage();
  const response = await page.goto(app.url);
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toMatch(/Job Board/);
  expect(await page.getByRole("link", { name: /Developer|Engineer|Analyst|Designer/ }).count()).toBeGreaterThan(0);
});

test("the quick start serves pages with the strict script policy and says in its log that it runs the production build", async () => {
  const response = await fetch(app.url);
  const scriptSrc = response.headers.get("content-security-policy")?.match(/script-src ([^;]*)/)?.[1] ?? "";
  expect(scriptSrc).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
  expect(scriptSrc).not.toContain("unsafe");
  expect(app.output()).toContain("production build (strict script policy)");
});

test("the demo admin signs in with the password the first start printed, and not with the one the README once published", async () => {
  const printed = app.output().match(/sign in with admin@demo\.jobboard\.local \/ ([A-Za-z0-9_-]+)\)/)?.[1];
  expect(printed).toMatch(/^[A-Za-z0-9_-]{20}$/);
  const signIn = (password: string) =>
    fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email: "admin@demo.jobboard.local", password }),
    });
  expect((await signIn("demo-admin-pass")).status).toBe(401);
  expect((await signIn(printed ?? "")).status).toBe(200);
});

test("the home page loads in a real browser with nothing in its console: no error, no warning", async () => {
  const page = await browser.newPage();
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`uncaught: ${error.message}`));
  await page.goto(app.url, { waitUntil: "networkidle" });
  await expect
    .poll(() => page.getByRole("link", { name: /Developer|Engineer|Analyst|Designer/ }).count())
    .toBeGreaterThan(0);
  expect(messages).toEqual([]);
});

test("a second process on the same data directory waits for the lock, says so, then refuses with a clear message", async () => {
  const second = spawnApp({ DATA_DIR_LOCK_WAIT_SECONDS: "1" }, { dataDir: app.dataDir });
  await expect(second).rejects.toThrow(
    `The data directory ${app.dataDir} is in use by another job board process (pid ${app.process.pid}). Stop it first, or point DATA_DIR at another directory.`,
  );
  await expect(second).rejects.toThrow(/waiting up to 1 s for it to exit/);
}, 120_000);

test("a board started on a port another program holds waits for it, then refuses with one line naming PORT", async () => {
  const port = new URL(app.url).port;
  const second = spawnApp({ PORT: port, PUBLIC_URL: app.url, PORT_WAIT_SECONDS: "1", SEED_DEMO: "false" });
  await expect(second).rejects.toThrow(
    `Port ${port} on 127.0.0.1 is already in use by another program. Stop that program, or set PORT to a free port`,
  );
  await expect(second).rejects.toThrow(`Port ${port} is busy; waiting up to 1 s for it`);
  await expect(second).rejects.not.toThrow(/EADDRINUSE|node:net|\n\s+at /);
}, 180_000);

test("a lock file naming a live process that is not a board does not keep the board from starting", async () => {
  const other = await spawnApp({ SEED_DEMO: "false" });
  expect(await other.stop()).toBe(0);
  // The test runner is alive and holds no lock: the PID-file lock took it for a running board.
  fs.writeFileSync(path.join(other.dataDir, LOCK_FILE), `${process.pid}\n`);
  const again = await spawnApp({ SEED_DEMO: "false", DATA_DIR_LOCK_WAIT_SECONDS: "0" }, { dataDir: other.dataDir });
  expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  expect(await again.stop()).toBe(0);
}, 180_000);

test("SIGTERM closes the server and releases the data directory lock", async () => {
  const other = await spawnApp({ SEED_DEMO: "false" });
  const code = await other.stop();
  expect(code).toBe(0);
  expect(fs.existsSync(path.join(other.dataDir, LOCK_FILE))).toBe(false);
  // Free, not merely gone: this process can take it at once.
  (await lockDataDir(other.dataDir, { waitMs: 0 }))();
  const again = await spawnApp({ SEED_DEMO: "false" }, { dataDir: other.dataDir });
  expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  await again.stop();
  // Two cold starts of the embedded database (initdb) on a busy 2-core machine take a while.
}, 180_000);
