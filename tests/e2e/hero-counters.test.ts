import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { seedDemo } from "#server/seed/demo.ts";
import { expectAccessible, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";
import { open } from "#tests/e2e/job-data.ts";

const e2e = useE2e();

beforeAll(async () => {
  const { database, auth, logger } = e2e.server.services;
  await seedDemo(database.db, auth, logger);
});

/** Each hero counter as "label value", in the order shown. */
async function heroCounters(page: Page) {
  const counters = page.getByRole("region", { name: "Don't Take a Goal Take an Aim" }).getByRole("term");
  const labels = await counters.allInnerTexts();
  const values = await page
    .getByRole("region", { name: "Don't Take a Goal Take an Aim" })
    .getByRole("definition")
    .allInnerTexts();
  return labels.map((label, i) => `${label} ${values[i]}`);
}

describe.each(VIEWPORTS)("the hero's counters on %s", (_name, viewport) => {
  test("on the demo board, 'Posted Jobs' and 'Jobs Posted' show the same live count beside the spec's figures", async () => {
    const page = await e2e.newPage({ viewport });
    await open(page, e2e.url);
    const live = `${await e2e.server.services.jobs.countLiveJobs()}+`;
    expect(await page.getByText(/^Posted Jobs/).innerText()).toBe(`Posted Jobs ${live}`);
    expect(await heroCounters(page)).toEqual([`Jobs Posted ${live}`, "Monthly Users 5000+", "Jobseekers 1000+"]);
    await expectAccessible(page);
    await page.context().close();
  });
});
