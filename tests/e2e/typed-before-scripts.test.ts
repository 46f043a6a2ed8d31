import { describe, expect, test, vi } from "vitest";
import { hydrated, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

vi.setConfig({ testTimeout: 60_000 });

const e2e = useE2e();

/** A slow phone: the page's scripts arrive 1.5 s after its HTML, and the visitor starts typing at once. */
const SCRIPT_DELAY_MS = 1_500;

describe.each(VIEWPORTS)("at %s width, text typed before the page's scripts load", (_name, viewport) => {
  test("stays in the Contact form once the scripts have loaded, and is what gets sent", async () => {
    const page = await e2e.newPage({ viewport });
    try {
      await page.route(/\.js(\?|$)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
        await route.continue();
      });
      await page.goto(`${e2e.url}/contact`, { waitUntil: "commit" });
      const name = page.getByRole("textbox", { name: /^Name/ });
      await name.waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await name.fill("Early Typist");
      await page.getByRole("textbox", { name: /^Email/ }).fill("early@example.com");
      await page.getByRole("textbox", { name: /^Message/ }).fill("Typed before the scripts arrived.");
      await hydrated(page);
      await expect.poll(() => name.inputValue()).toBe("Early Typist");
      expect(await page.getByRole("textbox", { name: /^Email/ }).inputValue()).toBe("early@example.com");
      expect(await page.getByRole("textbox", { name: /^Message/ }).inputValue()).toBe(
        "Typed before the scripts arrived.",
      );
      await page.getByRole("button", { name: /Send/ }).click();
      await page.getByText("Email sent successfully", { exact: true }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
