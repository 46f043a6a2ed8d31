import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { expectAccessible, flowTest, MOBILE, useE2e, VIEWPORTS, type Viewport } from "#tests/e2e/fixtures.ts";
import { daysAgo, insertJobs, open } from "#tests/e2e/job-data.ts";

const e2e = useE2e();

beforeAll(async () => {
  await insertJobs(e2e.server, [
    ...["Intern Designer", "Intern Tester", "Intern Analyst"].map((jobTitle, i) => ({
      jobTitle,
      experienceLevel: "Internship",
      gender: i === 0 ? "Male" : "Female",
      postingDate: daysAgo(i),
    })),
    ...["Senior Architect", "Staff Engineer"].map((jobTitle) => ({
      jobTitle,
      experienceLevel: "5+ Year",
      gender: "Female",
      postingDate: daysAgo(2),
    })),
  ]);
});

const heading = (page: Page) => page.getByRole("heading", { level: 2, name: /^\d+ Jobs$/ });
const chips = (page: Page) => page.getByRole("list", { name: "Active filters" });

/** Internship and Female, chosen in the sidebar or, on a phone, in the sheet the Filter button opens. */
async function applyTwoFilters(page: Page, viewport: Viewport) {
  if (viewport === MOBILE) await page.getByRole("button", { name: "Filter", exact: true }).click();
  const panel = page.locator("#filter-panel");
  await panel.getByRole("radio", { name: /^Internship/ }).check();
  await panel.getByRole("combobox", { name: "Gender" }).selectOption("Female");
  await panel.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/experienceLevel=Internship/);
  await expect.poll(() => heading(page).innerText()).toBe("2 Jobs");
}

describe.each(VIEWPORTS)("active filters on %s", (_name, viewport) => {
  const flow = flowTest(viewport);

  test("after filters are applied, a removable chip names each one under the results heading", async () => {
    const page = await e2e.newPage({ viewport });
    await open(page, e2e.url);
    await applyTwoFilters(page, viewport);
    expect(await chips(page).getByRole("link").allInnerTexts()).toEqual([
      "Internship",
      "Gender: Female",
      "Clear all filters",
    ]);
    expect(await chips(page).getByRole("link", { name: "Remove filter Internship" }).isVisible()).toBe(true);
    expect(await chips(page).getByRole("link", { name: "Remove filter Gender: Female" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.context().close();
  });

  test("on a phone the Filter button says how many filters are applied, and nothing on a wider screen", async () => {
    const page = await e2e.newPage({ viewport });
    await open(page, e2e.url);
    await applyTwoFilters(page, viewport);
    const button = page.getByRole("button", { name: "Filter (2), 2 filters active" });
    if (viewport === MOBILE) {
      expect(await button.innerText()).toBe("Filter (2)");
      expect(await button.isVisible()).toBe(true);
    } else expect(await button.isVisible()).toBe(false);
    await page.context().close();
  });

  test("a chip removes only its own filter, and the count on the Filter button follows", async () => {
    const page = await e2e.newPage({ viewport });
    await open(page, e2e.url);
    await applyTwoFilters(page, viewport);
    await chips(page).getByRole("link", { name: "Remove filter Internship" }).click();
    await page.waitForURL((url) => !url.search.includes("experienceLevel"));
    expect(new URL(page.url()).searchParams.get("gender")).toBe("Female");
    await expect.poll(() => heading(page).innerText()).toBe("4 Jobs");
    expect(await chips(page).getByRole("link").allInnerTexts()).toEqual(["Gender: Female"]);
    if (viewport === MOBILE)
      expect(await page.getByRole("button", { name: "Filter (1), 1 filter active" }).isVisible()).toBe(true);
    await chips(page).getByRole("link", { name: "Remove filter Gender: Female" }).click();
    await expect.poll(() => heading(page).innerText()).toBe("5 Jobs");
    expect(await chips(page).count()).toBe(0);
    if (viewport === MOBILE)
      expect(await page.getByRole("button", { name: "Filter", exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  flow("without scripts a chip is a plain link to the same search without that filter", async () => {
    const page = await e2e.newPage({ viewport, javaScriptEnabled: false });
    await page.goto(`${e2e.url}/?search=intern&experienceLevel=Internship&gender=Female`);
    await chips(page).getByRole("link", { name: "Remove filter Gender: Female" }).click();
    await page.waitForURL((url) => !url.search.includes("gender"));
    const params = new URL(page.url()).searchParams;
    expect([params.get("search"), params.get("experienceLevel")]).toEqual(["intern", "Internship"]);
    expect(await heading(page).innerText()).toBe("3 Jobs");
    await page.context().close();
  });
});
