import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, expect, test, vi } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { DESKTOP, expectAccessible, hydrated, MOBILE, useE2e, type Viewport } from "#tests/e2e/fixtures.ts";

// Each test drives several full page loads on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const e2e = useE2e();
const SHOTS = process.env.SCREENSHOT_DIR;
let owner: Session;

beforeAll(async () => {
  owner = await signUp(e2e.url, { name: "Plain Listings Owner" });
});

async function postListing(overrides: Record<string, unknown>, session = owner) {
  const { status, json } = await api(e2e.url, "/api/post-job", { method: "POST", session, body: validJob(overrides) });
  expect(status).toBe(201);
  return json.insertedId as string;
}

/** What the person sees as the page arrives (at the notice or the question it went to). */
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  // The page scrolls smoothly to where it went: the picture is taken once it stands still.
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { interval: 150 },
    )
    .toBe(true);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** My Listings without scripts, searched for `title` with its own box: the owner has more listings than a page holds. */
async function plainListings(title: string, viewport: Viewport = DESKTOP, session = owner) {
  const page = await e2e.newPage({ viewport, javaScriptEnabled: false, session });
  await page.goto(`${e2e.url}/my-job`);
  await page.getByRole("searchbox", { name: "Search your listings by title, company or location" }).fill(title);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === title);
  return page;
}

const listed = async (id: string) => (await api(e2e.url, `/api/all-jobs/${id}`)).status;

const titlesOnPage = (page: Page) =>
  page.locator("tbody tr td:nth-child(2)").evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ""));

test("without scripts, an employer marks a listing as filled from My Listings and it shows as closed", async () => {
  const id = await postListing({ jobTitle: "Filled Plainly" });
  const page = await plainListings("Filled Plainly");
  await page.getByRole("button", { name: "Mark as filled: Filled Plainly" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "“Filled Plainly” is closed: it is off the board and keeps its applications." })
    .waitFor();
  // Back at the same search, at the notice.
  const url = new URL(page.url());
  expect(url.searchParams.get("q")).toBe("Filled Plainly");
  expect(url.hash).toBe("#listing-notice");
  const row = page.getByRole("row").filter({ hasText: "Filled Plainly" });
  await row.getByText("Closed", { exact: true }).waitFor();
  await row.getByRole("button", { name: "Reopen listing: Filled Plainly" }).waitFor();
  expect(await listed(id)).toBe(404);
  await page.context().close();
});

test("without scripts, an employer reopens a closed listing from My Listings and it is back on the board", async () => {
  const id = await postListing({ jobTitle: "Reopened Plainly" });
  expect((await api(e2e.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
  const page = await plainListings("Reopened Plainly", MOBILE);
  await page.getByRole("button", { name: "Reopen listing: Reopened Plainly" }).click();
  await page.getByRole("status").filter({ hasText: "“Reopened Plainly” is back on the board." }).waitFor();
  await page.getByRole("button", { name: "Mark as filled: Reopened Plainly" }).waitFor();
  expect(await listed(id)).toBe(200);
  await shot(page, "my-listings-no-js-notice-375");
  await page.setViewportSize(DESKTOP);
  await shot(page, "my-listings-no-js-notice-1280");
  await page.context().close();
});

test("without scripts, an employer renews an expired listing from My Listings and it is live again", async () => {
  const id = await postListing({ jobTitle: "Renewed Plainly" });
  const aged = new Date(Date.now() - 35 * 24 * 60 * 60 * 1000);
  await e2e.server.services.database.db.update(jobs).set({ postingDate: aged }).where(eq(jobs.id, id));
  const page = await plainListings("Renewed Plainly");
  const row = page.getByRole("row").filter({ hasText: "Renewed Plainly" });
  await row.getByText("Expired", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Renew Renewed Plainly for 30 more days" }).click();
  const outcome = page.getByRole("status").filter({ hasText: "“Renewed Plainly” is renewed until" });
  await outcome.waitFor();
  // The same words, and the same date format, as with scripts.
  expect(await outcome.textContent()).toMatch(/is renewed until [A-Z][a-z]+ \d{2}, \d{4}\.$/);
  expect(await row.getByText("Expired", { exact: true }).count()).toBe(0);
  expect(await page.getByRole("button", { name: "Renew Renewed Plainly for 30 more days" }).count()).toBe(0);
  expect(await listed(id)).toBe(200);
  await page.context().close();
});

for (const viewport of [MOBILE, DESKTOP]) {
  test(`without scripts, an employer deletes a listing after confirming, and cancelling deletes nothing, at ${viewport.width} px`, async () => {
    const title = `Deleted Plainly ${viewport.width}`;
    const id = await postListing({ jobTitle: title, companyName: "Plain Deletes" });
    const page = await plainListings(title, viewport);
    const question = page.getByRole("region", { name: "Are you sure you want to delete this job?" });

    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await question.getByText(`“${title}” at Plain Deletes will be removed for good.`).waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe(title);
    await shot(page, `my-listings-no-js-delete-question-${viewport.width}`);
    await question.getByRole("link", { name: "Cancel" }).click();
    await question.waitFor({ state: "detached" });
    expect(await titlesOnPage(page)).toEqual([title]);
    expect(await listed(id)).toBe(200);

    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await question.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("status").filter({ hasText: "Job deleted successfully!" }).waitFor();
    await page.getByText("No listings match your search.").waitFor();
    expect(new URL(page.url()).searchParams.get("delete")).toBeNull();
    expect(await listed(id)).toBe(404);
    await shot(page, `my-listings-no-js-deleted-${viewport.width}`);
    await page.context().close();
  });
}

test("without scripts, an employer searches and pages My Listings, and Back returns to the previous page", async () => {
  const pager = await signUp(e2e.url, { name: "Paging Owner" });
  for (const n of [1, 2, 3, 4, 5, 6]) await postListing({ jobTitle: `Paged Role ${n}` }, pager);
  await postListing({ jobTitle: "Unrelated Opening", jobLocation: "Pune" }, pager);
  const page = await e2e.newPage({ viewport: MOBILE, javaScriptEnabled: false, session: pager });
  await page.goto(`${e2e.url}/my-job`);
  await page.getByText("1 / 2").waitFor();
  expect(await page.getByRole("button", { name: "Previous page" }).isDisabled()).toBe(true);

  await page.getByRole("searchbox", { name: "Search your listings by title, company or location" }).fill("PAGED role");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(`${e2e.url}/my-job?q=PAGED+role`);
  await page.getByText("1 / 2").waitFor();
  expect((await titlesOnPage(page)).every((title) => title.startsWith("Paged Role"))).toBe(true);
  await page.getByRole("button", { name: "Next page" }).click();
  await page.getByText("2 / 2").waitFor();
  const url = new URL(page.url());
  expect([url.searchParams.get("q"), url.searchParams.get("page")]).toEqual(["PAGED role", "2"]);
  expect(await titlesOnPage(page)).toHaveLength(1);
  expect(await page.getByRole("cell", { name: "6", exact: true }).count()).toBe(1);
  expect(await page.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
  // The page's address holds the search, so the box still shows it.
  expect(await page.getByRole("searchbox").inputValue()).toBe("PAGED role");

  await page.goBack();
  await page.getByText("1 / 2").waitFor();
  expect(await titlesOnPage(page)).toHaveLength(5);
  await page.getByRole("searchbox").fill("pune");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("1 / 1").waitFor();
  expect(await titlesOnPage(page)).toEqual(["Unrelated Opening"]);
  await page.context().close();
});

test("with scripts, searching and paging My Listings change its address, and Back and Forward return to them", async () => {
  const pager = await signUp(e2e.url, { name: "Scripted Pager" });
  for (const n of [1, 2, 3, 4, 5, 6]) await postListing({ jobTitle: `Scripted Role ${n}` }, pager);
  await postListing({ jobTitle: "Other Opening" }, pager);
  const page = await e2e.open("/my-job", { viewport: DESKTOP, session: pager });
  const box = page.getByRole("searchbox", { name: "Search your listings by title, company or location" });
  await box.fill("scripted");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(`${e2e.url}/my-job?q=scripted`);
  await page.getByRole("button", { name: "Next page" }).click();
  await page.waitForURL(`${e2e.url}/my-job?q=scripted&page=2`);
  await page.getByText("2 / 2").waitFor();

  await page.goBack();
  await page.waitForURL(`${e2e.url}/my-job?q=scripted`);
  await page.getByText("1 / 2").waitFor();
  await page.goBack();
  await page.waitForURL(`${e2e.url}/my-job`);
  await expect.poll(() => box.inputValue()).toBe("");
  expect(await titlesOnPage(page)).toHaveLength(5);
  await page.getByText("1 / 2").waitFor();
  await page.goForward();
  await expect.poll(() => box.inputValue()).toBe("scripted");
  await page.context().close();
});

test("with scripts, Mark as filled and Reopen on My Listings are said at once, and the page stays where it is", async () => {
  const id = await postListing({ jobTitle: "Scripted Filled" });
  const page = await e2e.open("/my-job", { viewport: DESKTOP, session: owner });
  await page
    .getByRole("searchbox", { name: "Search your listings by title, company or location" })
    .fill("Scripted Filled");
  await page.getByRole("button", { name: "Search" }).click();
  const address = `${e2e.url}/my-job?q=Scripted+Filled`;
  await page.waitForURL(address);
  await page.getByRole("button", { name: "Mark as filled: Scripted Filled" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "“Scripted Filled” is closed: it is off the board and keeps its applications." })
    .waitFor();
  expect(await listed(id)).toBe(404);
  await page.getByRole("button", { name: "Reopen listing: Scripted Filled" }).click();
  await page.getByRole("status").filter({ hasText: "“Scripted Filled” is back on the board." }).waitFor();
  expect(await listed(id)).toBe(200);
  expect(page.url()).toBe(address);
  await page.context().close();
});

test("without scripts, Mark as filled on a listing closed meanwhile is refused at the top of the page and changes nothing", async () => {
  const id = await postListing({ jobTitle: "Closed Meanwhile Plainly" });
  const page = await plainListings("Closed Meanwhile Plainly");
  expect((await api(e2e.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
  await page.getByRole("button", { name: "Mark as filled: Closed Meanwhile Plainly" }).click();
  await page
    .getByRole("alert")
    .filter({ hasText: "“Closed Meanwhile Plainly” was not closed: Only a published listing can be closed" })
    .waitFor();
  expect(await page.getByRole("status").count()).toBe(0);
  // The page shows the listing as it is: closed, and offering Reopen.
  await page.getByRole("button", { name: "Reopen listing: Closed Meanwhile Plainly" }).waitFor();
  const [row] = await e2e.server.services.database.db.select().from(jobs).where(eq(jobs.id, id));
  expect(row?.status).toBe("closed");
  await page.context().close();
});

test("without scripts, a form sent with another employer's listing is refused without naming it, and that listing stays", async () => {
  const stranger = await signUp(e2e.url, { name: "Other Employer" });
  const theirs = await postListing({ jobTitle: "Not Yours To Delete" }, stranger);
  await postListing({ jobTitle: "Tampered Plainly" });
  const page = await plainListings("Tampered Plainly");
  await page.getByRole("button", { name: "Delete Tampered Plainly" }).click();
  const question = page.getByRole("region", { name: "Are you sure you want to delete this job?" });
  await question.locator('input[name="id"]').evaluate((input, id) => ((input as HTMLInputElement).value = id), theirs);
  await question.getByRole("button", { name: "Delete" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: /^The listing was not deleted: / });
  await refusal.waitFor();
  expect(await refusal.textContent()).not.toContain("Not Yours To Delete");
  expect(await listed(theirs)).toBe(200);
  expect(await titlesOnPage(page)).toEqual(["Tampered Plainly"]);
  await page.context().close();
});

test("with scripts, the delete question at a no-script address still asks, and its Cancel leaves it in place", async () => {
  const id = await postListing({ jobTitle: "Asked By Address" });
  const page = await e2e.open(`/my-job?q=Asked+By+Address&delete=${id}`, { viewport: DESKTOP, session: owner });
  const question = page.getByRole("region", { name: "Are you sure you want to delete this job?" });
  await question.getByText("“Asked By Address” at").waitFor();
  await question.getByRole("link", { name: "Cancel" }).click();
  await page.waitForURL(`${e2e.url}/my-job?q=Asked+By+Address`);
  await question.waitFor({ state: "detached" });
  expect(await titlesOnPage(page)).toEqual(["Asked By Address"]);
  expect(await listed(id)).toBe(200);
  await page.context().close();
});

test("the delete question and the notices My Listings shows after a form sent without scripts have no serious or critical accessibility violations", async () => {
  // axe needs the page's scripts: the addresses a form sent without them comes back to, loaded with them.
  const id = await postListing({ jobTitle: "Checked For Access" });
  expect((await api(e2e.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
  const page = await e2e.open(`/my-job?q=Checked+For+Access&delete=${id}`, { viewport: MOBILE, session: owner });
  await page.getByRole("region", { name: "Are you sure you want to delete this job?" }).waitFor();
  await expectAccessible(page);
  await page.goto(`${e2e.url}/my-job?q=Checked+For+Access&done=closed&listing=${id}#listing-notice`);
  await hydrated(page);
  await page.getByRole("status").filter({ hasText: "“Checked For Access” is closed" }).waitFor();
  await expectAccessible(page);
  await page.context().close();
});
