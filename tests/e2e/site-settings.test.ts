import { describe, expect, test } from "vitest";
import { insertJobs } from "#tests/e2e/job-data.ts";
import { flowTest, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

/** An operator's board: every SITE_* and HERO_* setting changed from the defaults. */
const e2e = useE2e({
  env: {
    SITE_NAME: "Acme Careers",
    SITE_EMAIL: "hello@acme.test",
    SITE_PHONE: "+44 20 7946 0000",
    SITE_ADDRESS: "Acme Ltd|1 High Street, London",
    SITE_HOURS: "none",
    SITE_SOCIAL_LINKS: "https://www.linkedin.com/company/acme|https://acme.test/news",
    HERO_JOBS_POSTED: "count",
    HERO_MONTHLY_USERS: "12k+",
    HERO_JOBSEEKERS: "3,000+",
  },
});

describe.each(VIEWPORTS)("an operator's site settings on %s", (_name, viewport) => {
  const flow = flowTest(viewport);
  test("the header, footer, page title and hero counters show the operator's board, with the real count of listings", async () => {
    await insertJobs(
      e2e.server,
      [{}, {}, {}].map((_, i) => ({ jobTitle: `Settings test job ${i}` })),
    );
    const page = await e2e.open("/", { viewport });
    expect(await page.title()).toBe("Find Jobs | Acme Careers");
    expect(await page.getByRole("banner").getByRole("link", { name: "Acme Careers" }).count()).toBe(1);
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "hello@acme.test" }).getAttribute("href")).toBe(
      "mailto:hello@acme.test",
    );
    expect(await footer.getByRole("link", { name: "+44 20 7946 0000" }).getAttribute("href")).toBe("tel:+442079460000");
    expect(await footer.getByText("Acme Ltd, 1 High Street, London").count()).toBe(1);
    expect(await footer.getByText(`© ${new Date().getFullYear()} Acme Careers. Open source.`).count()).toBe(1);
    expect(await footer.getByRole("link", { name: "LinkedIn" }).getAttribute("href")).toBe(
      "https://www.linkedin.com/company/acme",
    );
    expect(await footer.getByRole("link", { name: "acme.test", exact: true }).getAttribute("href")).toBe(
      "https://acme.test/news",
    );
    expect(await footer.getByRole("link", { name: "Telegram channel" }).count()).toBe(0);
    const count = await e2e.server.services.jobs.countLiveJobs();
    expect(count).toBeGreaterThanOrEqual(3);
    const counters = page.locator("#hero-title ~ dl");
    expect((await counters.locator("div").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim())).toEqual([
      `Jobs Posted ${count}+`,
      "Monthly Users 12k+",
      "Jobseekers 3,000+",
    ]);
    await page.context().close();
  });

  flow("the legal pages name the operator's board in their text and description, never the default name", async () => {
    for (const path of ["/terms-and-condition", "/privacy-policy", "/community-guidelines"]) {
      const page = await e2e.open(path, { viewport });
      const text = await page.getByRole("main").innerText();
      expect(text, path).toContain("Acme Careers");
      expect(text, path).not.toContain("Job Board");
      expect(await page.locator('meta[name="description"]').getAttribute("content"), path).toContain("Acme Careers");
      await page.context().close();
    }
  });

  flow(
    "the Contact page lists the operator's e-mail, phone and address, and leaves out the hours they switched off",
    async () => {
      const page = await e2e.open("/contact", { viewport });
      expect(await page.title()).toBe("Get in Touch | Acme Careers");
      const main = page.getByRole("main");
      expect(await main.getByRole("link", { name: "hello@acme.test" }).getAttribute("href")).toBe(
        "mailto:hello@acme.test",
      );
      expect(await main.getByRole("link", { name: "+44 20 7946 0000" }).getAttribute("href")).toBe("tel:+442079460000");
      expect((await main.locator("address").innerText()).split("\n")).toEqual(["Acme Ltd", "1 High Street, London"]);
      expect(await main.getByText("Support hours").count()).toBe(0);
      expect(await page.content()).not.toMatch(/support@jobboard\.community|4718 2290|Residency Road/);
      await page.context().close();
    },
  );
});
