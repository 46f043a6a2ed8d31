import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { companies } from "#server/db/schema.ts";
import { moveListingsToCompany } from "#server/jobs.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { expectAccessible, flowTest, hydrated, pauseClock, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";
import { field, typeSkill } from "#tests/e2e/job-form.ts";
import { daysAgo } from "#tests/e2e/job-data.ts";

// Each test drives several pages (and waits out the spec's 1.5 s and 2 s timers) on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const e2e = useE2e();

describe.each(VIEWPORTS)("Update Your Job at %s width", (_name, viewport) => {
  const flow = flowTest(viewport);
  let owner: Session;
  let page: Page;

  beforeAll(async () => {
    owner = await signUp(e2e.url);
    page = await e2e.newPage({ viewport, session: owner });
  });
  afterAll(() => page.context().close());

  async function postJob(overrides: Record<string, unknown> = {}) {
    const { json } = await api(e2e.url, "/api/post-job", { method: "POST", session: owner, body: validJob(overrides) });
    return json.insertedId as string;
  }

  flow("the form is prefilled from the job after a 1.5 s spinner", async () => {
    const prefilledDate = daysAgo(3);
    const id = await postJob({
      jobTitle: "Prefilled Engineer",
      postingDate: prefilledDate,
      companyTwitter: "https://twitter.com/acme",
    });
    // A page of its own: its clock is stopped so the spinner can be seen before the 1.5 s are up.
    const own = await e2e.newPage({ viewport, session: owner });
    try {
      await pauseClock(own);
      await own.goto(`${e2e.url}/edit-job/${id}`);
      await hydrated(own);
      await own.getByRole("heading", { name: "Update Your Job" }).waitFor();
      const spinner = own.getByRole("status").filter({ hasText: "Loading the job" });
      expect(await spinner.isVisible()).toBe(true);
      expect(await field(own, "jobTitle").count()).toBe(0);
      await own.clock.runFor(1_499);
      expect(await spinner.isVisible()).toBe(true);
      await own.clock.runFor(1);
      await field(own, "jobTitle").waitFor();
      expect(await spinner.count()).toBe(0);
    } finally {
      await own.context().close();
    }

    await page.goto(`${e2e.url}/edit-job/${id}`);
    await field(page, "jobTitle").waitFor();
    expect(await field(page, "jobTitle").inputValue()).toBe("Prefilled Engineer");
    // The listing's company is picked; its details are edited on the company, not here (issue 32).
    expect(
      await page.getByRole("combobox", { name: "Company", exact: true }).locator("option:checked").textContent(),
    ).toBe("Acme Widgets");
    expect(await field(page, "companyName").count()).toBe(0);
    expect(await field(page, "postingDate").inputValue()).toBe(prefilledDate);
    expect(await field(page, "salaryType").inputValue()).toBe("Monthly");
    expect(await field(page, "gender").inputValue()).toBe("Any");
    expect(await field(page, "minPrice").inputValue()).toBe("40000");
    expect(await field(page, "postionopens").getAttribute("step")).toBe("0.01");
    await page.getByText("React", { exact: true }).first().waitFor();
    await page.getByText("CSS", { exact: true }).first().waitFor();
  });

  flow(
    "saving shows '✔ Job Updated Successfully', which closes itself after 1.5 s, and My Listings follows after 2 s",
    async () => {
      const id = await postJob({ jobTitle: "Before Edit" });
      // A page of its own with a stopped clock: the 500 ms between the toast closing and the redirect is a real-time
      // race on a loaded machine, so the test moves time itself.
      const own = await e2e.newPage({ viewport, session: owner });
      try {
        await pauseClock(own);
        await own.goto(`${e2e.url}/edit-job/${id}`);
        await hydrated(own);
        await own.clock.runFor(1_500);
        await field(own, "jobTitle").fill("After Edit");
        await field(own, "jobLocation").fill("Chennai");
        await own.getByRole("button", { name: "Update Job" }).click();
        const toast = own.getByText("✔ Job Updated Successfully");
        await toast.waitFor();
        await own.clock.runFor(1_499);
        expect(await toast.isVisible()).toBe(true);
        await own.clock.runFor(1);
        await toast.waitFor({ state: "detached" });
        expect(own.url()).toBe(`${e2e.url}/edit-job/${id}`);
        await own.clock.runFor(499);
        expect(own.url()).toBe(`${e2e.url}/edit-job/${id}`);
        await own.clock.runFor(1);
        await own.waitForURL(`${e2e.url}/my-job`);
        await own.getByRole("link", { name: "Edit After Edit", exact: true }).waitFor();
      } finally {
        await own.context().close();
      }
      const { json } = await api(e2e.url, `/api/all-jobs/${id}`);
      expect(json).toMatchObject({
        jobTitle: "After Edit",
        jobLocation: "Chennai",
        postedByEmail: owner.email,
      });
    },
  );

  flow("a listing's custom skills are prefilled, and one more is created with the keyboard and saved", async () => {
    const id = await postJob({
      jobTitle: "Custom Skills",
      skills: [
        { value: "Rust", label: "Rust" },
        { value: "React", label: "React" },
      ],
    });
    await page.goto(`${e2e.url}/edit-job/${id}`);
    await field(page, "jobTitle").waitFor();
    await page.getByText("Rust", { exact: true }).first().waitFor();
    // Not a leading space: in an empty select, Space picks the highlighted suggestion (react-select's listbox keys).
    await typeSkill(page, "Kotlin   Multiplatform ");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Update Job" }).click();
    await page.getByText("✔ Job Updated Successfully").waitFor();
    const { json } = await api(e2e.url, `/api/all-jobs/${id}`);
    expect(json.skills).toEqual([
      { value: "Rust", label: "Rust" },
      { value: "React", label: "React" },
      { value: "Kotlin Multiplatform", label: "Kotlin Multiplatform" },
    ]);
  });

  flow("an update the server refuses (the job was deleted meanwhile) says why and keeps what was typed", async () => {
    const id = await postJob({ jobTitle: "Soon Gone" });
    await page.goto(`${e2e.url}/edit-job/${id}`);
    await field(page, "jobTitle").fill("Typed But Not Saved");
    await api(e2e.url, `/api/job/${id}`, { method: "DELETE", session: owner });
    await page.getByRole("button", { name: "Update Job" }).click();
    await page.getByRole("alert").filter({ hasText: "Job not found" }).waitFor();
    expect(await field(page, "jobTitle").inputValue()).toBe("Typed But Not Saved");
    expect(page.url()).toBe(`${e2e.url}/edit-job/${id}`);
  });

  flow("another employer gets a 403 page, not a form, for someone else's job", async () => {
    const id = await postJob({ jobTitle: "Not Yours" });
    const intruder = await signUp(e2e.url);
    const other = await e2e.newPage({ viewport, session: intruder });
    try {
      const response = await other.goto(`${e2e.url}/edit-job/${id}`);
      expect(response?.status()).toBe(403);
      await other.getByRole("heading", { name: "You cannot edit this job" }).waitFor();
      await other.getByText("Only the employer who posted this job can edit it.").waitFor();
      expect(await field(other, "jobTitle").count()).toBe(0);
      expect(await other.getByRole("button", { name: "Update Job" }).count()).toBe(0);
    } finally {
      await other.context().close();
    }
  });

  flow("an unknown or malformed job id is a 404 page", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-job"]) {
      const response = await page.goto(`${e2e.url}/edit-job/${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Job not found" }).waitFor();
    }
  });

  test("after an admin merged its company into another employer's, the form shows that company picked, and saving keeps the listing there", async () => {
    const rival = await signUp(e2e.url);
    const into = `Merged Into ${viewport.width}`;
    const theirs = await api(e2e.url, "/api/post-job", {
      method: "POST",
      session: rival,
      body: validJob({ companyName: into }),
    });
    const id = await postJob({ jobTitle: "Merged Listing", companyName: `Merged Away ${viewport.width}` });
    const companyOf = async (jobId: string) => (await api(e2e.url, `/api/all-jobs/${jobId}`)).json.companyId as string;
    const [from, to] = [await companyOf(id), await companyOf(theirs.json.insertedId as string)];
    // What the admins' merge does (POST /api/admin/companies/merge), in one transaction.
    await e2e.server.services.database.db.transaction(async (tx) => {
      await moveListingsToCompany(tx, from, to);
      await tx.delete(companies).where(eq(companies.id, from));
    });

    await page.goto(`${e2e.url}/edit-job/${id}`);
    await field(page, "jobTitle").waitFor();
    const picked = page.getByRole("combobox", { name: "Company", exact: true }).locator("option:checked");
    expect(await picked.textContent()).toBe(`${into} (another employer's)`);
    await page.getByText(`An admin merged this listing's company into ${into}`).waitFor();
    expect(await field(page, "companyName").count()).toBe(0);
    await expectAccessible(page);
    await field(page, "jobTitle").fill("Merged Listing Edited");
    await page.getByRole("button", { name: "Update Job" }).click();
    await page.getByText("✔ Job Updated Successfully").waitFor();
    const saved = (await api(e2e.url, `/api/all-jobs/${id}`)).json;
    expect(saved).toMatchObject({ jobTitle: "Merged Listing Edited", companyId: to, companyName: into });
  });

  test("the Update Your Job page has no serious or critical accessibility violations", async () => {
    const id = await postJob();
    await page.goto(`${e2e.url}/edit-job/${id}`);
    await field(page, "jobTitle").waitFor();
    await expectAccessible(page);
  });
});
