import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { DESKTOP, launchBrowser, MOBILE } from "../support/browser";
import { validJob } from "../support/factories";
import { api, signUp, type Session } from "../support/http";
import { startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousAxeViolations, field, signedInPage } from "./employer-session";

// Each test drives several pages (and waits out the spec's 1.5 s and 2 s timers) on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ pages: true })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("Update Your Job at %s width", (_name, viewport) => {
  let owner: Session;
  let page: Page;

  beforeAll(async () => {
    owner = await signUp(server.url);
    page = await signedInPage(browser, server.url, owner, viewport);
  });
  afterAll(() => page.context().close());

  async function postJob(overrides: Record<string, unknown> = {}) {
    const { json } = await api(server.url, "/api/post-job", { method: "POST", session: owner, body: validJob(overrides) });
    return json.insertedId as string;
  }

  test("the form is prefilled from the job after a 1.5 s spinner", async () => {
    const id = await postJob({ jobTitle: "Prefilled Engineer", postingDate: "2030-01-15", companyTwitter: "https://twitter.com/acme" });
    await page.goto(`${server.url}/edit-job/${id}`);
    await page.getByRole("heading", { name: "Update Your Job" }).waitFor();
    const spinner = page.getByRole("status").filter({ hasText: "Loading the job" });
    await expect.poll(() => spinner.isVisible()).toBe(true);
    await field(page, "jobTitle").waitFor();
    expect(await spinner.count()).toBe(0);
    expect(await field(page, "jobTitle").inputValue()).toBe("Prefilled Engineer");
    expect(await field(page, "companyName").inputValue()).toBe("Acme Widgets");
    expect(await field(page, "postingDate").inputValue()).toBe("2030-01-15");
    expect(await field(page, "salaryType").inputValue()).toBe("Monthly");
    expect(await field(page, "gender").inputValue()).toBe("Any");
    expect(await field(page, "minPrice").inputValue()).toBe("40000");
    expect(await field(page, "companyTwitter").inputValue()).toBe("https://twitter.com/acme");
    expect(await field(page, "postionopens").getAttribute("step")).toBe("0.01");
    await page.getByText("React", { exact: true }).first().waitFor();
    await page.getByText("CSS", { exact: true }).first().waitFor();
  });

  test("saving shows '✔ Job Updated Successfully', which closes itself after 1.5 s, and My Listings follows after 2 s", async () => {
    const id = await postJob({ jobTitle: "Before Edit" });
    await page.goto(`${server.url}/edit-job/${id}`);
    await field(page, "jobTitle").fill("After Edit");
    await field(page, "jobLocation").fill("Chennai");
    await field(page, "companyTwitter").fill("");
    await page.getByRole("button", { name: "Update Job" }).click();
    const toast = page.getByText("✔ Job Updated Successfully");
    await toast.waitFor();
    await toast.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${server.url}/edit-job/${id}`);
    await page.waitForURL(`${server.url}/my-job`);
    await page.getByRole("cell", { name: "After Edit", exact: true }).waitFor();
    const { json } = await api(server.url, `/api/all-jobs/${id}`);
    expect(json).toMatchObject({ jobTitle: "After Edit", jobLocation: "Chennai", companyTwitter: null, postedByEmail: owner.email });
  });

  test("an update the server refuses (the job was deleted meanwhile) says why and keeps what was typed", async () => {
    const id = await postJob({ jobTitle: "Soon Gone" });
    await page.goto(`${server.url}/edit-job/${id}`);
    await field(page, "jobTitle").fill("Typed But Not Saved");
    await api(server.url, `/api/job/${id}`, { method: "DELETE", session: owner });
    await page.getByRole("button", { name: "Update Job" }).click();
    await page.getByRole("alert").filter({ hasText: "This job no longer exists." }).waitFor();
    expect(await field(page, "jobTitle").inputValue()).toBe("Typed But Not Saved");
    expect(page.url()).toBe(`${server.url}/edit-job/${id}`);
  });

  test("another employer gets a 403 page, not a form, for someone else's job", async () => {
    const id = await postJob({ jobTitle: "Not Yours" });
    const intruder = await signUp(server.url);
    const other = await signedInPage(browser, server.url, intruder, viewport);
    try {
      const response = await other.goto(`${server.url}/edit-job/${id}`);
      expect(response?.status()).toBe(403);
      await other.getByRole("heading", { name: "You cannot edit this job" }).waitFor();
      await other.getByText("Only the employer who posted this job can edit it.").waitFor();
      expect(await field(other, "jobTitle").count()).toBe(0);
      expect(await other.getByRole("button", { name: "Update Job" }).count()).toBe(0);
    } finally {
      await other.context().close();
    }
  });

  test("an unknown or malformed job id is a 404 page", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-job"]) {
      const response = await page.goto(`${server.url}/edit-job/${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Job not found" }).waitFor();
    }
  });

  test("the Update Your Job page has no serious or critical accessibility violations", async () => {
    const id = await postJob();
    await page.goto(`${server.url}/edit-job/${id}`);
    await field(page, "jobTitle").waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});
