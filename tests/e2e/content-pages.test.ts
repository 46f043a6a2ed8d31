import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { blogPosts } from "#server/db/schema.ts";
import { expectAccessible, flowTest, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

// The spec's About page has social links; a board shows the ones its operator set (none by default).
const e2e = useE2e({
  env: { SITE_SOCIAL_LINKS: "https://www.linkedin.com/company/acme|https://t.me/acmejobs" },
});

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const h2Texts = (page: Page) => page.locator("main h2").allInnerTexts();
const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute("content");

describe.each(VIEWPORTS)("content pages on %s", (_name, viewport) => {
  const flow = flowTest(viewport);
  async function visit(path: string) {
    const page = await e2e.open(path, { viewport });
    return { page, close: () => page.context().close() };
  }

  flow(
    "Our Story has a 'Post Free Job' button to /post-job, the board's numbers, the six values and social links",
    async () => {
      const { page, close } = await visit("/about-us");
      await h1(page, "Our Story").waitFor();
      const main = page.getByRole("main");
      const numbers = main.getByRole("list", { name: "Job Board in numbers" });
      // The board's own figures (issue 76): this one has no listings, applicants or alerts.
      expect((await numbers.getByRole("listitem").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
        "0+ Jobs Posted",
        "0+ Jobseekers",
        expect.stringMatching(/^\d+\+ Monthly Users$/),
      ]);
      const values = main.getByRole("heading", { level: 3 });
      expect(await values.allInnerTexts()).toEqual([
        "Innovation",
        "Accountability",
        "Commitment",
        "Teamwork",
        "Transparency",
        "Customer-Centricity",
      ]);
      expect(await main.getByRole("link", { name: "LinkedIn" }).getAttribute("href")).toMatch(
        /^https:\/\/www\.linkedin\.com\//,
      );
      expect(await main.getByRole("link", { name: "Telegram channel" }).getAttribute("href")).toMatch(
        /^https:\/\/t\.me\//,
      );
      await main.getByRole("link", { name: "Post Free Job" }).click();
      await page.waitForURL(/\/(post-job|login)/);
      await close();
    },
  );

  flow(
    "Get in Touch shows the form, contact details, the 2-3 working days promise and five FAQ questions",
    async () => {
      const { page, close } = await visit("/contact");
      await h1(page, "Get in Touch").waitFor();
      const main = page.getByRole("main");
      expect(await main.getByRole("form", { name: "Contact us" }).count()).toBe(1);
      // The board sets no SITE_EMAIL, phone or address: the page says where to write instead.
      await main.getByText("Write to us with the form on this page: it reaches the team directly.").waitFor();
      expect(await main.getByText(/within 2-3 working days/).count()).toBeGreaterThan(0);
      const questions = main.getByRole("heading", { level: 3 });
      expect(await questions.allInnerTexts()).toEqual([
        "How do I apply for jobs?",
        "How do I create an account?",
        "How can I contact support?",
        "Can I save jobs to look at later?",
        "Are there any fees for job seekers?",
      ]);
      await close();
    },
  );

  flow("the FAQ opens one answer at a time, and clicking the open question closes it", async () => {
    const { page, close } = await visit("/contact");
    const apply = page.getByRole("button", { name: "How do I apply for jobs?" });
    const save = page.getByRole("button", { name: "Can I save jobs to look at later?" });
    const saveAnswer = page.getByRole("region", { name: "Can I save jobs to look at later?" });
    const openAnswers = page.locator('section[aria-labelledby="faq-heading"]').getByRole("region");
    expect(await apply.getAttribute("aria-expanded")).toBe("false");
    expect(await openAnswers.count()).toBe(0);

    await apply.click();
    expect(await apply.getAttribute("aria-expanded")).toBe("true");
    await page
      .getByRole("region", { name: "How do I apply for jobs?" })
      .getByText(/press Apply/)
      .waitFor();

    await save.click();
    expect(await save.getAttribute("aria-expanded")).toBe("true");
    expect(await apply.getAttribute("aria-expanded")).toBe("false");
    await saveAnswer.getByText(/heart button/).waitFor();
    expect(await saveAnswer.getByRole("link", { name: "Favorites" }).getAttribute("href")).toBe("/favourite");
    expect(await openAnswers.count()).toBe(1);

    await save.click();
    expect(await save.getAttribute("aria-expanded")).toBe("false");
    expect(await openAnswers.count()).toBe(0);

    await page.getByRole("button", { name: "Are there any fees for job seekers?" }).press("Enter");
    await page.getByRole("region", { name: "Are there any fees for job seekers?" }).getByText(/^No\./).waitFor();
    await close();
  });

  flow(
    "the User Agreement is effective August 2, 2024 and has the nine sections, with 18+ or parental consent",
    async () => {
      const { page, close } = await visit("/terms-and-condition");
      await h1(page, "User Agreement").waitFor();
      expect(await page.getByText("Effective date: August 2, 2024").count()).toBe(1);
      expect((await h2Texts(page)).filter((t) => /^\d\./.test(t))).toEqual([
        "1. Eligibility",
        "2. Your Responsibilities",
        "3. Job Listings",
        "4. User Content Licence",
        "5. Privacy",
        "6. Disclaimers",
        "7. Indemnification",
        "8. Changes to These Terms",
        "9. Contact",
      ]);
      expect(await page.getByText(/at least 18 years old/).count()).toBe(1);
      expect(await page.getByText(/consent and supervision of a parent or legal guardian/).count()).toBe(1);
      await page
        .getByRole("navigation", { name: "Terms and Conditions sections" })
        .getByRole("link", { name: "7. Indemnification" })
        .click();
      await page.waitForURL(/#indemnification$/);
      await close();
    },
  );

  flow("the Privacy Notice was last updated August 02, 2024 and has the eight sections", async () => {
    const { page, close } = await visit("/privacy-policy");
    await h1(page, "Privacy Notice").waitFor();
    expect(await page.getByText("Last updated: August 02, 2024").count()).toBe(1);
    expect((await h2Texts(page)).filter((t) => /^\d\./.test(t))).toEqual([
      "1. Information We Collect",
      "2. How We Use Your Information",
      "3. How We Share Information",
      "4. Data Security",
      "5. Your Rights",
      "6. Third-Party Links",
      "7. Children Under 18",
      "8. Changes to This Notice",
    ]);
    await close();
  });

  flow(
    "Community Guidelines has six getting-started cards, then community and job-posting guideline cards",
    async () => {
      const { page, close } = await visit("/community-guidelines");
      await h1(page, "Community Guidelines").waitFor();
      const cards = (id: string) => page.locator(`section[aria-labelledby="${id}"]`).getByRole("heading", { level: 3 });
      expect(await h2Texts(page)).toEqual(["Getting Started", "Community Guidelines", "Job Posting Guidelines"]);
      expect(await cards("getting-started").count()).toBe(6);
      expect(await cards("community-guidelines").allInnerTexts()).toEqual([
        "Be respectful",
        "Be honest",
        "Protect privacy",
        "Report problems",
      ]);
      expect(await cards("job-posting-guidelines").count()).toBeGreaterThanOrEqual(4);
      expect(await cards("job-posting-guidelines").allInnerTexts()).toContain("Never charge applicants");
      await close();
    },
  );

  test("the blog shows 'Coming Soon' when there are no posts", async () => {
    await e2e.server.services.database.db.delete(blogPosts);
    const { page, close } = await visit("/blog");
    await h1(page, "Blog").waitFor();
    await page.getByRole("heading", { name: "Coming Soon" }).waitFor();
    expect(await page.getByRole("article").count()).toBe(0);
    await expectAccessible(page);
    await close();
  });

  flow("the blog lists every post with its title, date and content, newest first", async () => {
    const db = e2e.server.services.database.db;
    await db.delete(blogPosts);
    await db.insert(blogPosts).values([
      {
        title: "Why we made posting a job free",
        date: "2024-08-05",
        content: "Paid boards cost too much.\nSo we made it free.",
      },
      {
        title: "Remote jobs from around the web, in one place",
        date: "2024-10-21",
        content: "The Job Sites page now gathers openings.",
      },
      { title: "Five things job seekers look at", date: "2024-09-12", content: "A salary range comes first." },
    ]);
    const { page, close } = await visit("/blog");
    const articles = page.getByRole("article");
    await articles.first().waitFor();
    expect(await articles.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
      "Remote jobs from around the web, in one place",
      "Five things job seekers look at",
      "Why we made posting a job free",
    ]);
    expect(await articles.locator("time").allInnerTexts()).toEqual([
      "October 21, 2024",
      "September 12, 2024",
      "August 5, 2024",
    ]);
    expect(await articles.nth(2).locator("p").allInnerTexts()).toEqual([
      "August 5, 2024",
      "Paid boards cost too much.",
      "So we made it free.",
    ]);
    expect(await page.getByText("Coming Soon").count()).toBe(0);
    await close();
  });

  test.each([
    ["/about-us", "Our Story | Job Board"],
    ["/contact", "Get in Touch | Job Board"],
    ["/terms-and-condition", "User Agreement | Job Board"],
    ["/privacy-policy", "Privacy Notice | Job Board"],
    ["/community-guidelines", "Community Guidelines | Job Board"],
    ["/blog", "Blog | Job Board"],
  ])("%s has its own title and description, one h1 and no serious accessibility violations", async (path, title) => {
    const { page, close } = await visit(path);
    expect(await page.title()).toBe(title);
    expect((await metaDescription(page))?.length).toBeGreaterThan(50);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await expectAccessible(page);
    await close();
  });
});
