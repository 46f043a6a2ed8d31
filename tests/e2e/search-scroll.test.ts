import { beforeAll, describe, expect, test } from "vitest";
import { insertJobs } from "#tests/e2e/job-data.ts";
import { useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

const e2e = useE2e();

beforeAll(async () => {
  await insertJobs(
    e2e.server,
    Array.from({ length: 12 }, (_, i) => ({ jobTitle: `Scroll Engineer ${i}` })),
  );
});

describe.each(VIEWPORTS)("after a search at %s width", (_name, viewport) => {
  test("the results' count comes to the top of the screen with the first results under it, on page 1", async () => {
    const page = await e2e.open("/?page=2", { viewport });
    await page.getByRole("textbox", { name: "Position" }).fill("Scroll Engineer");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === "Scroll Engineer");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    const heading = page.locator("#results-title");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("results-title");
    // The page may scroll smoothly: wait for it to arrive.
    await expect.poll(async () => (await heading.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(160);
    const firstResult = page.getByRole("link", { name: /Scroll Engineer/ }).first();
    const box = await firstResult.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    await page.context().close();
  });
});
