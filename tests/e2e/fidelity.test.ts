import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { DESKTOP, freezeAnimations, hydrated, MOBILE, sessionCookies, useE2e } from "#tests/e2e/fixtures.ts";
import { completeJob, field, fillJobForm } from "#tests/e2e/job-form.ts";

const e2e = useE2e();
let employer: Session;
let jobId: string;

beforeAll(async () => {
  employer = await signUp(e2e.url, { name: "Fidelity Employer" });
  const { json } = await api(e2e.url, "/api/post-job", {
    method: "POST",
    session: employer,
    body: validJob({ jobTitle: "Fidelity Engineer", companyLogo: `${e2e.url}/images/logo.svg` }),
  });
  jobId = json.insertedId as string;
});

/** When CSS hides (or shows) this element: the delay of its timed animation, e.g. "4s". */
const animationDelay = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((node) => getComputedStyle(node).animationDelay);

test("on the home page the card logo skeleton starts when the splash lifts, so it is seen for its 2 s", async () => {
  const page = await e2e.newPage();
  const animations = await freezeAnimations(page);
  await page.goto(`${e2e.url}/`, { waitUntil: "domcontentloaded" });
  const splash = page.getByRole("status", { name: "Loading Job Board" });
  const skeleton = page.getByTestId("logo-skeleton").first();
  expect([await splash.isVisible(), await skeleton.isVisible()]).toEqual([true, true]);
  const splashDelay = await splash.evaluate((node) => getComputedStyle(node.parentElement as Element).animationDelay);
  expect([splashDelay, await animationDelay(page, "logo-skeleton")]).toEqual(["2s", "4s"]);
  await animations.resume();
  await splash.waitFor({ state: "hidden", timeout: 10_000 });
  await skeleton.waitFor({ state: "hidden", timeout: 10_000 });
  await page.context().close();
});

test("cards of a later search show their skeleton at once, with no splash to wait for", async () => {
  const page = await e2e.open("/");
  const search = page.getByPlaceholder("What position are you looking for?");
  await search.fill("Fidelity");
  await search.press("Enter");
  await page.waitForURL(/search=Fidelity/);
  await page.getByRole("link", { name: "Fidelity Engineer" }).waitFor();
  expect(await animationDelay(page, "logo-skeleton")).toBe("2s");
  await page.context().close();
});

test("Back on a source page reached directly goes to Job Sites, not off the site", async () => {
  const page = await e2e.open("/remoteok");
  await page.getByRole("status", { name: "Loading jobs" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await page.waitForURL(`${e2e.url}/job-sites`);
  await page.context().close();
});

test("Back on a source page reached from Job Sites goes back there through history", async () => {
  const page = await e2e.open("/job-sites");
  await page
    .getByRole("link", { name: /RemoteOk/ })
    .first()
    .click();
  await page.waitForURL(`${e2e.url}/remoteok`);
  await page.getByRole("status", { name: "Loading jobs" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await page.waitForURL(`${e2e.url}/job-sites`);
  expect(await page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx)).toBe(0);
  await page.context().close();
});

test("without JavaScript a source page's spinner lifts by itself and the page under it shows", async () => {
  const page = await e2e.newPage({ javaScriptEnabled: false });
  const animations = await freezeAnimations(page);
  await page.goto(`${e2e.url}/remoteok`);
  const spinner = page.getByRole("status", { name: "Loading jobs" });
  expect(await spinner.isVisible()).toBe(true);
  await animations.resume();
  await spinner.waitFor({ state: "hidden", timeout: 10_000 });
  expect(await page.getByRole("heading", { name: "RemoteOk Jobs", level: 1 }).isVisible()).toBe(true);
  await page.context().close();
});

test("on a phone the job page's Apply Now bar stays under the spinner and cannot be clicked through it", async () => {
  const page = await e2e.newPage({ viewport: MOBILE });
  const animations = await freezeAnimations(page);
  await page.goto(`${e2e.url}/jobs/${jobId}`, { waitUntil: "domcontentloaded" });
  const spinner = page.getByRole("status", { name: "Loading job" });
  const apply = page.getByRole("button", { name: "Apply Now" });
  expect(await spinner.isVisible()).toBe(true);
  expect(await apply.isVisible()).toBe(false);
  await animations.resume();
  await spinner.waitFor({ state: "hidden", timeout: 10_000 });
  await apply.waitFor({ state: "visible", timeout: 10_000 });
  await hydrated(page);
  await apply.click();
  await page.getByRole("dialog", { name: "Apply for Fidelity Engineer" }).waitFor();
  await page.context().close();
});

test("a failed log out keeps the stored 'genius-token', since the user is still signed in", async () => {
  const session = await signUp(e2e.url, { name: "Stays Signed In" });
  const page = await e2e.open("/favourite", { session });
  await page.evaluate(() => localStorage.setItem("genius-token", "a-token"));
  await page.route("**/api/auth/sign-out", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByText("Could not log out. Check your connection and try again.").waitFor();
  expect(await page.evaluate(() => localStorage.getItem("genius-token"))).toBe("a-token");
  await page.unroute("**/api/auth/sign-out");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(`${e2e.url}/login`);
  expect(await page.evaluate(() => localStorage.getItem("genius-token"))).toBeNull();
  await page.context().close();
});

test("the post form's default posting date is the visitor's own date, not the UTC one", async () => {
  // 23:00 UTC on 22 November is already 04:30 on 23 November in India.
  const context = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: "Asia/Kolkata" });
  await context.addCookies(sessionCookies(employer, e2e.url));
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date("2026-11-22T23:00:00Z"));
  await page.goto(`${e2e.url}/post-job`);
  const date = page.getByLabel("Job Posting Date", { exact: true });
  await date.waitFor({ timeout: 10_000 });
  expect(await date.inputValue()).toBe("2026-11-23");
  await page.context().close();
});

test("the post form refuses a posting date older than 30 days or in the future, at the boundaries", async () => {
  const context = await e2e.browser.newContext({ viewport: DESKTOP, timezoneId: "UTC" });
  await context.addCookies(sessionCookies(employer, e2e.url));
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date("2026-11-23T12:00:00Z"));
  await page.goto(`${e2e.url}/post-job`);
  await field(page, "jobTitle").waitFor({ timeout: 10_000 });
  await hydrated(page);
  await fillJobForm(page, completeJob({ postingDate: "2026-10-24" }));
  await page.getByRole("button", { name: "Post Job" }).click();
  const message = page.locator('[id$="-postingDate-error"]');
  await expect
    .poll(() => message.textContent(), { timeout: 10_000 })
    .toBe("Must be within the last 30 days; an older listing is never shown");
  expect(await field(page, "postingDate").getAttribute("aria-invalid")).toBe("true");
  await field(page, "postingDate").fill("2026-10-25");
  await expect.poll(() => message.count(), { timeout: 10_000 }).toBe(0);
  await field(page, "postingDate").fill("2026-11-25");
  await expect.poll(() => message.textContent(), { timeout: 10_000 }).toBe("Must not be in the future");
  // 12:00 UTC is already 24 November at UTC+14, so that date is someone's today.
  await field(page, "postingDate").fill("2026-11-24");
  await expect.poll(() => message.count(), { timeout: 10_000 }).toBe(0);
  await context.close();
});
