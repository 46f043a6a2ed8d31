import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { DESKTOP, expectAccessible, MOBILE, useE2e } from "#tests/e2e/fixtures.ts";
import { daysAgo, insertJobs, open } from "#tests/e2e/job-data.ts";

const e2e = useE2e();

beforeAll(async () => {
  await insertJobs(e2e.server, [
    {
      jobTitle: "Alpha Developer",
      companyName: "Alpha Co",
      jobLocation: "Chennai",
      employmentType: "Contract",
      minPrice: "11000",
      maxPrice: "22000",
      postingDate: daysAgo(1),
    },
    { jobTitle: "Beta Designer", companyName: "Beta Co", postingDate: daysAgo(2) },
    { jobTitle: "Gamma Writer", companyName: "Gamma Co", postingDate: daysAgo(3) },
    { jobTitle: "Delta Tester", companyName: "Delta Co", postingDate: daysAgo(4) },
  ]);
});

const heart = (page: Page, title: string) => page.getByRole("button", { name: new RegExp(`^Save ${title} at`) });
const badge = (page: Page) => page.getByTestId("favourites-badge");

test("the heart saves a job and turns red, the header badge counts it, and both survive a reload", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  expect(await badge(page).count()).toBe(0);
  await heart(page, "Alpha Developer").click();
  expect(await heart(page, "Alpha Developer").getAttribute("aria-pressed")).toBe("true");
  expect(await heart(page, "Alpha Developer").locator("svg").getAttribute("class")).toContain("fill-red-500");
  expect(await badge(page).innerText()).toBe("1");
  await heart(page, "Beta Designer").click();
  expect(await badge(page).innerText()).toBe("2");
  expect(await page.getByRole("link", { name: "Favourites (2 saved)" }).isVisible()).toBe(true);

  await page.reload({ waitUntil: "domcontentloaded" });
  await open(page, e2e.url);
  await badge(page).waitFor();
  expect(await badge(page).innerText()).toBe("2");
  expect(await heart(page, "Alpha Developer").getAttribute("aria-pressed")).toBe("true");

  await heart(page, "Alpha Developer").click();
  expect(await heart(page, "Alpha Developer").getAttribute("aria-pressed")).toBe("false");
  expect(await badge(page).innerText()).toBe("1");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("favorites") ?? "[]"));
  expect(stored.map((job: { jobTitle: string }) => job.jobTitle)).toEqual(["Beta Designer"]);
  await page.context().close();
});

test("saving stores a full copy of the job under 'favorites' and fires 'favoritesUpdated' with the count", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  await page.evaluate(() => {
    (window as unknown as { counts: unknown[] }).counts = [];
    window.addEventListener("favoritesUpdated", (event) =>
      (window as unknown as { counts: unknown[] }).counts.push((event as CustomEvent).detail),
    );
  });
  await heart(page, "Gamma Writer").click();
  await heart(page, "Delta Tester").click();
  expect(await page.evaluate(() => (window as unknown as { counts: unknown[] }).counts)).toEqual([1, 2]);
  const [saved] = await page.evaluate(() => JSON.parse(localStorage.getItem("favorites") ?? "[]"));
  expect(saved).toMatchObject({ jobTitle: "Gamma Writer", companyName: "Gamma Co", description: expect.any(String) });
  expect(saved._id).toMatch(/^[0-9a-f-]{36}$/);
  await page.context().close();
});

test("the favourites page lists saved jobs with logo, title, company, location, type, salary and posting date", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  for (const title of ["Alpha Developer", "Beta Designer", "Gamma Writer"]) await heart(page, title).click();
  await page.getByRole("link", { name: "Favourites (3 saved)" }).click();
  await page.waitForURL(`${e2e.url}/favourite`);
  // The URL changes before the new page renders: wait for its heading, not for cards the home page also has.
  await page.getByRole("heading", { level: 1, name: "Favourite Jobs" }).waitFor();
  const cards = page.locator("main article");
  await cards.first().waitFor();
  expect(await cards.count()).toBe(3);
  const alpha = cards.filter({ hasText: "Alpha Developer" });
  const text = await alpha.innerText();
  const posted = new Date(`${daysAgo(1)}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });
  for (const expected of ["Alpha Developer", "Alpha Co", "Chennai", "Contract", "11,000-22,000 / Monthly", posted])
    expect(text).toContain(expected);
  expect(await alpha.getByRole("img", { name: "Alpha Co logo" }).count()).toBe(1);
  const columns = (
    await page
      .locator("main ul")
      .first()
      .evaluate((list) => getComputedStyle(list).gridTemplateColumns)
  ).split(" ");
  expect(columns).toHaveLength(3);
  await page.setViewportSize({ width: 800, height: 900 });
  const medium = (
    await page
      .locator("main ul")
      .first()
      .evaluate((list) => getComputedStyle(list).gridTemplateColumns)
  ).split(" ");
  expect(medium).toHaveLength(2);

  await alpha.getByRole("link", { name: "Alpha Developer" }).click();
  await page.waitForURL(/\/jobs\//);
  await page.context().close();
});

test("removing on the favourites page updates the list, the storage and the badge; with none left it says so", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  await heart(page, "Beta Designer").click();
  await heart(page, "Delta Tester").click();
  await open(page, `${e2e.url}/favourite`);
  await page.getByRole("button", { name: "Remove Beta Designer at Beta Co from favourites" }).click();
  expect(await page.locator("main article").count()).toBe(1);
  expect(await badge(page).innerText()).toBe("1");
  await page.getByRole("button", { name: "Remove Delta Tester at Delta Co from favourites" }).click();
  await page.getByText("No favorite jobs saved.").waitFor();
  expect(await badge(page).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem("favorites"))).toBe("[]");
  await page.context().close();
});

test("with nothing saved the favourites page shows 'No favorite jobs saved.'", async () => {
  const page = await e2e.newPage({ viewport: MOBILE });
  await open(page, `${e2e.url}/favourite`);
  await page.getByText("No favorite jobs saved.").waitFor();
  await page.context().close();
});

test("the badge follows favourites saved in another tab", async () => {
  const context = await e2e.browser.newContext({ viewport: DESKTOP });
  const first = await context.newPage();
  const second = await context.newPage();
  await open(first, e2e.url);
  await open(second, `${e2e.url}/favourite`);
  await heart(first, "Gamma Writer").click();
  await badge(second).waitFor();
  expect(await badge(second).innerText()).toBe("1");
  await second.getByRole("article").filter({ hasText: "Gamma Writer" }).waitFor();
  await context.close();
});

test(
  "favourites have no serious or critical accessibility violations at 1280 px and at 375 px",
  { timeout: 90_000 },
  async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.newPage({ viewport });
      await open(page, e2e.url);
      await heart(page, "Alpha Developer").click();
      await open(page, `${e2e.url}/favourite`);
      await page.locator("main article").first().waitFor();
      await expectAccessible(page);
      await page.context().close();
    }
  },
);
