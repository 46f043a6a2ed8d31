import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources, type FakeSources } from "#tests/fakes/sources/server.ts";
import { XSS_VECTORS } from "#tests/fakes/sources/xss-vectors.ts";
import { DESKTOP, MOBILE, useE2e } from "#tests/e2e/fixtures.ts";
import { ingestFromFakes, openSourcePage, waitForSpinnerToGo } from "#tests/e2e/sources-support.ts";

/** The corpus split over a few listings, each carrying its share in the description, title and company. */
const CHUNKS = Array.from({ length: 6 }, (_, chunk) => XSS_VECTORS.filter((_, i) => i % 6 === chunk));

let fakes: FakeSources;

beforeAll(async () => {
  fakes = await startFakeSources();
  fakes.set("remoteok", {
    jobs: CHUNKS.map((vectors, i) =>
      remoteOkJob(i + 1, {
        position: `Job ${i + 1} ${vectors[0]}`,
        company: vectors[1],
        description: `<p>Safe ${i + 1}</p>${vectors.join("")}`,
      }),
    ),
  });
  fakes.set("himalayas", {
    jobs: CHUNKS.map((vectors, i) =>
      himalayasJob(i + 1, { title: `Job ${i + 1}`, description: `<p>Safe ${i + 1}</p>${vectors.join("")}` }),
    ),
  });
});
afterAll(() => fakes?.close());
const e2e = useE2e(() => ({ env: fakes.env }));
beforeAll(() => ingestFromFakes(e2e.server, fakes));

const pwned = (page: Page) => page.evaluate(() => (window as { __xss?: unknown }).__xss ?? null);

/**
 * A broken image loaded now fails after the server answers: by then an onerror payload rendered earlier
 * (an <img src=x onerror=…> that survived sanitising) would have fired too.
 */
const imageErrorRoundTrip = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const probe = new Image();
        probe.onerror = () => resolve();
        probe.src = `/xss-probe-${Date.now()}.png`;
      }),
  );

test.each(["/remoteok", "/himalayasjobs"])("no XSS vector runs on %s at 1280 px", async (path) => {
  const { page, dialogs, close } = await openSourcePage(e2e, path, DESKTOP);
  await waitForSpinnerToGo(page);
  expect(await page.getByRole("article").count()).toBe(CHUNKS.length);
  await page.mouse.move(300, 300);
  await page.keyboard.press("Tab");
  await imageErrorRoundTrip(page);
  expect(dialogs).toEqual([]);
  expect(await pwned(page)).toBeNull();
  await close();
});

test.each(["/remoteok", "/himalayasjobs"])("no XSS vector runs in the popup on %s at 375 px", async (path) => {
  const { page, dialogs, close } = await openSourcePage(e2e, path, MOBILE);
  await waitForSpinnerToGo(page);
  for (let i = 0; i < CHUNKS.length; i++) {
    await page.getByRole("article").nth(i).getByRole("heading", { level: 2 }).getByRole("button").click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByText(/^Safe \d$/).waitFor();
    // Hover and click inside the description, where an onmouseover/onclick payload would fire.
    const description = dialog.getByText(/^Safe \d$/);
    await description.hover();
    await description.click();
    const body = description.locator("xpath=..");
    expect(
      await body
        .locator("script, iframe, img, svg, object, embed, style, form, input, [onerror], [onclick], [style]")
        .count(),
    ).toBe(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
  }
  await imageErrorRoundTrip(page);
  expect(dialogs).toEqual([]);
  expect(await pwned(page)).toBeNull();
  await close();
});
