import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { jobInputSchema } from "~/lib/job";
import { toJobValues, type JobValues } from "../../server/jobs/mapper";
import { insertJobsBulk } from "../../server/seed/insert-jobs";
import { validJob } from "../support/factories";
import { api, signUp } from "../support/http";
import type { TestServer } from "../support/server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date `days` ago, as the post form sends it. */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** Posts one job through the real API as a freshly signed-up employer (whose email becomes postedByEmail); returns its id. */
export async function postJobViaApi(
  server: TestServer,
  overrides: Record<string, unknown> = {},
  employer: { email?: string } = {},
): Promise<string> {
  const session = await signUp(server.url, employer);
  const response = await api(server.url, "/api/post-job", { method: "POST", session, body: validJob(overrides) });
  if (response.status !== 201) throw new Error(`post-job failed: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json.insertedId as string;
}

/**
 * Many listings at once, straight into the database through the same schema and mapper the API uses;
 * `row` overrides stored columns for states the API refuses (e.g. a listing without skills).
 */
export async function insertJobs(
  server: TestServer,
  overrides: Record<string, unknown>[],
  row: Partial<JobValues> = {},
): Promise<void> {
  const rows = overrides.map((override) => {
    const input = jobInputSchema.parse(validJob(override));
    return { ...toJobValues(input, input.postedByEmail ?? null), ...row };
  });
  await insertJobsBulk(server.services.database.db, rows);
}

/** The browser cookies of an API session, so a page opens signed in. */
export function sessionCookies(server: TestServer, cookie: string) {
  return cookie.split("; ").map((pair) => {
    const index = pair.indexOf("=");
    return { name: pair.slice(0, index), value: pair.slice(index + 1), url: server.url };
  });
}

/** Resolves once React Router has created its router and React has had a frame to hydrate. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}

/** Opens a page and waits until the home splash (when there is one) has gone and the app is interactive. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await hydrated(page);
  await page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}
