import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { expectAccessible, expectFocusTrappedInDialog, flowTest, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";
import { daysAgo } from "#tests/e2e/job-data.ts";

// Each test drives several pages (and waits out the spec's 1.5 s and 2 s timers) on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const e2e = useE2e();

/** Seven listings, newest first on the page: 5 on page 1, 2 on page 2; the oldest has expired. */
const LISTINGS = [
  {
    jobTitle: "React Developer",
    companyName: "Acme Widgets",
    jobLocation: "Bengaluru",
    postingDate: daysAgo(0),
    minPrice: "10",
    maxPrice: "20",
  },
  { jobTitle: "Data Analyst", companyName: "Globex", jobLocation: "Mumbai", postingDate: daysAgo(1) },
  { jobTitle: "QA Engineer", companyName: "Initech", jobLocation: "Remote", postingDate: daysAgo(2) },
  { jobTitle: "Designer", companyName: "Umbrella Corp", jobLocation: "Delhi", postingDate: daysAgo(3) },
  { jobTitle: "Support Lead", companyName: "Hooli", jobLocation: "Hyderabad", postingDate: daysAgo(4) },
  { jobTitle: "Backend Developer", companyName: "Acme Widgets", jobLocation: "Chennai", postingDate: daysAgo(5) },
  { jobTitle: "Archivist", companyName: "Old Records", jobLocation: "Kolkata", postingDate: daysAgo(45) },
];

const titlesOnPage = (page: Page) =>
  page.locator("tbody tr td:nth-child(2)").evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ""));

describe.each(VIEWPORTS)("My Listings at %s width", (_name, viewport) => {
  const flow = flowTest(viewport);
  let owner: Session;
  let page: Page;

  async function post(session: Session, { postingDate, ...overrides }: Record<string, unknown>) {
    // The API refuses a date outside the 30-day window; an expired listing is one posted long ago, so its date is set
    // in the database after posting.
    const { json } = await api(e2e.url, "/api/post-job", { method: "POST", session, body: validJob(overrides) });
    const id = json.insertedId as string;
    if (typeof postingDate === "string") {
      await e2e.server.services.database.db
        .update(jobs)
        .set({ postingDate: new Date(postingDate) })
        .where(eq(jobs.id, id));
    }
    return id;
  }

  beforeAll(async () => {
    const stranger = await signUp(e2e.url);
    await post(stranger, { jobTitle: "Someone Else's Job" });
  });

  // Every test starts from its own employer with the seven listings, on page 1 of a fresh page.
  beforeEach(async () => {
    owner = await signUp(e2e.url);
    for (const listing of LISTINGS) await post(owner, listing);
    page = await e2e.newPage({ viewport, session: owner });
    await page.goto(`${e2e.url}/my-job`);
    await page.getByRole("heading", { name: "All My Listings" }).waitFor();
  });
  afterEach(() => page?.context().close());

  test("the page shows its heading, text, search box, Post A New Job link and the table columns", async () => {
    await page.getByText("You can find your job listings here, and edit or delete them as needed.").waitFor();
    expect(await page.getByPlaceholder("Search Posted Jobs...").count()).toBe(1);
    await page.getByRole("button", { name: "Search" }).waitFor();
    expect(await page.getByRole("link", { name: "Post A New Job" }).getAttribute("href")).toBe("/post-job");
    const headers = await page.getByRole("columnheader").allTextContents();
    expect(headers).toEqual(["No.", "Title", "Company Name", "Salary (min - max)", "Edit", "Delete"]);
    const firstRow = page.getByRole("row").nth(1);
    // The title's cell also links to what the listing earned (issue 32).
    expect(await firstRow.getByRole("cell").allTextContents()).toEqual([
      "1",
      "React DeveloperStats: 0 views, 0 apply clicks, 0 impressionsMark as filled",
      "Acme Widgets",
      "10 - 20",
      "Edit",
      "Delete",
    ]);
    expect(await firstRow.getByRole("link", { name: "Edit React Developer" }).getAttribute("href")).toMatch(
      /^\/edit-job\/[0-9a-f-]{36}$/,
    );
    // The title opens the listing as visitors see it, the company name the company's page (issue 32).
    const title = firstRow.getByRole("link", { name: "React Developer", exact: true });
    expect(await title.getAttribute("href")).toMatch(/^\/jobs\/[0-9a-f-]{36}$/);
    expect(await firstRow.getByRole("link", { name: "Acme Widgets" }).getAttribute("href")).toMatch(
      /^\/companies\/acme-widgets/,
    );
    await title.click();
    await page.getByRole("heading", { level: 1, name: "React Developer" }).waitFor();
  });

  test("every row's Edit and Delete are on screen with no sideways scroll, on a phone too", async () => {
    await page.getByRole("link", { name: "Edit React Developer" }).waitFor();
    for (const title of ["React Developer", "Data Analyst", "Support Lead"]) {
      for (const control of [
        page.getByRole("link", { name: `Edit ${title}` }),
        page.getByRole("button", { name: `Delete ${title}` }),
      ]) {
        const box = await control.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
    }
    const overflow = await page.evaluate(() =>
      // A scroll box wider than its content hides something sideways; one-pixel screen-reader-only text does not count.
      [...document.querySelectorAll("main *")].some(
        (element) =>
          element.clientWidth > 1 &&
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== "visible",
      ),
    );
    expect(overflow).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });

  flow("only the signed-in user's listings show, 5 per page, with left and right arrows", async () => {
    expect(await titlesOnPage(page)).toEqual([
      "React Developer",
      "Data Analyst",
      "QA Engineer",
      "Designer",
      "Support Lead",
    ]);
    const previous = page.getByRole("button", { name: "Previous page" });
    const next = page.getByRole("button", { name: "Next page" });
    expect(await previous.isDisabled()).toBe(true);
    await page.getByText("1 / 2").waitFor();
    await next.click();
    // Paging changes the page's address (so Back returns to it): the rows follow the router, a moment after the click.
    await expect.poll(() => titlesOnPage(page)).toEqual(["Backend Developer", "Archivist"]);
    expect(await page.getByRole("cell", { name: "6", exact: true }).count()).toBe(1);
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    await page.getByText("1 / 2").waitFor();
    expect(await page.getByText("Someone Else's Job").count()).toBe(0);
  });

  flow("expired listings are still shown and marked 'Expired'", async () => {
    await page.getByRole("button", { name: "Next page" }).click();
    const archivist = page.getByRole("row").filter({ hasText: "Archivist" });
    await archivist.getByText("Expired", { exact: true }).waitFor();
    expect(await page.getByRole("row").filter({ hasText: "Backend Developer" }).getByText("Expired").count()).toBe(0);
  });

  flow("Search filters by title, company or location, ignoring case, and starts again at page 1", async () => {
    const box = page.getByPlaceholder("Search Posted Jobs...");
    const search = async (text: string) => {
      await box.fill(text);
      await page.getByRole("button", { name: "Search" }).click();
    };
    await page.getByRole("button", { name: "Next page" }).click();
    await search("DEVELOPER");
    await expect.poll(() => titlesOnPage(page)).toEqual(["React Developer", "Backend Developer"]);
    await page.getByText("1 / 1").waitFor();
    await search("acme");
    await expect.poll(() => page.url()).toMatch(/\?q=acme$/);
    expect(await titlesOnPage(page)).toEqual(["React Developer", "Backend Developer"]);
    await search("mumbai");
    await expect.poll(() => titlesOnPage(page)).toEqual(["Data Analyst"]);
    // Typing alone does not search; the Search button does.
    await box.fill("zzz");
    expect(await titlesOnPage(page)).toEqual(["Data Analyst"]);
    await page.keyboard.press("Enter");
    await page.getByText("No listings match your search.").waitFor();
    await search("");
    await expect.poll(async () => (await titlesOnPage(page)).length).toBe(5);
  });

  test("Cancel closes the confirm dialog, keeps the row and clears the selection; Escape does the same", async () => {
    const deleteButton = page.getByRole("button", { name: "Delete QA Engineer" });
    await deleteButton.click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this job?" });
    await confirm.waitFor();
    await expectFocusTrappedInDialog(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await confirm.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Delete QA Engineer");
    await deleteButton.click();
    await confirm.waitFor();
    await page.keyboard.press("Escape");
    expect(await confirm.count()).toBe(0);
    expect(await titlesOnPage(page)).toContain("QA Engineer");
    const { json } = await api(e2e.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, { session: owner });
    expect(json).toHaveLength(LISTINGS.length);
  });

  flow(
    "Delete shows 'Job deleted successfully!' with Close and the row goes once the server acknowledges",
    async () => {
      await page.getByRole("button", { name: "Delete Designer" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      const done = page.getByRole("dialog", { name: "Job deleted successfully!" });
      await done.waitFor();
      await expect.poll(() => titlesOnPage(page)).not.toContain("Designer");
      await expectFocusTrappedInDialog(page);
      await done.getByRole("button", { name: "Close" }).click();
      expect(await done.count()).toBe(0);
      // The row's Delete button is gone, so focus lands on the page heading rather than nowhere.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("All My Listings");
      // The next listing moves up from page 2.
      expect(await titlesOnPage(page)).toEqual([
        "React Developer",
        "Data Analyst",
        "QA Engineer",
        "Support Lead",
        "Backend Developer",
      ]);
      const { json } = await api(e2e.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, { session: owner });
      expect(json.map((job: { jobTitle: string }) => job.jobTitle)).not.toContain("Designer");
    },
  );

  flow("a delete the server refuses keeps the row, and the dialog says it was not deleted and why", async () => {
    const { json } = await api(e2e.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, { session: owner });
    const support = json.find((job: { jobTitle: string }) => job.jobTitle === "Support Lead");
    await api(e2e.url, `/api/job/${support._id}`, { method: "DELETE", session: owner });
    await page.getByRole("button", { name: "Delete Support Lead" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    const refused = page.getByRole("dialog", { name: "The job was not deleted" });
    await refused.getByRole("alert").filter({ hasText: "“Support Lead” was not deleted: Job not found" }).waitFor();
    // One message, not two that contradict each other: nothing still claims the delete succeeded.
    expect(await page.getByText("Job deleted successfully!").count()).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(1);
    expect(await titlesOnPage(page)).toContain("Support Lead");
    await page.getByRole("button", { name: "Close" }).click();
  });

  test("the My Listings page and its dialog have no serious or critical accessibility violations", async () => {
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete React Developer" }).click();
    await page.getByRole("alertdialog").waitFor();
    await expectAccessible(page);
  });
});
