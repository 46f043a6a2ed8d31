import { expect, test } from "vitest";
import { MOBILE, useE2e } from "#tests/e2e/fixtures.ts";

const e2e = useE2e();

test("on a phone the filter sheet's Apply and Clear bar sits on the sheet's bottom edge, with no option showing under it", async () => {
  const page = await e2e.open("/", { viewport: MOBILE });
  await page.locator('button[aria-controls="filter-panel"]').click();
  const sheet = page.locator("#filter-panel");
  const apply = sheet.getByRole("button", { name: "Apply" });
  await apply.waitFor();
  await expect.poll(() => sheet.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(MOBILE.height);
  await page.waitForTimeout(400);
  // Half-way down the sheet, where options pass under the bar as it scrolls.
  await sheet.evaluate((el) => el.scrollTo({ top: (el.scrollHeight - el.clientHeight) / 2 }));
  const [sheetBottom, barBottom] = await Promise.all([
    sheet.evaluate((el) => el.getBoundingClientRect().bottom),
    apply.evaluate((el) => (el.parentElement ?? el).getBoundingClientRect().bottom),
  ]);
  // The sheet's own 1 px border is all that may show below the bar.
  expect(sheetBottom - barBottom).toBeGreaterThanOrEqual(0);
  expect(sheetBottom - barBottom).toBeLessThanOrEqual(1);
  expect(Math.round(sheetBottom)).toBe(MOBILE.height);
  await page.context().close();
});
