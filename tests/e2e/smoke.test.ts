import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser } from "../support/browser";
import { spawnApp, type SpawnedApp } from "../support/spawn-app";

let app: SpawnedApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([spawnApp(), launchBrowser()]);
});
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

test("a second process on the same data directory fails fast with a clear message", async () => {
  const second = spawnApp({}, { dataDir: app.dataDir });
  await expect(second).rejects.toThrow(/in use by another job board process/);
}, 120_000);

test("SIGTERM closes the server and releases the data directory lock", async () => {
  const other = await spawnApp({ SEED_DEMO: "false" });
  const code = await other.stop();
  expect(code).toBe(0);
  const again = await spawnApp({ SEED_DEMO: "false" }, { dataDir: other.dataDir });
  expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  await again.stop();
  // Two cold starts of the embedded database (initdb) on a busy 2-core machine take a while.
}, 180_000);
