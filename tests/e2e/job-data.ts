import type { Page } from "playwright-core";
import { jobInputSchema } from "#shared/job.ts";
import { toJobValues, type JobValues } from "#server/jobs/mapper.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import type { TestServer } from "#tests/support/server.ts";
import { hydrated } from "#tests/e2e/fixtures.ts";

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

/** Opens a page and waits until the home splash (when there is one) has gone and the app is interactive. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await hydrated(page);
  await page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
}
