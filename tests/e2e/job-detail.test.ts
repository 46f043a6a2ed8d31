import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import {
  animationsDone,
  DESKTOP,
  expectAccessible,
  freezeAnimations,
  pauseClock,
  hydrated,
  MOBILE,
  useE2e,
} from "#tests/e2e/fixtures.ts";
import { daysAgo, insertJobs, open, postJobViaApi } from "#tests/e2e/job-data.ts";

const e2e = useE2e();
let fullId: string;
let bareId: string;
let expiredId: string;

const COMPANY_DESCRIPTION =
  "Acme makes widgets for everyone. We started in a garage in Pune and now ship to forty countries, with a team of two hundred people who love their craft.";

beforeAll(async () => {
  fullId = await postJobViaApi(
    e2e.server,
    {
      jobTitle: "Staff React Engineer",
      postingDate: daysAgo(1),
      postedByNumber: "+91 98765 43210",
      gender: "Female",
      companyDec: COMPANY_DESCRIPTION,
      companyLogo: `${e2e.url}/images/logo.svg`,
      companyFacebook: "https://www.facebook.com/acme",
      companyTwitter: "https://x.com/acme",
      description: "Build delightful interfaces.\nShip every week.",
      responsibilities: "1. Write React components\n2. Review pull requests",
      requirements: "3 years of React\nGood English",
    },
    { email: "hr@acme.example" },
  );
  await insertJobs(
    e2e.server,
    [
      {
        jobTitle: "Bare Listing",
        postedByNumber: "",
        companyLogo: `${e2e.url}/images/missing.png`,
        companyLinkedin: "",
        companyInstgram: "",
        companySite: "",
        higherEducation: "",
      },
    ],
    { skills: [], postedByEmail: null },
  );
  await insertJobs(e2e.server, [{ jobTitle: "Long Gone Role", postingDate: daysAgo(45) }]);
  const rows = await e2e.server.services.database.db.select({ id: jobs.id, title: jobs.title }).from(jobs);
  bareId = rows.find((row) => row.title === "Bare Listing")!.id;
  expiredId = rows.find((row) => row.title === "Long Gone Role")!.id;
});

const main = (page: Page) => page.locator("main");

test("a 1.5 s spinner shows first, then the job", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  // CSS hides the spinner after 1.5 s; with animations stopped it is still there to be looked at on a slow machine.
  const animations = await freezeAnimations(page);
  await page.goto(`${e2e.url}/jobs/${fullId}`, { waitUntil: "domcontentloaded" });
  await hydrated(page);
  const spinner = page.getByRole("status", { name: "Loading job" });
  expect(await spinner.isVisible()).toBe(true);
  await animations.resume();
  await spinner.waitFor({ state: "hidden", timeout: 10_000 });
  expect(await page.getByRole("heading", { level: 1, name: "Staff React Engineer" }).isVisible()).toBe(true);
  await page.context().close();
});

test("the job is in the server-rendered page under the spinner, for crawlers and readers without JavaScript", async () => {
  const html = await (await fetch(`${e2e.url}/jobs/${fullId}`)).text();
  expect(html).toContain("Staff React Engineer");
  expect(html).toContain("Build delightful interfaces.");
  const page = await e2e.newPage({ viewport: DESKTOP, javaScriptEnabled: false });
  await page.goto(`${e2e.url}/jobs/${fullId}`);
  await page.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
  expect(await page.getByRole("heading", { level: 1, name: "Staff React Engineer" }).isVisible()).toBe(true);
  await page.context().close();
});

test("the detail shows its chips, skills, openings, bullet lists and the 'Posted on' date", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  const chips = await page.getByRole("list", { name: "Job facts" }).getByRole("listitem").allTextContents();
  expect(chips).toEqual([
    "Location: Bengaluru",
    "Gender: Female",
    "English level: Intermediate English",
    "Employment type: Full-time",
    "Experience: 0-3 Year",
    "Salary: 40,000 - 60,000 / Monthly",
    "Higher education: B.Tech",
  ]);
  expect(await page.getByRole("list", { name: "Job facts" }).locator("svg.lucide-indian-rupee").count()).toBe(1);
  expect(await page.getByRole("list", { name: "Skills" }).getByRole("listitem").allInnerTexts()).toEqual([
    "React",
    "CSS",
  ]);
  expect(await main(page).innerText()).toMatch(/Openings:\s*2/);
  const list = (heading: string) =>
    page.locator("section", { has: page.getByRole("heading", { name: heading }) }).getByRole("listitem");
  expect(await list("Description").allInnerTexts()).toEqual(["Build delightful interfaces.", "Ship every week."]);
  expect(await list("Responsibilities").allInnerTexts()).toEqual(["Write React components", "Review pull requests"]);
  expect(await list("Requirements").allInnerTexts()).toEqual(["3 years of React", "Good English"]);
  const expected = new Date(`${daysAgo(1)}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });
  expect(await main(page).innerText()).toContain(`Posted on ${expected}`);
  await page.context().close();
});

test("desktop shows Apply in a new tab, the mail and chat links and Share Job", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  const apply = page.getByRole("link", { name: "Apply", exact: true });
  expect(await apply.getAttribute("href")).toBe("https://acme.example/apply");
  expect(await apply.getAttribute("target")).toBe("_blank");
  expect(await page.getByRole("link", { name: "hr@acme.example" }).getAttribute("href")).toMatch(
    /^mailto:hr@acme\.example/,
  );
  expect(await page.getByRole("link", { name: "+91 98765 43210" }).getAttribute("href")).toBe(
    "https://wa.me/919876543210",
  );
  expect(await page.getByRole("button", { name: "Share Job" }).isVisible()).toBe(true);
  expect(await page.getByRole("button", { name: "Apply Now" }).isVisible()).toBe(false);
  await page.context().close();
});

test("without email, number or skills the page says 'Null Mail', 'Null Num' and 'No skills listed', and leaves out empty chips", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/jobs/${bareId}`);
  const text = await main(page).innerText();
  for (const expected of ["Null Mail", "Null Num", "No skills listed"]) expect(text).toContain(expected);
  const chips = await page.getByRole("list", { name: "Job facts" }).getByRole("listitem").allInnerTexts();
  expect(chips).not.toContain("B.Tech");
  expect(chips).toHaveLength(6);
  await page.context().close();
});

test("a broken company logo falls back to an icon", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/jobs/${bareId}`);
  await expect.poll(() => page.locator("svg[aria-label='Acme Widgets logo']").count()).toBe(2);
  await page.context().close();
});

test("the company card cuts the description at 100 characters behind Read More / Read Less and links the company's pages", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  const card = page.getByRole("complementary", { name: "Acme Widgets" });
  expect(await card.innerText()).toContain("Software");
  const shortText = `${COMPANY_DESCRIPTION.slice(0, 100).trimEnd()}…`;
  expect(await card.getByText(shortText).isVisible()).toBe(true);
  // Each on a line of its own: side by side they read as one link, "Read MoreAll jobs at Acme Widgets".
  const readMore = await card.getByRole("button", { name: "Read More" }).boundingBox();
  const allJobs = await card.getByRole("link", { name: "All jobs at Acme Widgets" }).boundingBox();
  expect(allJobs?.y).toBeGreaterThanOrEqual((readMore?.y ?? Infinity) + (readMore?.height ?? 0));
  await card.getByRole("button", { name: "Read More" }).click();
  expect(await card.getByText(COMPANY_DESCRIPTION).isVisible()).toBe(true);
  await card.getByRole("button", { name: "Read Less" }).click();
  expect(await card.getByText(shortText).isVisible()).toBe(true);
  const links = {
    "Company website": "https://acme.example",
    Facebook: "https://www.facebook.com/acme",
    LinkedIn: "https://www.linkedin.com/company/acme",
    Instagram: "https://www.instagram.com/acme",
    Twitter: "https://x.com/acme",
  };
  for (const [name, href] of Object.entries(links)) {
    expect(await card.getByRole("link", { name }).getAttribute("href")).toBe(href);
  }
  await page.context().close();
});

test("on a 375 px screen 'Apply Now' opens a sheet with Share Job, Call HR, Email and Apply Now that closes again", async () => {
  const page = await e2e.newPage({ viewport: MOBILE });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  expect(await page.getByRole("link", { name: "Apply", exact: true }).isVisible()).toBe(false);
  const opener = page.getByRole("button", { name: "Apply Now" });
  await opener.click();
  const sheet = page.getByRole("dialog", { name: "Apply for Staff React Engineer" });
  await sheet.waitFor();
  expect(await sheet.getByRole("button", { name: "Share Job" }).isVisible()).toBe(true);
  expect(await sheet.getByRole("link", { name: "Call HR" }).getAttribute("href")).toBe("tel:+919876543210");
  expect(await sheet.getByRole("link", { name: "Email" }).getAttribute("href")).toMatch(/^mailto:hr@acme\.example/);
  const apply = sheet.getByRole("link", { name: "Apply Now" });
  expect(await apply.getAttribute("href")).toBe("https://acme.example/apply");
  expect(await apply.getAttribute("target")).toBe("_blank");

  // Spec: the sheet plays a 300 ms hide animation before it is cleared; with the clock stopped it can be seen closing.
  await pauseClock(page);
  await sheet.getByRole("button", { name: "Close" }).click();
  expect(await sheet.count()).toBe(1);
  await page.clock.runFor(299);
  expect(await sheet.count()).toBe(1);
  await page.clock.runFor(1);
  await sheet.waitFor({ state: "detached" });
  await page.clock.resume();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Apply Now");

  await opener.click();
  await sheet.waitFor();
  await page.keyboard.press("Escape");
  await sheet.waitFor({ state: "detached" });
  await opener.click();
  await sheet.waitFor();
  await page.getByTestId("sheet-backdrop").click({ position: { x: 20, y: 20 } });
  await sheet.waitFor({ state: "detached" });
  await page.context().close();
});

test("the sheet leaves out Call HR and Email when the job has neither", async () => {
  const page = await e2e.newPage({ viewport: MOBILE });
  await open(page, `${e2e.url}/jobs/${bareId}`);
  await page.getByRole("button", { name: "Apply Now" }).click();
  const sheet = page.getByRole("dialog");
  await sheet.waitFor();
  expect(await sheet.getByRole("link", { name: "Call HR" }).count()).toBe(0);
  expect(await sheet.getByRole("link", { name: "Email" }).count()).toBe(0);
  expect(await sheet.getByRole("link", { name: "Apply Now" }).count()).toBe(1);
  await page.context().close();
});

test("Share Job without the Web Share API shows the spec's alert", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  // alert() blocks the page until it is handled, so the handler must be in place before the click.
  const shown: { type: string; message: string }[] = [];
  page.on("dialog", async (dialog) => {
    shown.push({ type: dialog.type(), message: dialog.message() });
    await dialog.dismiss();
  });
  await page.getByRole("button", { name: "Share Job" }).click();
  await expect
    .poll(() => shown)
    .toEqual([{ type: "alert", message: "Web Share API is not supported in your browser." }]);
  await page.context().close();
});

test("after that alert, Share Job copies the job's link to the clipboard and says so", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.url });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  page.on("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("button", { name: "Share Job" }).first().click();
  await page
    .getByRole("status")
    .filter({ hasText: "Link copied. Paste it wherever you want to share this job." })
    .first()
    .waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.url}/jobs/${fullId}`);
  await page.context().close();
});

test("Share Job hands title, text and url to the Web Share API, and a cancelled share is ignored", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: (data: unknown) => {
        calls.push(data);
        return calls.length === 1
          ? Promise.resolve()
          : Promise.reject(new DOMException("Share canceled", "AbortError"));
      },
    });
  });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  let alerted = false;
  page.on("dialog", () => (alerted = true));
  await page.getByRole("button", { name: "Share Job" }).click();
  await page.getByRole("button", { name: "Share Job" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls.length))
    .toBe(2);
  const [first] = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
  expect(first).toEqual({
    title: "Staff React Engineer",
    text: "Staff React Engineer at Acme Widgets",
    url: `${e2e.url}/jobs/${fullId}`,
  });
  expect(alerted).toBe(false);
  expect(await page.getByRole("alert").count()).toBe(0);
  await page.context().close();
});

test("an unknown or malformed job id shows 'Job not found' with HTTP 404", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-job"]) {
    const response = await page.goto(`${e2e.url}/jobs/${id}`, { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1, name: "Job not found" }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
  }
  await page.context().close();
});

test("an expired listing answers 410 Gone, still shows, says it has expired, and is noindex without JSON-LD", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  const response = await page.goto(`${e2e.url}/jobs/${expiredId}`, { waitUntil: "domcontentloaded" });
  expect(response?.status()).toBe(410);
  await open(page, `${e2e.url}/jobs/${expiredId}`);
  expect(await page.getByRole("heading", { level: 1, name: "Long Gone Role" }).isVisible()).toBe(true);
  expect(await page.getByText("This listing has expired").isVisible()).toBe(true);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  await page.context().close();
});

test("the back button returns to the page the visitor came from", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await open(page, `${e2e.url}/?search=Bare`);
  await page.getByRole("link", { name: "Bare Listing" }).click();
  await page.waitForURL(`${e2e.url}/jobs/${bareId}`);
  await page.getByRole("link", { name: "Back" }).click();
  await page.waitForURL(`${e2e.url}/?search=Bare`);
  await page.context().close();
});

test(
  "job detail has no serious or critical accessibility violations at 1280 px and at 375 px",
  { timeout: 90_000 },
  async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.newPage({ viewport });
      await open(page, `${e2e.url}/jobs/${fullId}`);
      await expectAccessible(page);
      if (viewport === MOBILE) {
        await page.getByRole("button", { name: "Apply Now" }).click();
        const sheet = page.getByRole("dialog");
        await sheet.waitFor();
        await animationsDone(sheet);
        await expectAccessible(page);
      }
      await page.context().close();
    }
  },
);

test("'Apply Now' replaces the desktop actions at exactly 768 px, and not at 769 px", async () => {
  const page = await e2e.newPage({ viewport: { width: 768, height: 900 } });
  await open(page, `${e2e.url}/jobs/${fullId}`);
  // The bar is revealed by its own animation, ending with the spinner's: waited for, not read at one instant.
  await page.getByRole("button", { name: "Apply Now" }).waitFor();
  expect(await page.getByRole("link", { name: "Apply", exact: true }).isVisible()).toBe(false);
  await page.setViewportSize({ width: 769, height: 900 });
  await page.getByRole("link", { name: "Apply", exact: true }).waitFor();
  expect(await page.getByRole("button", { name: "Apply Now" }).isVisible()).toBe(false);
  await page.context().close();
});
