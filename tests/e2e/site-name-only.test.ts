import { describe, expect, test, vi } from "vitest";
import { expectAccessible, flowTest, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

vi.setConfig({ testTimeout: 60_000 });

/** An operator who named their board and set nothing else about it. */
const e2e = useE2e({ env: { SITE_NAME: "Acme Careers" } });

/** Someone else's details that defaults once published on every such board. */
const NOT_THEIRS = /jobboard\.community|4718 2290|Residency Road|Bengaluru|job-board-community|jobboardcommunity/;

describe.each(VIEWPORTS)("a board with only SITE_NAME set, at %s width", (_name, viewport) => {
  const flow = flowTest(viewport);

  test("shows no e-mail, phone, address or social links but its own, in the footer and on Contact", async () => {
    const page = await e2e.open("/contact", { viewport });
    expect(await page.content()).not.toMatch(NOT_THEIRS);
    expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
    expect(await page.getByRole("contentinfo").getByText("Follow us").count()).toBe(0);
    await page.getByText("Write to us with the form on this page: it reaches the team directly.").waitFor();
    expect(await page.getByRole("form", { name: "Contact us" }).count()).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });

  flow("Our Story tells the operator's board's story and counts with the home page's labels", async () => {
    const page = await e2e.open("/about-us", { viewport });
    const main = page.getByRole("main");
    await main.getByText("Acme Careers began with a simple idea").waitFor();
    expect(await main.innerText()).not.toContain("Job Board");
    expect(await main.getByText("Follow Us").count()).toBe(0);
    for (const label of ["Jobs Posted", "Jobseekers", "Monthly Users"])
      expect(await main.getByText(label, { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  flow("the password pages carry the operator's name in their title and card", async () => {
    for (const [path, title] of [
      ["/forgot-password", "Forgot password | Acme Careers"],
      ["/reset-password?token=x", "Choose a new password | Acme Careers"],
    ]) {
      const page = await e2e.open(path ?? "", { viewport });
      expect(await page.title()).toBe(title);
      expect(await page.getByRole("link", { name: "Acme Careers" }).count()).toBeGreaterThan(0);
      expect(await page.content()).not.toContain("Job Board");
      await page.context().close();
    }
  });
});
