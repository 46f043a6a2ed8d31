import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "#tests/support/server.ts";
import { adzunaJob } from "#tests/fakes/sources/adzuna.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { jobWizJob } from "#tests/fakes/sources/jobwiz.ts";
import { joobleJob } from "#tests/fakes/sources/jooble.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";
import { DESKTOP, expectAccessible, MOBILE, nextFrame, routerIdle, useE2e } from "#tests/e2e/fixtures.ts";
import { ingestFromFakes, openSourcePage, waitForSpinnerToGo } from "#tests/e2e/sources-support.ts";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const LONG_TITLE = "Principal Distributed Systems Engineer (Platform)";
const LONG_LOCATION = "United States, Canada, Mexico, Brazil, Argentina";

let fakes: FakeSources;

beforeAll(async () => {
  fakes = await startFakeSources();
  fakes.set("remoteok", {
    jobs: [
      remoteOkJob(1, {
        position: LONG_TITLE,
        tags: ["rust", "wasm"],
        salary_min: 90_000,
        salary_max: 130_000,
        description: "<p>Own the <strong>platform</strong>.</p><ul><li>Rust</li></ul>",
      }),
      remoteOkJob(2, { company: "", salary_min: 0, salary_max: 0 }),
    ],
  });
  fakes.set("adzuna", {
    jobs: range(60).map((i) =>
      i === 1
        ? adzunaJob(1, { title: LONG_TITLE })
        : i === 2
          ? adzunaJob(2, { salary_min: undefined, company: {} })
          : adzunaJob(i),
    ),
  });
  fakes.set("jooble", {
    jobs: range(25).map((i) =>
      i === 3 ? joobleJob(3, { snippet: "Deep <b>Kotlin</b> coroutines work" }) : joobleJob(i),
    ),
  });
  fakes.set("himalayas", {
    jobs: [himalayasJob(1, { locationRestrictions: LONG_LOCATION.split(", ") }), himalayasJob(2, { description: "" })],
  });
  fakes.set("jobwiz", { jobs: [jobWizJob(1), jobWizJob(2)] });
});
afterAll(() => fakes?.close());
const e2e = useE2e(() => ({ env: fakes.env }));
beforeAll(() => ingestFromFakes(e2e.server, fakes));

test("the job-sites hub links back home and shows the four sources with their routes, at 1280 and 375 px", async () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    const { page, close } = await openSourcePage(e2e, "/job-sites", viewport);
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Back to Find Jobs" }).getAttribute("href")).toBe("/");
    const cards = main.getByRole("listitem").getByRole("link");
    expect(
      await cards.evaluateAll((links) =>
        links.map((link) => [link.querySelector("h2")?.textContent, link.getAttribute("href")]),
      ),
    ).toEqual([
      ["RemoteOk", "/remoteok"],
      ["Adzuna", "/adzunajobs"],
      ["Himalayas", "/himalayasjobs"],
      ["Jooble", "/jooblejobs"],
    ]);
    expect(await main.getByRole("link", { name: "JobWiz jobs" }).getAttribute("href")).toBe("/jobwiz");
    await expectAccessible(page);
    await close();
  }
});

test("RemoteOk Jobs at 1280 px: spinner first, then the title, the search box, truncated titles, dollar salary, followed Apply link and credit", async () => {
  // The page starts on the full-screen spinner (server-rendered), which then goes away in the browser.
  expect(await (await fetch(`${e2e.url}/remoteok`)).text()).toContain('aria-label="Loading jobs"');
  const { page, close } = await openSourcePage(e2e, "/remoteok", DESKTOP);
  await waitForSpinnerToGo(page);
  await expect.poll(() => page.title()).toBe("RemoteOk Jobs | Job Board");
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("RemoteOk Jobs");
  expect(await page.getByRole("searchbox").getAttribute("placeholder")).toBe(
    "Search job by role, company and location",
  );
  const first = page.getByRole("article").filter({ hasText: "Remote Company 1" });
  expect(await first.getByRole("heading", { level: 2 }).textContent()).toBe(`${LONG_TITLE.slice(0, 30)}...`);
  expect(await first.getByText("90,000 - 130,000 / year").isVisible()).toBe(true);
  expect(await first.getByLabel("US dollars").count()).toBe(1);
  const apply = first.getByRole("link", { name: /^Apply/ });
  expect(await apply.getAttribute("href")).toBe("https://remoteok.com/remote-jobs/remote-engineer-1-1142001");
  expect(await apply.getAttribute("rel")).not.toContain("nofollow");
  expect(await first.getByRole("link", { name: "Remote OK" }).getAttribute("href")).toBe(
    "https://remoteok.com/remote-jobs/remote-engineer-1-1142001",
  );
  const second = page.getByRole("article").filter({ hasText: "Remote Engineer 2" });
  expect(await second.getByText("Unknown Company").isVisible()).toBe(true);
  // Job 2 has zero salaries upstream: no salary chip at all.
  expect(await second.getByText(/\/ year/).count()).toBe(0);
  await expectAccessible(page);
  await close();
});

test("RemoteOK search (debounced, over our copy) matches tags and shows 'Not Jobs Found' when nothing does", async () => {
  const { page, close } = await openSourcePage(e2e, "/remoteok", DESKTOP);
  await waitForSpinnerToGo(page);
  const before = fakes.requests("remoteok").length;
  await page.getByRole("searchbox").fill("WASM");
  await expect.poll(() => page.getByRole("article").count()).toBe(1);
  expect(page.url()).toContain("search=WASM");
  await page.getByRole("searchbox").fill("no such job anywhere");
  await page.getByText("Not Jobs Found").waitFor();
  expect(await page.getByRole("article").count()).toBe(0);
  expect(fakes.requests("remoteok").length).toBe(before);
  await close();
});

test("RemoteOK at 375 px: a card opens the detail popup with the HTML description and tags; close, backdrop and Escape close it", async () => {
  const { page, close } = await openSourcePage(e2e, "/remoteok", MOBILE);
  await waitForSpinnerToGo(page);
  const card = page.getByRole("article").filter({ hasText: "Remote Company 1" });
  expect(await card.getByRole("link", { name: /^Apply/ }).isVisible()).toBe(true);
  const trigger = card.getByRole("button", { name: `${LONG_TITLE.slice(0, 30)}...` });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: LONG_TITLE });
  await dialog.waitFor();
  expect(await dialog.locator("strong").textContent()).toBe("platform");
  expect(await dialog.getByRole("list", { name: "Tags" }).textContent()).toContain("wasm");
  expect(await dialog.getByRole("link", { name: /^Apply/ }).isVisible()).toBe(true);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "hidden" });

  await card.click();
  await dialog.waitFor();
  await page.mouse.click(5, 5);
  await dialog.waitFor({ state: "hidden" });

  await trigger.focus();
  await page.keyboard.press("Enter");
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
  // The selected job is cleared 300 ms after closing.
  await expect.poll(() => page.locator("dialog h2").count()).toBe(0);
  await close();
});

test("at 1280 px a card click opens no popup", async () => {
  const { page, close } = await openSourcePage(e2e, "/remoteok", DESKTOP);
  await waitForSpinnerToGo(page);
  const card = page.getByRole("article").first();
  await card.click({ position: { x: 10, y: 10 } });
  // A click is a discrete event: React renders its update before the next frame, so a popup would be there now.
  await nextFrame(page);
  expect(await page.getByRole("dialog").count()).toBe(0);
  // The same click at 375 px does open it, so the click above reached the card.
  await page.setViewportSize(MOBILE);
  await card.click();
  await page.getByRole("dialog").waitFor();
  await close();
});

test("Adzuna at 1280 px: 51 per page, 'current / total', Previous and Next disabled at the ends, Jobs by Adzuna on each ad", async () => {
  const { page, close } = await openSourcePage(e2e, "/adzunajobs", DESKTOP);
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Adzuna Jobs");
  expect(await page.getByRole("article").count()).toBe(51);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  expect(await pager.getByText("1 / 2").isVisible()).toBe(true);
  expect(await pager.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
  expect(
    await page
      .getByRole("article")
      .first()
      .getByText(/Jobs\s*by\s*Adzuna/)
      .count(),
  ).toBe(1);
  const long = page.getByRole("article").filter({ hasText: "Adzuna Company 1" }).first();
  expect(await long.getByRole("heading", { level: 2 }).textContent()).toBe(`${LONG_TITLE.slice(0, 30)}...`);
  expect(await long.getByText("£40,001 - £60,001 / year").isVisible()).toBe(true);
  expect(await long.getByText("November 17, 2026").isVisible()).toBe(true);
  const noSalary = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "TypeScript Developer 2", exact: true }) });
  expect(await noSalary.getByText("Unknown Company").isVisible()).toBe(true);
  expect(await noSalary.getByText(/£/).count()).toBe(0);
  await expectAccessible(page);

  await pager.getByRole("button", { name: "Next" }).click();
  await pager.getByText("2 / 2").waitFor();
  expect(await page.getByRole("article").count()).toBe(9);
  expect(await pager.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
  expect(await pager.getByRole("button", { name: "Previous" }).isDisabled()).toBe(false);
  await close();
}, 90_000);

test("Adzuna at 375 px: Apply is hidden on the cards and shown in the popup", async () => {
  const { page, close } = await openSourcePage(e2e, "/adzunajobs", MOBILE);
  await waitForSpinnerToGo(page);
  const card = page.getByRole("article").first();
  expect(await card.getByRole("link", { name: /^Apply/ }).isVisible()).toBe(false);
  await card.getByRole("heading", { level: 2 }).getByRole("button").click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  expect(await dialog.getByRole("link", { name: /^Apply/ }).isVisible()).toBe(true);
  expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe(LONG_TITLE);
  await expectAccessible(page);
  await close();
});

test("Jooble: 20 per page, and search covers its keywords (the snippet) over our copy", async () => {
  const { page, close } = await openSourcePage(e2e, "/jooblejobs", DESKTOP);
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("article").count()).toBe(20);
  expect(await page.getByText("1 / 2").isVisible()).toBe(true);
  await page.getByRole("searchbox").fill("kotlin");
  await expect.poll(() => page.getByRole("article").count()).toBe(1);
  expect(
    await page.getByRole("article").getByRole("heading", { name: "Jooble Developer 3", exact: true }).isVisible(),
  ).toBe(true);
  expect(await page.getByText("1 / 1").isVisible()).toBe(true);
  expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
  await expectAccessible(page);
  await close();
});

test("Himalayas: unpaged, locations cut at 30 with the full text as a title, credit links to the Himalayas page", async () => {
  const { page, close } = await openSourcePage(e2e, "/himalayasjobs", DESKTOP);
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);
  const card = page.getByRole("article").filter({ hasText: "Himalayas Company 1" });
  const location = card.getByTitle(LONG_LOCATION);
  expect(await location.textContent()).toBe(`${LONG_LOCATION.slice(0, 30)}...`);
  expect(await card.getByText("$120,000 - $150,000 / year").isVisible()).toBe(true);
  expect(await card.getByRole("link", { name: "Himalayas", exact: true }).getAttribute("href")).toBe(
    "https://himalayas.app/companies/company-1/jobs/backend-engineer-1",
  );
  const bare = page.getByRole("article").filter({ hasText: "Himalayas Company 2" });
  expect(await bare.getByText("No description available").isVisible()).toBe(true);
  await expectAccessible(page);
  await close();
});

test("JobWiz: 'Salary not specified' without a minimum, and 'No jobs found' for a search with no match", async () => {
  const { page, close } = await openSourcePage(e2e, "/jobwiz", DESKTOP);
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("JobWiz Jobs");
  const unpaid = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Software Engineer 2", exact: true }) });
  expect(await unpaid.getByText("Salary not specified").isVisible()).toBe(true);
  const paid = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Software Engineer 1", exact: true }) });
  expect(await paid.getByText("$135,000 - $165,000 / year").isVisible()).toBe(true);
  await page.getByRole("searchbox").fill("cobol");
  await page.getByText("No jobs found").waitFor();
  await expectAccessible(page);
  await close();
});

test("a failing source keeps showing its previous listings with a clear notice instead of a spinner", async () => {
  fakes.set("himalayas", { fault: "500", faultTimes: Infinity });
  try {
    await ingestFromFakes(e2e.server, fakes);
    const { page, close } = await openSourcePage(e2e, "/himalayasjobs", MOBILE);
    await waitForSpinnerToGo(page);
    expect(await page.getByRole("alert").textContent()).toMatch(
      /^Himalayas could not be refreshed since \d{1,2} \w+, \d{2}:\d{2}; showing the 2 listings from then\.$/,
    );
    expect(await page.getByRole("article").count()).toBe(2);
    await expectAccessible(page);
    await close();
  } finally {
    fakes.set("himalayas", { fault: null });
  }
});

test("an unconfigured source and a source that never loaded say so on their pages and are not hub cards", async () => {
  const bare = await startTestServer({
    pages: true,
    env: { ...fakes.env, ADZUNA_APP_ID: "", SOURCES_TIMEOUT_SECONDS: "1" },
  });
  try {
    fakes.set("jooble", { fault: "500", faultTimes: Infinity });
    await ingestFromFakes(bare, fakes, { ADZUNA_APP_ID: "" });
    const adzuna = await openSourcePage(e2e, "/adzunajobs", DESKTOP, { baseUrl: bare.url });
    await waitForSpinnerToGo(adzuna.page);
    expect(await adzuna.page.getByRole("status").textContent()).toBe(
      "Adzuna jobs are not available on this site: the site owner has not connected Adzuna yet.",
    );
    expect(await adzuna.page.getByText("Not Jobs Found").count()).toBe(0);
    await adzuna.close();

    const jooble = await openSourcePage(e2e, "/jooblejobs", DESKTOP, { baseUrl: bare.url });
    await waitForSpinnerToGo(jooble.page);
    expect(await jooble.page.getByRole("alert").textContent()).toMatch(
      /^Jooble jobs have been unavailable since \d{1,2} \w+, \d{2}:\d{2}: they could not be loaded\. Please try again later\.$/,
    );
    await expectAccessible(jooble.page);
    await jooble.close();

    // Neither leads anywhere, so the hub offers neither as a card.
    const hub = await openSourcePage(e2e, "/job-sites", DESKTOP, { baseUrl: bare.url });
    expect(await hub.page.getByRole("link", { name: /Adzuna|Jooble/ }).count()).toBe(0);
    await hub.close();
  } finally {
    fakes.set("jooble", { fault: null });
    await bare.close();
  }
});

const columns = (page: Page) =>
  page
    .getByRole("article")
    .evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left))).size);

test("the card grid has 1 column on small screens, 2 on medium and 3 on large", async () => {
  for (const [viewport, expected] of [
    [MOBILE, 1],
    [{ width: 800, height: 900 }, 2],
    [DESKTOP, 3],
  ] as const) {
    const { page, close } = await openSourcePage(e2e, "/jooblejobs", viewport);
    await waitForSpinnerToGo(page);
    expect(await columns(page)).toBe(expected);
    await close();
  }
});

test.each(["/remoteok", "/adzunajobs", "/jooblejobs", "/himalayasjobs", "/jobwiz"])(
  "%s at 375 px: a card opens the popup with an Apply link, and the page and popup pass axe",
  async (path) => {
    const { page, close } = await openSourcePage(e2e, path, MOBILE);
    await waitForSpinnerToGo(page);
    await page.getByRole("article").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: /^Apply/ }).isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await close();
  },
  60_000,
);

test("a link to the page without a search clears the search box instead of restoring the old search", async () => {
  const { page, close } = await openSourcePage(e2e, "/remoteok?search=wasm", DESKTOP, { clock: true });
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("article").count()).toBe(1);
  // What a header or hub link to /remoteok does: a client-side navigation to the bare URL.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
    ).__reactRouterDataRouter.navigate("/remoteok"),
  );
  await expect.poll(() => page.getByRole("searchbox").inputValue()).toBe("");
  await expect.poll(() => page.getByRole("article").count()).toBe(2);
  // Fire every timer the old search could have left (the search debounce is 300 ms), then let any navigation settle.
  await page.clock.runFor(1_000);
  await routerIdle(page);
  expect(page.url()).not.toContain("search=");
  await close();
});
