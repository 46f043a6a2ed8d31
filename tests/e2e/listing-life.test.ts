import { eq, like } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { jobs, mailOutbox } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createTransport, deliverDueMails } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { DESKTOP, expectAccessible, hydrated, MOBILE, useE2e, type Viewport } from "#tests/e2e/fixtures.ts";
import { daysAgo, insertJobs } from "#tests/e2e/job-data.ts";

/** Headless Chromium says it is headless, and bots are not counted: the visitor here is an ordinary desktop Chrome. */
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
});
afterAll(() => smtp?.stop());
const e2e = useE2e(() => ({ env: { SMTP_URL: smtp.url } }));

let owner: Session;
beforeAll(async () => {
  owner = await signUp(e2e.url, { name: "Listing Owner" });
});

async function postListing(overrides: Record<string, unknown>) {
  const { status, json } = await api(e2e.url, "/api/post-job", {
    method: "POST",
    session: owner,
    body: validJob(overrides),
  });
  expect(status).toBe(201);
  return json.insertedId as string;
}

/** A page in a context of its own that a person's browser would open, signed in as `session` if given. */
async function personPage(viewport: Viewport = DESKTOP, javaScriptEnabled = true): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport, userAgent: PERSON, javaScriptEnabled });
  return context.newPage();
}

/** The mail sender's next pass, run now. */
async function deliver() {
  const { env, database } = e2e.server.services;
  const transport = createTransport(smtp.url);
  try {
    await deliverDueMails({ db: database.db, env, logger: createLogger(env), transport });
  } finally {
    transport.close();
  }
}

test("a person's view and Apply click, without JavaScript, reach the owner's stats page, with totals, a chart and a table, at 1280 and 375 px", async () => {
  const id = await postListing({ jobTitle: "Counted Designer" });
  const visitor = await personPage(DESKTOP, false);
  await visitor.goto(`${e2e.url}/jobs/${id}`);
  await visitor.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
  // The link keeps its address; the browser reports the click to the board as it follows it (no script involved).
  const apply = visitor.getByRole("link", { name: "Apply", exact: true });
  expect(await apply.getAttribute("href")).toBe("https://acme.example/apply");
  expect(await apply.getAttribute("ping")).toBe(`/api/jobs/${id}/apply-click`);
  const pinged = visitor.waitForRequest((request) => request.url().endsWith(`/api/jobs/${id}/apply-click`));
  await apply.click();
  await pinged;
  await visitor.reload();
  await visitor.context().close();
  await e2e.server.services.stats.flush();

  for (const viewport of [DESKTOP, MOBILE]) {
    const page = await e2e.open(`/my-jobs/${id}/stats`, { viewport, session: owner });
    await page.getByRole("heading", { level: 1, name: "Stats for Counted Designer" }).waitFor();
    const views = page.getByRole("definition").first();
    expect(await views.innerText()).toBe("1");
    const viewsChart = page.getByRole("img", { name: /^Views per day, .*: 1 in all, at most 1 in a day$/ });
    expect(await viewsChart.count()).toBe(1);
    // A listing's first day is one narrow bar on a two-week axis, not the chart's whole width.
    const chartBox = await viewsChart.boundingBox();
    const barBox = await viewsChart.locator("rect").first().boundingBox();
    if (!chartBox || !barBox) throw new Error("the views chart or its bar is not on the page");
    expect(barBox.width / chartBox.width).toBeLessThan(1 / 14);
    expect(
      await page.getByRole("img", { name: /^Apply clicks per day, .*: 1 in all, at most 1 in a day$/ }).count(),
    ).toBe(1);
    // A measure with no counts says so, instead of an empty frame.
    expect(await page.getByRole("img", { name: /^Applications per day/ }).count()).toBe(0);
    expect(await page.getByText("Applications per day: 0 in all").count()).toBe(1);
    expect(await page.getByText("No applications yet.", { exact: true }).count()).toBe(1);
    const today = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader") })
      .first();
    expect((await today.getByRole("cell").allInnerTexts()).map((text) => text.trim())).toEqual(["1", "1", "0", "0"]);
    await expectAccessible(page);
    await page.context().close();
  }
});

test("with scripts, one click on Apply is reported once, by a beacon in place of the ping, and a middle click counts too", async () => {
  const clicked = await postListing({ jobTitle: "Beaconed Engineer" });
  const middle = await postListing({ jobTitle: "Middle Clicked Engineer" });
  const visitor = await personPage(DESKTOP);
  const reports: string[] = [];
  visitor.context().on("request", (request) => {
    if (request.url().endsWith("/apply-click")) reports.push(new URL(request.url()).pathname);
  });
  for (const [id, button] of [
    [clicked, "left"],
    [middle, "middle"],
  ] as const) {
    await visitor.goto(`${e2e.url}/jobs/${id}`);
    await hydrated(visitor);
    await visitor.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
    const apply = visitor.getByRole("link", { name: "Apply", exact: true });
    // The ping stays in the page for a browser without scripts; the click handler takes it off as it reports.
    expect(await apply.getAttribute("ping")).toBe(`/api/jobs/${id}/apply-click`);
    const reported = visitor.waitForRequest((request) => request.url().endsWith(`/api/jobs/${id}/apply-click`));
    await apply.click({ button });
    await reported;
    expect(await apply.getAttribute("ping")).toBeNull();
  }
  // A ping goes as the browser follows the link, with the beacon: a second report would have come by now.
  await visitor.waitForTimeout(1_000);
  expect(reports).toEqual([`/api/jobs/${clicked}/apply-click`, `/api/jobs/${middle}/apply-click`]);
  await visitor.context().close();
  await e2e.server.services.stats.flush();
  for (const id of [clicked, middle]) {
    const { json } = await api(e2e.url, `/api/jobs/${id}/stats`, { session: owner });
    expect(json.totals.applyClicks).toBe(1);
  }
});

test("My Listings shows each listing's stats and links to its stats page", async () => {
  const id = await postListing({ jobTitle: "Listed With Stats" });
  const page = await e2e.open("/my-job", { viewport: MOBILE, session: owner });
  await page.getByRole("searchbox", { name: "Search your listings by title, company or location" }).fill("Listed With");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: /^Stats for Listed With Stats: 0 views, 0 apply clicks/ }).click();
  await page.waitForURL(`${e2e.url}/my-jobs/${id}/stats`);
  await page.getByRole("heading", { level: 1, name: "Stats for Listed With Stats" }).waitFor();
  await page.context().close();
});

test("another employer is refused a listing's stats page, and a visitor is sent to sign in", async () => {
  const id = await postListing({ jobTitle: "Private Numbers" });
  const rival = await signUp(e2e.url, { name: "Rival" });
  const refused = await e2e.open(`/my-jobs/${id}/stats`, { session: rival, status: 403 });
  await refused.getByRole("heading", { name: "Not your listing" }).waitFor();
  expect(await refused.locator("main").innerText()).not.toContain("Private Numbers");
  await refused.context().close();
  const visitor = await e2e.newPage();
  await visitor.goto(`${e2e.url}/my-jobs/${id}/stats`);
  await visitor.waitForURL(/\/login\?from=/);
  await visitor.context().close();
});

test("the owner renews a listing from the reminder mail: one press renews it, the same link then no longer works", async () => {
  const id = await postListing({ jobTitle: "Mailed Reminder Role", postingDate: daysAgo(28) });
  await e2e.server.services.renewals.sendDueReminders();
  await deliver();
  const mail = smtp.mails.find((received) => received.headers.subject?.startsWith("Your listing Mailed Reminder Role"));
  expect(mail?.envelopeTo).toEqual([owner.email]);
  expect(mail?.text).toContain("Views of the job page: 0");
  const link = mail?.text.match(new RegExp(`${e2e.url}/renew/[A-Za-z0-9_.-]+`))?.[0] as string;

  const page = await e2e.newPage({ viewport: MOBILE });
  await page.goto(link);
  await page.getByRole("heading", { name: "Renew your listing" }).waitFor();
  await page.getByRole("button", { name: "Renew for 30 more days" }).click();
  await page.getByRole("heading", { name: "Listing renewed" }).waitFor();
  const [row] = await e2e.server.services.database.db.select().from(jobs).where(eq(jobs.id, id));
  expect(Math.abs((row?.postingDate.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await page.getByRole("heading", { name: "This renewal link no longer works" }).waitFor();
  await page.context().close();
  const reminders = await e2e.server.services.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `expiry-reminder:${id}:%`));
  expect(reminders).toHaveLength(1);
});

test("the owner renews a listing in its last days from My Listings, and the button goes", async () => {
  await postListing({ jobTitle: "Renew Me Here", postingDate: daysAgo(29) });
  const page = await e2e.open("/my-job", { viewport: DESKTOP, session: owner });
  await page.getByRole("searchbox", { name: "Search your listings by title, company or location" }).fill("Renew Me");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: "Renew Renew Me Here for 30 more days" }).click();
  const outcome = page.getByRole("status").filter({ hasText: "“Renew Me Here” is renewed until" });
  await outcome.waitFor();
  // The new expiry in the board's one date format (spec: MMMM DD, YYYY), as the reminder mail writes it.
  expect(await outcome.textContent()).toMatch(/is renewed until [A-Z][a-z]+ \d{2}, \d{4}\.$/);
  expect(await page.getByRole("button", { name: "Renew Renew Me Here for 30 more days" }).count()).toBe(0);
  await page.context().close();
});

/** A listing of the owner's that expired `days` days ago: a listing cannot be posted with that date, so it is aged. */
async function expiredListing(jobTitle: string, days = 5) {
  const id = await postListing({ jobTitle, postingDate: daysAgo(1) });
  const aged = new Date(Date.now() - (30 + days) * 24 * 60 * 60 * 1000);
  await e2e.server.services.database.db.update(jobs).set({ postingDate: aged }).where(eq(jobs.id, id));
  return id;
}

test("the owner's expired listing's page offers Renew to them alone; anyone else gets the 410 without it", async () => {
  const id = await expiredListing("Owner Sees Renew");
  const asOwner = await fetch(`${e2e.url}/jobs/${id}`, { headers: { cookie: owner.cookie } });
  expect(asOwner.status).toBe(200);
  expect(await asOwner.text()).toContain("Renew for 30 more days");
  const rival = await signUp(e2e.url, { name: "Not The Owner" });
  for (const headers of [{}, { cookie: rival.cookie }] as Record<string, string>[]) {
    const answer = await fetch(`${e2e.url}/jobs/${id}`, { headers });
    expect(answer.status).toBe(410);
    expect(await answer.text()).not.toContain("Renew for 30 more days");
  }
  const early = await postListing({ jobTitle: "Too Early To Renew", postingDate: daysAgo(5) });
  const fresh = await fetch(`${e2e.url}/jobs/${early}`, { headers: { cookie: owner.cookie } });
  expect(await fresh.text()).not.toContain("Renew for 30 more days");
});

for (const viewport of [DESKTOP, MOBILE]) {
  test(`the owner renews their expired listing from its page at ${viewport.width} px: it is live again, and focus goes to the outcome`, async () => {
    const title = `Renewed From Page ${viewport.width}`;
    const id = await expiredListing(title);
    const page = await e2e.open(`/jobs/${id}`, { viewport, session: owner });
    await page.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
    await page.getByText("This listing has expired").waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Renew for 30 more days" }).click();
    const outcome = page.getByRole("status").filter({ hasText: `“${title}” is renewed until` });
    await outcome.waitFor();
    expect(await outcome.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByText("This listing has expired").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Renew for 30 more days" }).count()).toBe(0);
    const [row] = await e2e.server.services.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(Math.abs((row?.postingDate.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    await expectAccessible(page);
    await page.context().close();
  });
}

test("an expired listing answers 410 with the company's other openings, and is not in the sitemap", async () => {
  await insertJobs(e2e.server, [
    { jobTitle: "Closed Welder", companyName: "Gone Fabrication", postingDate: daysAgo(40) },
    { jobTitle: "Open Welder", companyName: "gone fabrication", postingDate: daysAgo(2) },
    { jobTitle: "Unrelated Baker", companyName: "Other Bakery", postingDate: daysAgo(2) },
  ]);
  const rows = await e2e.server.services.database.db.select({ id: jobs.id, title: jobs.title }).from(jobs);
  const closed = rows.find((row) => row.title === "Closed Welder")?.id as string;
  const page = await personPage(MOBILE);
  const response = await page.goto(`${e2e.url}/jobs/${closed}`);
  expect(response?.status()).toBe(410);
  await hydrated(page);
  await page.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
  const others = page.getByRole("region", { name: "Other openings at Gone Fabrication" });
  expect(await others.getByRole("link", { name: /Open Welder/ }).count()).toBeGreaterThan(0);
  expect(await others.getByText("Unrelated Baker").count()).toBe(0);
  await expectAccessible(page);
  await page.context().close();
  const sitemap = await (await fetch(`${e2e.url}/sitemap/jobs-1.xml`)).text();
  expect(sitemap).not.toContain(closed);
});
