import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { loadEnv } from "../../server/env";
import { syncAll } from "../../server/sources/ingest";
import { createConnectors } from "../../server/sources/registry";
import type { TestServer } from "../support/server";
import type { FakeSources } from "../fakes/sources/server";

/** A fresh page at `viewport` on `path`, hydrated, with its JS dialogs (alert/confirm/prompt) recorded. */
export async function openSourcePage(browser: Browser, baseUrl: string, path: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // Fail a step with its own message well before the test's timeout.
  page.setDefaultTimeout(10_000);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(`${baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => Boolean((window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter));
  return { page, dialogs, close: () => context.close() };
}

/** The spec's full-screen spinner shows first and then goes away. */
export async function waitForSpinnerToGo(page: Page) {
  await page.getByRole("status", { name: "Loading jobs" }).waitFor({ state: "detached", timeout: 10_000 });
}

export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

/** Runs every configured source once against the fakes, as the scheduler would. */
export async function ingestFromFakes(server: TestServer, fakes: FakeSources, env: Record<string, string> = {}) {
  const connectors = createConnectors(loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_TIMEOUT_SECONDS: "1", ...env }));
  return syncAll(server.services.database, connectors, { graceMs: 3_600_000, force: true });
}
