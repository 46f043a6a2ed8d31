import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import type { JobValues } from "#server/jobs/mapper.ts";
import { expectAccessible, flowTest, hydrated, routerIdle, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

const e2e = useE2e();
const HOUR = 60 * 60 * 1000;

/** A small board whose listings say only what each test reads; newest first in this order. */
const BOARD: (Partial<JobValues> & { title: string })[] = [
  { title: "JavaScript Developer", skills: ["JavaScript"], experienceLevel: "0-3 Year" },
  { title: "Java Developer", skills: ["Java"], experienceLevel: "3-5 Year" },
  { title: "Senior Accountant", location: "Chennai", experienceLevel: "5+ Year" },
  { title: "Python Developer", location: "Chennai", experienceLevel: "Fresher" },
  { title: "Python Engineer", location: "Pune", experienceLevel: "Fresher" },
];

beforeAll(async () => {
  const now = Date.now();
  await insertJobsBulk(
    e2e.server.services.database.db,
    BOARD.map((listing, i) => ({
      ...syntheticJob(i + 1, new Date(now)),
      companyName: "Listing Company",
      industry: "General",
      description: "A listing.",
      skills: [],
      location: "Delhi",
      employmentType: "Full-time",
      ...listing,
      postingDate: new Date(now - (i + 1) * HOUR),
    })),
  );
});

const cardTitles = async (page: Page) =>
  (await page.getByRole("heading", { level: 3 }).allTextContents()).map((title) => title.trim());

describe.each(VIEWPORTS)("the word search at %s", (_, viewport) => {
  test("the sort control orders a search by relevance, then by date when Newest is chosen", async () => {
    const page = await e2e.open("/?search=java", { viewport });
    expect(await cardTitles(page)).toEqual(["Java Developer", "JavaScript Developer"]);
    const sort = page.getByLabel("Sort:");
    expect(await sort.inputValue()).toBe("relevance");
    await sort.focus();
    await sort.selectOption("newest");
    await page.waitForURL(/sort=newest/);
    await routerIdle(page);
    await expect.poll(() => cardTitles(page)).toEqual(["JavaScript Developer", "Java Developer"]);
    await page.context().close();
  });

  test("a misspelt search says what it searched instead, and Did you mean runs that search in one click", async () => {
    const page = await e2e.open("/?search=pyhton", { viewport });
    const note = page.getByRole("status").filter({ hasText: "Did you mean" });
    await expect.poll(() => note.textContent()).toContain("these are for “python”");
    expect(await cardTitles(page)).toEqual(["Python Developer", "Python Engineer"]);
    // The sidebar counts the results shown, the corrected words', not the nothing the typed words found.
    const types = await page.locator("#filter-panel").getByLabel("Employment type").locator("option").allTextContents();
    expect(types).toContain("Full-time (2)");
    await note.getByRole("link", { name: "python" }).click();
    await page.waitForURL(/search=python$/);
    await routerIdle(page);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Did you mean" }).count()).toBe(0);
    await page.context().close();
  });

  test("a city typed in the box shows as a chip, and removing it searches the rest everywhere", async () => {
    const page = await e2e.open("/?search=python+chennai", { viewport });
    expect(await cardTitles(page)).toEqual(["Python Developer"]);
    const chip = page.getByRole("link", { name: "Remove location Chennai" });
    expect(await chip.textContent()).toContain("in Chennai");
    await expectAccessible(page);
    await chip.click();
    await page.waitForURL(/search=python$/);
    await routerIdle(page);
    await expect.poll(() => cardTitles(page)).toEqual(["Python Developer", "Python Engineer"]);
    await page.context().close();
  });

  test("a city in the box that holds none of the matches says so, and links to the words everywhere with their count", async () => {
    const page = await e2e.open("/?search=python+delhi", { viewport });
    await page.getByText("Not Jobs Found").waitFor();
    const everywhere = page.getByRole("link", { name: "Search “python” everywhere" });
    expect(await everywhere.locator("xpath=..").textContent()).toContain("Nothing in Delhi.");
    expect(await everywhere.locator("xpath=..").textContent()).toContain("(2 jobs)");
    await expectAccessible(page);
    await everywhere.click();
    await page.waitForURL(/search=python$/);
    await routerIdle(page);
    await expect.poll(() => cardTitles(page)).toEqual(["Python Developer", "Python Engineer"]);
    await page.context().close();
  });

  test("each sidebar option shows how many results it would give", async () => {
    const page = await e2e.open("/?search=python", { viewport });
    if (viewport.width < 769) await page.locator('button[aria-controls="filter-panel"]').click();
    const panel = page.locator("#filter-panel");
    await expect.poll(() => panel.getByLabel(/^Fresher/).isVisible()).toBe(true);
    expect(await panel.locator("label", { hasText: "Fresher" }).textContent()).toContain("(2)");
    expect(await panel.locator("label", { hasText: "5+ Year" }).textContent()).toContain("(0)");
    expect(await panel.locator("label", { hasText: "Last 24 hours" }).textContent()).toContain("(2)");
    const types = await panel.getByLabel("Employment type").locator("option").allTextContents();
    expect(types).toContain("Full-time (2)");
    await page.context().close();
  });

  test("when the filters rule out every job, each can be dropped from a link that says what is left", async () => {
    const page = await e2e.open("/?search=accountant&experienceLevel=Fresher", { viewport });
    await page.getByText("Not Jobs Found").waitFor();
    const hint = page.getByRole("link", { name: "Without Experience: Fresher" });
    expect(await hint.locator("xpath=..").textContent()).toContain("(1 job)");
    await expectAccessible(page);
    await hint.click();
    await page.waitForURL(/search=accountant$/);
    await routerIdle(page);
    await expect.poll(() => cardTitles(page)).toEqual(["Senior Accountant"]);
    await page.context().close();
  });

  flowTest(viewport)("without JavaScript the sort control is a form with its own button", async () => {
    const page = await e2e.newPage({ viewport, javaScriptEnabled: false });
    await page.goto(`${e2e.url}/?search=java`);
    await page.getByLabel("Sort:").selectOption("newest");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await page.waitForURL(/sort=newest/);
    expect(await cardTitles(page)).toEqual(["JavaScript Developer", "Java Developer"]);
    await page.context().close();
  });
});

test("typing into the search box before the scripts load is kept: the typed search runs", async () => {
  const page = await e2e.newPage();
  await page.goto(`${e2e.url}/`, { waitUntil: "commit" });
  const box = page.getByRole("searchbox").or(page.getByLabel("Position")).first();
  await box.fill("developer java");
  await hydrated(page);
  expect(await box.inputValue()).toBe("developer java");
  await box.press("Enter");
  await page.waitForURL(/search=developer\+java/);
  await routerIdle(page);
  // "java" is a whole word of a listing, so it means Java, not a prefix of JavaScript.
  await expect.poll(() => cardTitles(page)).toEqual(["Java Developer"]);
  await page.context().close();
});

describe.each(VIEWPORTS)("the search box at %s", (_, viewport) => {
  test("words typed while the last search is still loading are kept when it finishes, and are what Search runs next", async () => {
    const page = await e2e.open("/", { viewport });
    // A slow network: the first search's data waits until the visitor has typed the next one.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    const box = page.getByRole("search").getByLabel("Position");
    await box.fill("java");
    await box.press("Enter");
    await requested;
    await box.fill("python engineer");
    release();
    await page.waitForURL(/search=java$/);
    await routerIdle(page);
    await expect.poll(() => cardTitles(page)).toEqual(["Java Developer", "JavaScript Developer"]);
    expect(await box.inputValue()).toBe("python engineer");
    await page.unrouteAll();
    await box.press("Enter");
    await page.waitForURL(/search=python\+engineer$/);
    await routerIdle(page);
    await expect.poll(() => cardTitles(page)).toEqual(["Python Engineer"]);
    expect(await box.inputValue()).toBe("python engineer");
    await page.context().close();
  });

  test("the search box follows a search chosen elsewhere on the page when nothing was typed in it", async () => {
    const page = await e2e.open("/?search=pyhton", { viewport });
    const box = page.getByRole("search").getByLabel("Position");
    expect(await box.inputValue()).toBe("pyhton");
    await page.getByRole("status").filter({ hasText: "Did you mean" }).getByRole("link", { name: "python" }).click();
    await page.waitForURL(/search=python$/);
    await routerIdle(page);
    await expect.poll(() => box.inputValue()).toBe("python");
    await page.goBack();
    await page.waitForURL(/search=pyhton$/);
    await expect.poll(() => box.inputValue()).toBe("pyhton");
    await page.context().close();
  });
});
