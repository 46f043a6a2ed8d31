import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";

export const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["mobile", { width: 375, height: 812 }],
] as const;

/** A fresh page at `viewport`, already at `path` with the app hydrated (React attaches handlers on hydration). */
export async function openPage(browser: Browser, baseUrl: string, path: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const response = await page.goto(`${baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => Boolean((window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  return { page, context, close: () => context.close() };
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

export async function metaDescription(page: Page): Promise<string | null> {
  return page.locator('meta[name="description"]').getAttribute("content");
}
