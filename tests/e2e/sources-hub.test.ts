import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SOURCES, type SourceId } from "#shared/sources.ts";
import { loadEnv } from "#server/env.ts";
import { syncSource } from "#server/sources/ingest.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";
import { DESKTOP, expectAccessible, MOBILE, useE2e, type Viewport } from "#tests/e2e/fixtures.ts";
import { openSourcePage, waitForSpinnerToGo } from "#tests/e2e/sources-support.ts";

/** "7 Dec, 14:05" in the reader's time zone. */
const MOMENT = String.raw`\d{1,2} [A-Z][a-z]{2,3}, \d{2}:\d{2}`;

let fakes: FakeSources;
// Adzuna has no key on this board; JobWiz is configured but not tried yet.
const env = () => ({ ...fakes.env, ADZUNA_APP_ID: "", SOURCES_TIMEOUT_SECONDS: "1" });

beforeAll(async () => {
  fakes = await startFakeSources();
});
afterAll(() => fakes?.close());
const e2e = useE2e(() => ({ env: env() }));

beforeAll(async () => {
  const connectors = createConnectors(loadEnv({ NODE_ENV: "test", ...env() }));
  const sync = (source: SourceId) =>
    syncSource(
      e2e.server.services.database,
      connectors.find((connector) => connector.source === source)!,
      {
        graceMs: 3_600_000,
        force: true,
      },
    );
  fakes.set("remoteok", { jobs: [remoteOkJob(1), remoteOkJob(2)] });
  await sync("remoteok");
  fakes.set("himalayas", { jobs: [himalayasJob(1), himalayasJob(2), himalayasJob(3)] });
  await sync("himalayas");
  fakes.set("himalayas", { fault: "malformed", faultTimes: Infinity });
  await sync("himalayas");
  fakes.set("jooble", { fault: "malformed", faultTimes: Infinity });
  await sync("jooble");
});

/** Each card's heading, link and text, in order. */
const cardsOf = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => ({
        name: link.querySelector("h2")?.textContent,
        href: link.getAttribute("href"),
        text: link.textContent,
      })),
    );

/** The Job Sites links of the header (the mobile menu at 375 px, opened first) and of the footer. */
async function jobSitesLinks(page: Page, viewport: Viewport) {
  if (viewport === MOBILE) await page.getByRole("button", { name: "Open menu" }).click();
  const header = page.getByRole("navigation", { name: viewport === MOBILE ? "Mobile" : "Main" });
  await header.getByRole("link", { name: "Find Jobs", exact: true }).waitFor();
  return {
    header: await header.getByRole("link", { name: "Job Sites", exact: true }).count(),
    footer: await page
      .getByRole("navigation", { name: "Jobs" })
      .getByRole("link", { name: "Job Sites", exact: true })
      .count(),
  };
}

test("the hub shows only sources that can deliver, a failing one with since when, at 1280 and 375 px", async () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    const { page, close } = await openSourcePage(e2e, "/job-sites", viewport);
    const cards = await cardsOf(page);
    expect(cards.map(({ name, href }) => [name, href])).toEqual([
      ["RemoteOk", "/remoteok"],
      ["Himalayas", "/himalayasjobs"],
    ]);
    expect(cards[0]!.text).toContain("2 jobs");
    expect(cards[0]!.text).not.toContain("refreshed");
    expect(cards[1]!.text).toMatch(
      new RegExp(`Could not be refreshed since ${MOMENT}; showing the 3 listings from then\\.`),
    );
    expect(cards[1]!.text).toContain("3 jobs");
    const main = page.getByRole("main");
    // Jooble failed before it ever had a listing: said plainly, with no link that would lead nowhere.
    expect(await main.getByRole("link", { name: /Jooble/ }).count()).toBe(0);
    expect(await main.getByRole("list", { name: "Not available right now" }).textContent()).toMatch(
      new RegExp(`^Jooble has been unavailable since ${MOMENT}: it could not be loaded\\. Please try again later\\.$`),
    );
    expect(await main.getByText("Adzuna").count()).toBe(0);
    expect(await main.getByRole("link", { name: "JobWiz jobs" }).getAttribute("href")).toBe("/jobwiz");
    expect(await jobSitesLinks(page, viewport)).toEqual({ header: 1, footer: 1 });
    await expectAccessible(page);
    await close();
  }
});

test("a failing source's page says since when it could not be refreshed and shows as many listings as its card", async () => {
  const { page, close } = await openSourcePage(e2e, "/himalayasjobs", MOBILE);
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("alert").textContent()).toMatch(
    new RegExp(`^Himalayas could not be refreshed since ${MOMENT}; showing the 3 listings from then\\.$`),
  );
  expect(await page.getByRole("article").count()).toBe(3);
  await expectAccessible(page);
  await close();
});

test("a failing source with nothing to show says since when on its page, with no empty-result text", async () => {
  const { page, close } = await openSourcePage(e2e, "/jooblejobs", DESKTOP);
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("alert").textContent()).toMatch(
    new RegExp(
      `^Jooble jobs have been unavailable since ${MOMENT}: they could not be loaded\\. Please try again later\\.$`,
    ),
  );
  expect(await page.getByRole("article").count()).toBe(0);
  expect(await page.getByText("Not Jobs Found").count()).toBe(0);
  await expectAccessible(page);
  await close();
});

test("with every source disabled, Job Sites leaves the header and footer and the hub says so, at 1280 and 375 px", async () => {
  let bare: TestServer | undefined;
  try {
    bare = await startTestServer({ pages: true, env: { ...fakes.env, SOURCES_DISABLED: SOURCES.join(",") } });
    for (const viewport of [DESKTOP, MOBILE]) {
      const home = await openSourcePage(e2e, "/about-us", viewport, { baseUrl: bare.url });
      expect(await jobSitesLinks(home.page, viewport)).toEqual({ header: 0, footer: 0 });
      await home.close();

      const hub = await openSourcePage(e2e, "/job-sites", viewport, { baseUrl: bare.url });
      const main = hub.page.getByRole("main");
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Job Sites");
      expect(await main.getByText("There are no other job sites on this board.").count()).toBe(1);
      expect(await main.getByRole("listitem").count()).toBe(0);
      expect(await main.getByRole("link", { name: "JobWiz jobs" }).count()).toBe(0);
      expect(await main.getByRole("link", { name: "Back to Find Jobs" }).getAttribute("href")).toBe("/");
      await expectAccessible(hub.page);
      await hub.close();
    }
  } finally {
    await bare?.close();
  }
});
