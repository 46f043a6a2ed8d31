import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { user } from "#server/db/schema.ts";
import { expectAccessible, expectFocusTrappedInDialog, flowTest, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";
import { daysAgo, open } from "#tests/e2e/job-data.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";

const e2e = useE2e();
const COMPANY = "Northwind Traders";
const LISTINGS = 12;
let employer: Session;
let newestId = "";
let slug = "";

beforeAll(async () => {
  // An employer whose verified address is on the company site's own domain: the company is verified.
  employer = await signUp(e2e.url, { email: "hiring@northwind-traders.com", name: "Northwind HR" });
  await e2e.server.services.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, employer.email));
  for (let i = 1; i <= LISTINGS; i++) {
    const { status, json } = await api(e2e.url, "/api/post-job", {
      method: "POST",
      session: employer,
      body: validJob({
        jobTitle: `Northwind Role ${String(i).padStart(2, "0")}`,
        companyName: COMPANY,
        companySite: "https://www.northwind-traders.com",
        companyLogo: `${e2e.url}/images/logo.svg`,
        companyDec: "Northwind Traders imports fine foods from around the world and delivers them across India.",
        Industry: "Food Distribution",
        postingDate: daysAgo(i === LISTINGS ? 0 : 1),
      }),
    });
    expect(status).toBe(201);
    if (i === LISTINGS) newestId = json.insertedId as string;
  }
  slug = ((await api(e2e.url, `/api/all-jobs/${newestId}`)).json as { companySlug: string }).companySlug;
});

const companyCard = (page: Page) => page.getByRole("complementary", { name: COMPANY });

describe.each(VIEWPORTS)("the company page at %s width", (name, viewport) => {
  test("the job page's company card opens the company's page: its details, badge and live listings, paged", async () => {
    const page = await e2e.newPage({ viewport });
    await open(page, `${e2e.url}/jobs/${newestId}`);
    expect(await companyCard(page).getByText("Verified", { exact: true }).isVisible()).toBe(true);
    await companyCard(page).getByRole("link", { name: COMPANY, exact: true }).click();
    await page.waitForURL(`${e2e.url}/companies/${slug}`);
    await page.getByRole("heading", { level: 1, name: COMPANY }).waitFor();
    expect(await page.getByText("Food Distribution", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Verified", { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Company website" }).getAttribute("href")).toBe(
      "https://www.northwind-traders.com",
    );
    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(10);
    expect(await cards.first().getByRole("link", { name: "Northwind Role 12" }).isVisible()).toBe(true);
    // Nothing is wider than the screen: no sideways scrolling at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/company-page-${name}.png` });
    await expectAccessible(page);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(`${e2e.url}/companies/${slug}?page=2`);
    await page.getByText("2 / 2").waitFor();
    expect(await cards.count()).toBe(LISTINGS - 10);
    await page.context().close();
  });

  test("a card's company name opens the company's page", async () => {
    const page = await e2e.newPage({ viewport });
    await open(page, `${e2e.url}/?search=${encodeURIComponent("Northwind Role 12")}`);
    const card = page.getByRole("article").filter({ hasText: "Northwind Role 12" });
    await card.getByRole("link", { name: COMPANY, exact: true }).click();
    await page.waitForURL(`${e2e.url}/companies/${slug}`);
    await page.getByRole("heading", { level: 1, name: COMPANY }).waitFor();
    await page.context().close();
  });

  flowTest(viewport)("the page names its canonical address and describes the company as an Organization", async () => {
    const html = await (await fetch(`${e2e.url}/companies/${slug}`)).text();
    expect(html).toContain(`<link rel="canonical" href="${e2e.url}/companies/${slug}"/>`);
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? "{}";
    expect(JSON.parse(ld)).toMatchObject({
      "@type": "Organization",
      name: COMPANY,
      url: "https://www.northwind-traders.com",
    });
    const index = await (await fetch(`${e2e.url}/sitemap.xml`)).text();
    expect(index).toContain(`${e2e.url}/sitemap/companies-1.xml`);
    expect(await (await fetch(`${e2e.url}/sitemap/companies-1.xml`)).text()).toContain(`/companies/${slug}</loc>`);
  });
});

describe.each(VIEWPORTS)("deleting a company at %s width", (name, viewport) => {
  /** An employer's company of `companyName`, and its one listing's id (deleted when `empty`). */
  async function companyOfOwnListing(owner: Session, companyName: string, { empty }: { empty: boolean }) {
    const { json } = await api(e2e.url, "/api/post-job", {
      method: "POST",
      session: owner,
      body: validJob({ companyName }),
    });
    const id = json.insertedId as string;
    const companySlug = ((await api(e2e.url, `/api/all-jobs/${id}`)).json as { companySlug: string }).companySlug;
    if (empty) await api(e2e.url, `/api/job/${id}`, { method: "DELETE", session: owner });
    return companySlug;
  }
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

  test("the owner deletes a company no listing is in: a dialog asks first, holds the focus, and the outcome takes it", async () => {
    const owner = await signUp(e2e.url);
    const company = `Deletable ${name}`;
    const companySlug = await companyOfOwnListing(owner, company, { empty: true });
    const page = await e2e.open(`/companies/${companySlug}/edit`, { viewport, session: owner });
    const button = page.getByRole("button", { name: "Delete company" });
    await button.click();
    const dialog = page.getByRole("alertdialog", { name: `Delete ${company}?` });
    await dialog.waitFor();
    expect(await focusedText(page)).toBe("Cancel");
    await expectFocusTrappedInDialog(page);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await focusedText(page)).toBe("Delete company");
    expect((await api(e2e.url, `/api/companies/${companySlug}`)).status).toBe(200);

    await button.click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    const outcome = page.getByRole("status").filter({ hasText: `${company} is deleted` });
    await outcome.waitFor();
    expect(await outcome.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await api(e2e.url, `/api/companies/${companySlug}`)).status).toBe(404);
    await page.screenshot({ path: `/tmp/company-deleted-${name}.png` });
    await expectAccessible(page);
    await page.context().close();
  });

  test("a company that still has a listing is not deleted: the server's reason is announced and focus goes back to the button", async () => {
    const owner = await signUp(e2e.url);
    const company = `Busy ${name}`;
    const companySlug = await companyOfOwnListing(owner, company, { empty: false });
    const page = await e2e.open(`/companies/${companySlug}/edit`, { viewport, session: owner });
    await page.getByRole("button", { name: "Delete company" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Delete ${company}?` });
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: `${company} still has 1 listing` })
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await focusedText(page)).toBe("Delete company");
    expect((await api(e2e.url, `/api/companies/${companySlug}`)).status).toBe(200);
    await page.screenshot({ path: `/tmp/company-delete-refused-${name}.png`, fullPage: true });
    await expectAccessible(page);
    await page.context().close();
  });
});

test("another employer is refused the company's edit page", async () => {
  const stranger = await signUp(e2e.url);
  const page = await e2e.open(`/companies/${slug}/edit`, { session: stranger, status: 403 });
  expect(await page.getByRole("heading", { name: "You cannot edit this company" }).isVisible()).toBe(true);
  await page.context().close();
});

// Last, as it changes what the tests above read; its steps do not change with the width (ADR 30).
test("the owner edits the company once and every listing shows it", async () => {
  const page = await e2e.newPage({ session: employer });
  await open(page, `${e2e.url}/companies/${slug}`);
  await page.getByRole("link", { name: "Edit company" }).click();
  await page.waitForURL(`${e2e.url}/companies/${slug}/edit`);
  await page.getByLabel("Industry").fill("Fine Foods");
  await page.getByRole("button", { name: "Save company" }).click();
  await page.waitForURL(`${e2e.url}/companies/${slug}`);
  await page.getByText("Fine Foods", { exact: true }).waitFor();
  await open(page, `${e2e.url}/jobs/${newestId}`);
  expect(await companyCard(page).getByText("Fine Foods", { exact: true }).isVisible()).toBe(true);
  await page.context().close();
});
