import type { Page } from "playwright-core";
import { expect } from "vitest";
import { loadEnv } from "#server/env.ts";
import { syncAll } from "#server/sources/ingest.ts";
import { createConnectors } from "#server/sources/registry.ts";
import type { TestServer } from "#tests/support/server.ts";
import type { FakeSources } from "#tests/fakes/sources/server.ts";
import { hydrated, type E2e, type Viewport } from "#tests/e2e/fixtures.ts";

/**
 * A fresh page at `viewport` on `path`, hydrated, with its JS dialogs (alert/confirm/prompt) recorded; with `clock`,
 * Playwright's clock is installed first (time still flows) so a test can fire pending timers on demand.
 */
export async function openSourcePage(
  e2e: E2e,
  path: string,
  viewport: Viewport,
  { baseUrl, clock = false }: { baseUrl?: string; clock?: boolean } = {},
) {
  const page = await e2e.newPage({ viewport, baseUrl });
  if (clock) await page.clock.install();
  // Fail a step with its own message well before the test's timeout.
  page.setDefaultTimeout(10_000);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(`${baseUrl ?? e2e.url}${path}`);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  return { page, dialogs, close: () => page.context().close() };
}

/** The spec's full-screen spinner shows first and then goes away. */
export async function waitForSpinnerToGo(page: Page) {
  await page.getByRole("status", { name: "Loading jobs" }).waitFor({ state: "hidden", timeout: 10_000 });
}

/** Runs every configured source once against the fakes, as the scheduler would. */
export async function ingestFromFakes(server: TestServer, fakes: FakeSources, env: Record<string, string> = {}) {
  const connectors = createConnectors(
    loadEnv({ NODE_ENV: "test", ...fakes.env, SOURCES_TIMEOUT_SECONDS: "1", ...env }),
  );
  return syncAll(server.services.database, connectors, { graceMs: 3_600_000, force: true });
}
