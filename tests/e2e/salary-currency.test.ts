import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { DESKTOP, hydrated, useE2e } from "#tests/e2e/fixtures.ts";
import { completeJob, field, fillJobForm } from "#tests/e2e/job-form.ts";

// Each test drives several pages (and waits out the spec's 1.5 s and 2 s timers) on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const e2e = useE2e();

describe("salary currency", () => {
  let employer: Session;
  let page: Page;

  beforeAll(async () => {
    employer = await signUp(e2e.url);
    page = await e2e.newPage({ viewport: DESKTOP, session: employer });
  });
  afterAll(() => page.context().close());

  async function postJob(overrides: Record<string, unknown>) {
    const { status, json } = await api(e2e.url, "/api/post-job", {
      method: "POST",
      session: employer,
      body: validJob(overrides),
    });
    expect(status, JSON.stringify(json)).toBe(201);
    return json.insertedId as string;
  }

  /** The text of the "Salary" chip among a page's (or a card's) job facts, its screen-reader label included. */
  const salaryChip = (scope: Page | ReturnType<Page["locator"]>) =>
    scope.getByRole("list", { name: "Job facts" }).first().getByRole("listitem").filter({ hasText: "Salary:" });

  test("a listing posted in USD through the form shows dollars on its home card, its job page and in its JSON-LD", async () => {
    const title = "Dollar Platform Engineer";
    await page.goto(`${e2e.url}/post-job`);
    await field(page, "jobTitle").waitFor();
    expect(await field(page, "salaryCurrency").inputValue()).toBe("INR");
    await fillJobForm(
      page,
      completeJob({
        jobTitle: title,
        jobLocation: "Austin, USA",
        salaryCurrency: "USD",
        minPrice: "90000",
        maxPrice: "150000",
        salaryType: "Yearly",
      }),
    );
    await page.getByRole("button", { name: "Post Job" }).click();
    const modal = page.getByRole("dialog", { name: "Job Posted Successfully!" });
    await modal.getByRole("button", { name: "Ok" }).click();
    // The form starts again at the default currency.
    expect(await field(page, "salaryCurrency").inputValue()).toBe("INR");

    const mine = (await api(e2e.url, `/api/myJobs/${encodeURIComponent(employer.email)}`, { session: employer }))
      .json as { _id: string; jobTitle: string; salaryCurrency: string }[];
    const stored = mine.find((job) => job.jobTitle === title);
    expect(stored?.salaryCurrency).toBe("USD");

    await page.goto(`${e2e.url}/?search=${encodeURIComponent(title)}`);
    const card = page.locator("main article").filter({ has: page.getByRole("link", { name: title }) });
    await card.waitFor();
    expect(await salaryChip(card).textContent()).toBe("Salary: $90,000-$150,000 / Yearly");

    await page.goto(`${e2e.url}/jobs/${stored?._id}`);
    await page.getByRole("heading", { name: title }).waitFor();
    expect(await salaryChip(page).textContent()).toBe("Salary: $90,000 - $150,000 / Yearly");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld.baseSalary).toMatchObject({
      currency: "USD",
      value: { minValue: 90000, maxValue: 150000, unitText: "YEAR" },
    });
    expect(ld.jobLocation.address.addressCountry).toBe("US");
  });

  test("a rupee listing keeps its rupee figures on the card", async () => {
    const title = "Rupee Platform Engineer";
    await postJob({ jobTitle: title, minPrice: "360000", maxPrice: "516691", salaryType: "Yearly" });
    await page.goto(`${e2e.url}/?search=${encodeURIComponent(title)}`);
    const card = page.locator("main article").filter({ has: page.getByRole("link", { name: title }) });
    await card.waitFor();
    expect(await salaryChip(card).textContent()).toBe("Salary: 3,60,000-5,16,691 / Yearly");
  });

  test("editing a listing keeps its stored currency, and the form can change it", async () => {
    const id = await postJob({ jobTitle: "Euro Editor", salaryCurrency: "EUR" });
    await page.goto(`${e2e.url}/edit-job/${id}`);
    await field(page, "jobTitle").waitFor();
    expect(await field(page, "salaryCurrency").inputValue()).toBe("EUR");
    await field(page, "jobTitle").fill("Euro Editor, Senior");
    await page.getByRole("button", { name: "Update Job" }).click();
    await page.waitForURL(`${e2e.url}/my-job`);
    const after = await api(e2e.url, `/api/all-jobs/${id}`, { session: employer });
    expect(after.json).toMatchObject({ jobTitle: "Euro Editor, Senior", salaryCurrency: "EUR" });

    await page.goto(`${e2e.url}/edit-job/${id}`);
    await field(page, "jobTitle").waitFor();
    await field(page, "salaryCurrency").selectOption("GBP");
    await page.getByRole("button", { name: "Update Job" }).click();
    await page.waitForURL(`${e2e.url}/my-job`);
    expect((await api(e2e.url, `/api/all-jobs/${id}`, { session: employer })).json.salaryCurrency).toBe("GBP");
  });

  test("the home salary filter compares amounts within the chosen currency, INR unless another is chosen", async () => {
    await postJob({ jobTitle: "Filter Rupee Role", minPrice: "50000", maxPrice: "60000" });
    await postJob({ jobTitle: "Filter Dollar Role", minPrice: "50000", maxPrice: "60000", salaryCurrency: "USD" });
    await page.goto(`${e2e.url}/?search=Filter`);
    await hydrated(page);
    const filters = page.getByRole("form", { name: "Filters" });
    const titles = async () =>
      (await page.locator("main article").getByRole("heading").getByRole("link").allInnerTexts()).sort();

    expect(await filters.getByRole("combobox", { name: "Currency" }).inputValue()).toBe("INR");
    await filters.getByRole("textbox", { name: "Minimum" }).fill("40000");
    await filters.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(`${e2e.url}/?search=Filter&minSalary=40000`);
    await page.getByRole("heading", { level: 2, name: "1 Jobs" }).waitFor();
    expect(await titles()).toEqual(["Filter Rupee Role"]);

    await filters.getByRole("combobox", { name: "Currency" }).selectOption("USD");
    await filters.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(`${e2e.url}/?search=Filter&minSalary=40000&salaryCurrency=USD`);
    await page.getByRole("link", { name: "Filter Dollar Role" }).waitFor();
    expect(await titles()).toEqual(["Filter Dollar Role"]);
    expect(await filters.getByRole("combobox", { name: "Currency" }).inputValue()).toBe("USD");
  });
});
