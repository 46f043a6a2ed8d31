import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { DESKTOP, hydrated, sessionCookies, useE2e } from "#tests/e2e/fixtures.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { pagePaths } from "#tests/security/page-paths.ts";

const e2e = useE2e();
let session: Session;
let hostileId: string;

const HOSTILE_TITLE = `<img src=x onerror="document.title='pwned'"></script><script>document.title='pwned'</script>`;
const PLAIN_TITLE = "Plain Policy Tester";

beforeAll(async () => {
  session = await signUp(e2e.url);
  const hostile = await api(e2e.url, "/api/post-job", {
    method: "POST",
    session,
    body: validJob({ jobTitle: HOSTILE_TITLE, companyName: "<b>Bold Co</b>" }),
  });
  hostileId = hostile.json.id ?? hostile.json.insertedId;
  await api(e2e.url, "/api/post-job", { method: "POST", session, body: validJob({ jobTitle: PLAIN_TITLE }) });
});

type Watched = { page: Page; context: BrowserContext; violations: string[]; close: () => Promise<void> };

/** A signed-in page that records every CSP violation: the DOM event, and Chromium's console report of it. */
async function watchedPage(): Promise<Watched> {
  const context = await e2e.browser.newContext({ viewport: DESKTOP });
  await context.addCookies(sessionCookies(session, e2e.url));
  const violations: string[] = [];
  await context.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  return { page, context, violations, close: () => context.close() };
}

const routes = () => pagePaths(hostileId);

test("every route loads and hydrates in Chromium with no Content-Security-Policy violation", async () => {
  const watched = await watchedPage();
  const perRoute: Record<string, number> = {};
  for (const path of routes()) {
    const before = watched.violations.length;
    await watched.page.goto(`${e2e.url}${path}`, { waitUntil: "load" });
    await hydrated(watched.page);
    perRoute[path] = watched.violations.length - before;
  }
  console.log("CSP violations per route:", perRoute);
  expect(watched.violations).toEqual([]);
  await watched.close();
}, 120_000);

test("under the policy a favourite can be saved and the contact form submits", async () => {
  const { page, violations, close } = await watchedPage();
  await page.goto(e2e.url, { waitUntil: "load" });
  await hydrated(page);
  await page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden" });
  await page.getByRole("button", { name: new RegExp(`^Save ${PLAIN_TITLE} at`) }).click();
  await expect.poll(() => page.getByTestId("favourites-badge").innerText()).toBe("1");

  await page.goto(`${e2e.url}/contact`, { waitUntil: "load" });
  await hydrated(page);
  const field = (label: string) => page.getByRole("textbox", { name: new RegExp(`^${label}`) });
  await field("Name").fill("Policy Tester");
  await field("Email").fill("policy@example.com");
  await field("Message").fill("Does the board work under a strict policy?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByText("Email sent successfully").waitFor();
  expect(violations).toEqual([]);
  await close();
});

test("a job title with markup is shown as text on the card, the detail page, My Listings, favourites and the edit form", async () => {
  const { page, violations, close } = await watchedPage();
  const expectText = async (where: string) => {
    await page.getByText(HOSTILE_TITLE, { exact: true }).first().waitFor();
    expect(await page.locator('img[src="x"]').count(), where).toBe(0);
    expect(await page.title(), where).not.toBe("pwned");
  };
  await page.goto(e2e.url, { waitUntil: "load" });
  await hydrated(page);
  await page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden" });
  await expectText("home card");
  await page.getByRole("button", { name: /^Save <img/ }).click();

  for (const path of [`/jobs/${hostileId}`, "/my-job", "/favourite"]) {
    await page.goto(`${e2e.url}${path}`, { waitUntil: "load" });
    await hydrated(page);
    await expectText(path);
  }
  await page.goto(`${e2e.url}/edit-job/${hostileId}`, { waitUntil: "load" });
  await hydrated(page);
  expect(await page.getByLabel(/Job Title/).inputValue()).toBe(HOSTILE_TITLE);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(violations).toEqual([]);
  await close();
});
