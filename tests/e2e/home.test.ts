import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import {
  animationsDone,
  DESKTOP,
  expectAccessible,
  freezeAnimations,
  hydrated,
  MOBILE,
  useE2e,
} from "#tests/e2e/fixtures.ts";
import { daysAgo, insertJobs, open, postJobViaApi } from "#tests/e2e/job-data.ts";

const e2e = useE2e();
let internId: string;

const FILLERS = 20;

beforeAll(async () => {
  internId = await postJobViaApi(e2e.server, {
    jobTitle: "Intern Tester",
    jobLocation: "Pune",
    experienceLevel: "Internship",
    employmentType: "Part-time",
    minPrice: "5000",
    maxPrice: "8000",
    gender: "Female",
    englishLevel: "Basic English",
    postingDate: daysAgo(0),
    companyLogo: `${e2e.url}/images/logo.svg`,
  });
  await insertJobs(e2e.server, [
    {
      jobTitle: "Senior Architect",
      jobLocation: "Remote",
      experienceLevel: "5+ Year",
      employmentType: "Contract",
      minPrice: "200000",
      maxPrice: "300000",
      gender: "Male",
      englishLevel: "Advanced English",
      postingDate: daysAgo(3),
      companyLogo: `${e2e.url}/images/no-such-logo.png`,
    },
    ...Array.from({ length: FILLERS }, (_, i) => ({
      jobTitle: `Filler Engineer ${i + 1}`,
      postingDate: daysAgo(10),
      companyLogo: "",
    })),
    {
      jobTitle: "Fresher Analyst",
      jobLocation: "Mumbai",
      experienceLevel: "Fresher",
      gender: "Other",
      postingDate: daysAgo(20),
    },
    { jobTitle: "Expired Role", postingDate: daysAgo(40) },
  ]);
});

const ACTIVE = FILLERS + 3;

const cards = (page: Page) => page.locator("main article");
const resultsHeading = (page: Page) => page.getByRole("heading", { level: 2, name: /^\d+ Jobs$/ });

async function waitForResults(page: Page, count: number) {
  await page.getByRole("heading", { level: 2, name: `${count} Jobs` }).waitFor();
}

test("the home page opens with a 2-second splash showing the logo, then the hero", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  // CSS hides the splash after 2 s; with animations stopped it is still there to be looked at on a slow machine.
  const animations = await freezeAnimations(page);
  await page.goto(e2e.url, { waitUntil: "domcontentloaded" });
  await hydrated(page);
  const splash = page.getByRole("status", { name: "Loading Job Board" });
  expect(await splash.isVisible()).toBe(true);
  expect(await splash.getByRole("img").count()).toBe(0); // the logo is decorative next to the name
  expect(await splash.locator("img").count()).toBe(1);
  await animations.resume();
  await splash.waitFor({ state: "hidden", timeout: 10_000 });
  expect(await page.getByRole("heading", { level: 1, name: "Don't Take a Goal Take an Aim" }).isVisible()).toBe(true);
  await page.context().close();
});

test("the hero shows the headline, both badges, the three counters and the search form", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
  const text = await hero.innerText();
  for (const expected of ["Call Directly HR", "Send The Mail", "Jobs Posted", "Monthly Users", "Jobseekers"])
    expect(text).toContain(expected);
  expect(await page.getByPlaceholder("What position are you looking for?").isVisible()).toBe(true);
  expect(await page.getByRole("textbox", { name: "Location" }).isVisible()).toBe(true);
  expect(await page.getByRole("button", { name: "Search", exact: true }).isVisible()).toBe(true);
  await page.context().close();
});

test("on a 375 × 667 phone the first result's title is on the first screen, under the whole hero", async () => {
  const page = await e2e.newPage({ viewport: { width: MOBILE.width, height: 667 } });
  await open(page, e2e.url);
  const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
  for (const expected of ["Call Directly HR", "Send The Mail", "Jobs Posted", "Monthly Users", "Jobseekers"])
    expect(await hero.innerText()).toContain(expected);
  const firstTitle = page.getByRole("article").first().getByRole("heading");
  const box = await firstTitle.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(667);
  await page.context().close();
});

test("'Posted Jobs' shows the number of active listings followed by '+'", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  expect(await page.getByText(/^Posted Jobs/).innerText()).toBe(`Posted Jobs ${ACTIVE}+`);
  await page.context().close();
});

test("results come 10 cards a page with Previous, Next and 'page / total pages', and the back button returns", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  await waitForResults(page, ACTIVE);
  expect(await cards(page).count()).toBe(10);
  expect(await page.getByText("1 / 3").isVisible()).toBe(true);
  expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);

  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("2 / 3").waitFor();
  expect(new URL(page.url()).searchParams.get("page")).toBe("2");
  expect(await page.getByRole("button", { name: "Previous" }).isEnabled()).toBe(true);

  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("3 / 3").waitFor();
  expect(await cards(page).count()).toBe(ACTIVE - 20);
  expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

  await page.goBack();
  await page.getByText("2 / 3").waitFor();
  await page.getByRole("button", { name: "Previous" }).click();
  await page.getByText("1 / 3").waitFor();
  await page.context().close();
});

test("a spinner shows while the next page of results loads", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Next" }).click();
  const spinner = page.getByRole("status", { name: "Loading jobs" });
  await spinner.waitFor();
  release();
  await spinner.waitFor({ state: "hidden" });
  await page.getByText("2 / 3").waitFor();
  await page.context().close();
});

test("each filter in the sidebar changes the results, and Apply starts again at page 1", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?page=2`);
  const filters = page.getByRole("form", { name: "Filters" });
  const apply = async (expected: string[]) => {
    await filters.getByRole("button", { name: "Apply" }).click();
    await waitForResults(page, expected.length);
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    const titles = await cards(page).getByRole("heading").getByRole("link").allInnerTexts();
    expect(titles.sort()).toEqual([...expected].sort());
    await filters.getByRole("button", { name: "Clear" }).click();
    await waitForResults(page, ACTIVE);
  };

  await filters.getByRole("radio", { name: "Internship" }).check();
  await apply(["Intern Tester"]);
  await filters.getByRole("combobox", { name: "Employment type" }).selectOption("Contract");
  await apply(["Senior Architect"]);
  await filters.getByRole("textbox", { name: "Minimum" }).fill("150000");
  await apply(["Senior Architect"]);
  await filters.getByRole("textbox", { name: "Maximum" }).fill("10000");
  await apply(["Intern Tester"]);
  await filters.getByRole("radio", { name: "Last 24 hours" }).check();
  await apply(["Intern Tester"]);
  await filters.getByRole("radio", { name: "Last 7 days" }).check();
  await apply(["Intern Tester", "Senior Architect"]);
  await filters.getByRole("combobox", { name: "Gender" }).selectOption("Other");
  await apply(["Fresher Analyst"]);
  await filters.getByRole("combobox", { name: "English level" }).selectOption("Advanced English");
  await apply(["Senior Architect"]);
  await page.context().close();
});

test("the six filter sections collapse and expand", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  const filters = page.getByRole("form", { name: "Filters" });
  for (const section of ["Experience", "Type", "Salary", "Date Posted", "Gender", "English Level"]) {
    expect(await page.locator("summary", { hasText: new RegExp(`^${section}$`) }).count()).toBe(1);
  }
  const internship = filters.getByRole("radio", { name: "Internship" });
  expect(await internship.isVisible()).toBe(true);
  await page.locator("summary", { hasText: /^Experience$/ }).click();
  expect(await internship.isVisible()).toBe(false);
  await page.locator("summary", { hasText: /^Experience$/ }).click();
  expect(await internship.isVisible()).toBe(true);
  await page.context().close();
});

test("searching by position and location matches case-insensitively and resets to page 1, keeping filters", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?page=2&datePosted=30d`);
  await page.getByPlaceholder("What position are you looking for?").fill("ARCHITECT");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await waitForResults(page, 1);
  const url = new URL(page.url());
  expect(url.searchParams.get("page")).toBeNull();
  expect(url.searchParams.get("datePosted")).toBe("30d");
  expect(await cards(page).getByRole("heading").getByRole("link").innerText()).toBe("Senior Architect");

  await page.getByPlaceholder("What position are you looking for?").fill("");
  await page.getByRole("textbox", { name: "Location" }).fill("pune");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL(/location=pune/);
  // The previous search also showed '1 Jobs', so wait for the new card itself rather than the count.
  await expect.poll(() => cards(page).getByRole("heading").getByRole("link").innerText()).toBe("Intern Tester");
  await waitForResults(page, 1);
  await page.context().close();
});

test("Clear has the tooltip 'Double click to clear' and one click resets every filter and re-applies", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?search=e&experienceLevel=Internship&gender=Female`);
  await waitForResults(page, 1);
  const clear = page.getByRole("button", { name: "Clear" });
  expect(await clear.getAttribute("title")).toBe("Double click to clear");
  await clear.click();
  await page.waitForURL(`${e2e.url}/?search=e`);
  await waitForResults(page, ACTIVE);
  expect(await page.getByRole("radio", { name: "Any" }).isChecked()).toBe(true);
  expect(await page.getByRole("combobox", { name: "Gender" }).inputValue()).toBe("");
  await page.context().close();
});

test("with no matches the page shows 'Not Jobs Found' and '0 Jobs'", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?search=no-such-position-anywhere`);
  expect(await resultsHeading(page).innerText()).toBe("0 Jobs");
  expect(await page.getByText("Not Jobs Found").isVisible()).toBe(true);
  expect(await cards(page).count()).toBe(0);
  await page.context().close();
});

test("expired listings are not shown", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?search=Expired Role`);
  await waitForResults(page, 0);
  await page.context().close();
});

test("an invalid value in a link shows a clear message and the rest of the search, not an error page", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  const response = await page.goto(`${e2e.url}/?minSalary=lots&search=architect`, { waitUntil: "domcontentloaded" });
  expect(response?.status()).toBe(200);
  await hydrated(page);
  const alert = page.getByRole("alert");
  expect(await alert.innerText()).toContain("Minimum salary: Must be a number");
  await waitForResults(page, 1);
  await page.context().close();
});

test("a page number past the last page shows the last page and says so, not '99 / 3'", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?page=99`);
  expect(await page.getByRole("alert").innerText()).toContain("Page: There are only 3 pages; showing the last one");
  expect(
    await page
      .getByRole("form", { name: "Pages" })
      .getByText(/\d+ \/ \d+/)
      .textContent(),
  ).toBe("Page 3 / 3");
  expect(await cards(page).count()).toBe(ACTIVE - 20);
  await page.context().close();
});

test("a minimum salary above the maximum says so instead of silently finding nothing", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?minSalary=300000&maxSalary=100000`);
  expect(await page.getByRole("alert").innerText()).toContain(
    "Minimum salary: Must not be more than the maximum salary (1,00,000)",
  );
  expect(await cards(page).count()).toBeGreaterThan(0);
  await page.context().close();
});

test("search, filters and pages work without JavaScript", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP, javaScriptEnabled: false });
  await page.goto(e2e.url);
  await page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByRole("radio", { name: "Last 7 days" }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/datePosted=7d/);
  await waitForResults(page, 2);
  await page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByRole("button", { name: "Clear" }).click();
  await waitForResults(page, ACTIVE);
  expect(new URL(page.url()).search).toBe("");
  await page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("2 / 3").waitFor();
  await page.context().close();
});

test("a card shows company, title and its chips, and the whole card opens the job", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?search=Intern Tester`);
  const card = cards(page).first();
  const text = await card.innerText();
  for (const expected of [
    "Acme Widgets",
    "Intern Tester",
    "Pune",
    "Part-time",
    "5,000-8,000 / Monthly",
    "Internship",
    "Basic English",
  ]) {
    expect(text).toContain(expected);
  }
  expect(await card.locator("svg.lucide-indian-rupee").count()).toBe(1);
  // A click on the chips, not on the title: the whole card is the link.
  const box = await card.getByText("Part-time").boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.waitForURL(`${e2e.url}/jobs/${internId}`);
  await page.context().close();
});

test("a card logo shows a skeleton for 2 s, then the image, and falls back to the default image when broken or absent", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await page.goto(`${e2e.url}/?datePosted=7d`, { waitUntil: "domcontentloaded" });
  const skeletons = page.getByTestId("logo-skeleton");
  expect(await skeletons.first().isVisible()).toBe(true);
  await skeletons.first().waitFor({ state: "hidden", timeout: 10_000 });
  await hydrated(page);
  const intern = page.getByRole("img", { name: "Acme Widgets logo" }).first();
  expect(await intern.getAttribute("src")).toBe(`${e2e.url}/images/logo.svg`);
  await expect
    .poll(() => cards(page).filter({ hasText: "Senior Architect" }).getByRole("img").getAttribute("src"))
    .toBe("/images/company-fallback.svg");
  await page.goto(`${e2e.url}/?search=Filler Engineer 1`, { waitUntil: "domcontentloaded" });
  expect(await cards(page).first().getByRole("img").getAttribute("src")).toBe("/images/company-fallback.svg");
  await page.context().close();
});

test("the scroll-to-top button appears after 300 px of scroll and takes the page back up", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, e2e.url);
  const button = page.getByRole("button", { name: "Scroll to top" });
  expect(await button.count()).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 800));
  await button.waitFor();
  // Back to 200 px: the button going away shows the scroll there was seen, and that 200 px is not enough.
  await page.evaluate(() => window.scrollTo(0, 200));
  await button.waitFor({ state: "detached" });
  await page.evaluate(() => window.scrollTo(0, 301));
  await button.waitFor();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await button.waitFor({ state: "detached" });
  await page.context().close();
});

test("at 375 px the filters are a slide-up panel opened by the Filter button, closed by its close button, Escape or the backdrop", async () => {
  const page = await e2e.newPage({ viewport: MOBILE });
  await open(page, e2e.url);
  const opener = page.getByRole("button", { name: "Filter", exact: true });
  const dialog = page.getByRole("dialog", { name: "Filters" });
  expect(await page.getByRole("radio", { name: "Internship" }).isVisible()).toBe(false);

  await opener.click();
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Close filters" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Filter");

  await opener.click();
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });

  await opener.click();
  await dialog.waitFor();
  await page.getByTestId("filter-backdrop").click({ position: { x: 20, y: 20 } });
  await dialog.waitFor({ state: "hidden" });

  await opener.click();
  await dialog.getByRole("radio", { name: "Internship" }).check();
  await dialog.getByRole("button", { name: "Apply" }).click();
  await waitForResults(page, 1);
  await dialog.waitFor({ state: "hidden" });
  await page.context().close();
});

test(
  "home has no serious or critical accessibility violations at 1280 px and at 375 px",
  { timeout: 90_000 },
  async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.newPage({ viewport });
      await open(page, e2e.url);
      await page.getByTestId("logo-skeleton").first().waitFor({ state: "hidden" });
      await expectAccessible(page);
      if (viewport === MOBILE) {
        await page.getByRole("button", { name: "Filter", exact: true }).click();
        const sheet = page.getByRole("dialog", { name: "Filters" });
        await sheet.waitFor();
        await animationsDone(sheet);
        await expectAccessible(page);
      }
      await page.context().close();
    }
  },
);

test("the filter sidebar becomes the slide-up panel at exactly 768 px and stays a sidebar at 769 px", async () => {
  const page = await e2e.newPage({ viewport: { width: 768, height: 900 } });
  await open(page, e2e.url);
  const opener = page.getByRole("button", { name: "Filter", exact: true });
  const internship = page.getByRole("radio", { name: "Internship" });
  expect(await opener.isVisible()).toBe(true);
  expect(await internship.isVisible()).toBe(false);
  await page.setViewportSize({ width: 769, height: 900 });
  await internship.waitFor();
  expect(await opener.isVisible()).toBe(false);
  await page.context().close();
});
