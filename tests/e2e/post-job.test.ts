import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { DESKTOP, launchBrowser, MOBILE } from "../support/browser";
import { validJob } from "../support/factories";
import { api, signUp, type Session } from "../support/http";
import { startTestServer, type TestServer } from "../support/server";
import {
  completeJob,
  expectFocusTrappedInDialog,
  expectNoSeriousAxeViolations,
  field,
  fillJobForm,
  signedInPage,
} from "./employer-session";

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
])("Post a Job at %s width", (_name, viewport) => {
  let employer: Session;
  let page: Page;

  beforeAll(async () => {
    employer = await signUp(server.url);
    page = await signedInPage(browser, server.url, employer, viewport);
  });
  afterAll(() => page.context().close());

  async function openForm() {
    await page.goto(`${server.url}/post-job`);
    await field(page, "jobTitle").waitFor();
  }

  test("the heading and My Listings note show, then the form after a 1.5 s spinner, with 'Frontend Developer' as the title", async () => {
    await page.goto(`${server.url}/post-job`);
    await page.getByRole("heading", { name: "Post a Job for Free" }).waitFor();
    await page.getByText("you can edit or delete your listing any time in").waitFor();
    const spinner = page.getByRole("status").filter({ hasText: "Loading the job form" });
    await expect.poll(() => spinner.isVisible()).toBe(true);
    await field(page, "jobTitle").waitFor();
    expect(await spinner.count()).toBe(0);
    expect(await field(page, "jobTitle").inputValue()).toBe("Frontend Developer");
    expect(await page.getByLabel("Posted By (email)").inputValue()).toBe(employer.email);
  });

  test("skills are a multi-select of the 8 fixed options with react-select's defaults", async () => {
    await openForm();
    await page.getByText("Select...", { exact: true }).waitFor();
    const skills = page.getByLabel("Required Skill Sets", { exact: true });
    await skills.click();
    expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual(["JavaScript", "C++", "HTML", "CSS", "React", "Node", "MongoDB", "Redux"]);
    await page.getByRole("option", { name: "Redux" }).click();
    await skills.fill("Cobol");
    await page.getByText("No options", { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByText("Redux", { exact: true }).count()).toBeGreaterThan(0);
    for (const name of ["Salary Type", "English Level", "Gender", "Experience Level", "Employment Type"]) {
      expect(await page.getByLabel(name, { exact: true }).evaluate((element) => element.tagName), name).toBe("SELECT");
    }
    expect(await page.getByLabel("Gender", { exact: true }).locator("option").allTextContents()).toEqual(["Choose…", "Male", "Female", "Other", "Any"]);
    expect(await page.getByLabel("Job Posting Date", { exact: true }).getAttribute("type")).toBe("date");
  });

  test("a job posted with every field shows the modal, then the toast, then My Listings after 2 s; it is on the home page and its detail page", async () => {
    await openForm();
    const title = `Staff Platform Engineer ${viewport.width}`;
    await fillJobForm(page, completeJob({ jobTitle: title }));
    await page.getByRole("button", { name: "Post Job" }).click();

    const modal = page.getByRole("dialog", { name: "Job Posted Successfully!" });
    await modal.waitFor();
    await modal.getByText("View your listings in My Listings to edit or delete them anytime.").waitFor();
    // The form was reset behind the modal.
    expect(await field(page, "jobTitle").inputValue()).toBe("Frontend Developer");
    expect(await field(page, "companyName").inputValue()).toBe("");
    await expectFocusTrappedInDialog(page);
    await modal.getByRole("button", { name: "Ok" }).click();
    expect(await modal.count()).toBe(0);
    await page.getByText("✔ Congratulations Job Posted Successfully").waitFor();
    expect(page.url()).toBe(`${server.url}/post-job`);
    await page.waitForURL(`${server.url}/my-job`);
    await page.getByRole("cell", { name: title, exact: true }).waitFor();

    const [stored] = (await api(server.url, `/api/myJobs/${encodeURIComponent(employer.email)}`, { session: employer })).json.filter(
      (job: { jobTitle: string }) => job.jobTitle === title,
    );
    expect(stored).toMatchObject({
      companyName: "Northwind Labs",
      Industry: "Cloud Software",
      jobLocation: "Pune",
      postionopens: 3,
      minPrice: "90000",
      maxPrice: "150000",
      salaryType: "Monthly",
      employmentType: "Contract",
      experienceLevel: "5+ Year",
      englishLevel: "Advanced English",
      gender: "Any",
      higherEducation: "M.Tech",
      skills: [
        { value: "Node", label: "Node" },
        { value: "React", label: "React" },
      ],
      responsibilities: "1. Design services\n2. Review code",
      companyInstgram: "https://www.instagram.com/northwind",
      companyTwitter: "https://twitter.com/northwind",
      postedByEmail: employer.email,
      postedByNumber: "+91 99887 66554",
      applyLink: "https://northwind.example/jobs/platform",
    });

    await page.goto(`${server.url}/`);
    await page.getByRole("link", { name: new RegExp(title) }).first().waitFor();
    await page.goto(`${server.url}/jobs/${stored._id}`);
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByText("Northwind Labs builds developer tools", { exact: false }).first().waitFor();
  });

  test("Escape closes the success modal like Ok does", async () => {
    await openForm();
    await fillJobForm(page, completeJob({ jobTitle: `Escape Engineer ${viewport.width}` }));
    await page.getByRole("button", { name: "Post Job" }).click();
    await page.getByRole("dialog", { name: "Job Posted Successfully!" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByText("✔ Congratulations Job Posted Successfully").waitFor();
    await page.waitForURL(`${server.url}/my-job`);
  });

  test("each required or malformed field gets the same inline message the server gives, and nothing is posted", async () => {
    await openForm();
    await fillJobForm(page, {
      jobTitle: "",
      companyLogo: "not a url",
      postedByNumber: "call me",
      minPrice: "5000",
      maxPrice: "100",
      postionopens: "0",
      applyLink: "ftp://example.com/apply",
    });
    await page.getByRole("button", { name: "Post Job" }).click();
    await page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." }).waitFor();

    const refused = await api(server.url, "/api/post-job", {
      method: "POST",
      session: employer,
      body: validJob({
        jobTitle: "",
        companyName: "",
        Industry: "",
        jobLocation: "",
        description: "",
        companyDec: "",
        companyLogo: "not a url",
        postedByNumber: "call me",
        minPrice: "5000",
        maxPrice: "100",
        postionopens: "0",
        applyLink: "ftp://example.com/apply",
        salaryType: "",
        englishLevel: "",
        gender: "",
        experienceLevel: "",
        employmentType: "",
        skills: [],
      }),
    });
    expect(refused.status).toBe(400);
    const serverFields = refused.json.error.fields as Record<string, string>;
    for (const [name, message] of Object.entries(serverFields)) {
      const control = name === "skills" ? page.getByLabel("Required Skill Sets", { exact: true }) : field(page, name as never);
      const references = `${await control.getAttribute("aria-describedby")} ${await control.getAttribute("aria-errormessage")}`;
      const errorId = references.split(" ").find((id) => id.endsWith("-error"));
      expect(errorId, `${name} has an inline message`).toBeTruthy();
      expect(await page.locator(`[id="${errorId}"]`).textContent(), name).toBe(message);
      expect(await control.getAttribute("aria-invalid"), name).toBe("true");
    }
    expect(serverFields).toMatchObject({
      jobTitle: "Required",
      companyLogo: "Must be a valid http(s) URL",
      postionopens: "Must be more than 0",
      skills: "Pick at least one skill",
    });
    // Focus goes to the first field with a message; what the user typed stays.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("jobTitle");
    expect(await field(page, "companyLogo").inputValue()).toBe("not a url");

    // Fixing a field clears its message as the user types.
    await field(page, "jobTitle").fill("Backend Developer");
    expect(await page.locator('[id$="-jobTitle-error"]').count()).toBe(0);
    const mine = await api(server.url, `/api/myJobs/${encodeURIComponent(employer.email)}`, { session: employer });
    expect(mine.json.some((job: { jobTitle: string }) => job.jobTitle === "Backend Developer")).toBe(false);
  });

  test("a submit the server refuses because the session ended says so and keeps everything typed", async () => {
    await openForm();
    await fillJobForm(page, completeJob({ jobTitle: "Session Ended Engineer" }));
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Post Job" }).click();
    await page.getByRole("alert").filter({ hasText: "Your session has ended. Please sign in again; what you typed is still here." }).waitFor();
    expect(await field(page, "jobTitle").inputValue()).toBe("Session Ended Engineer");
    expect(await field(page, "companyDec").inputValue()).toContain("Northwind Labs builds");
    expect(await page.getByRole("dialog").count()).toBe(0);
    // Sign back in for the remaining tests.
    const context = page.context();
    await context.addCookies(
      employer.cookie.split("; ").map((pair) => {
        const index = pair.indexOf("=");
        return { name: pair.slice(0, index), value: pair.slice(index + 1), url: server.url };
      }),
    );
  });

  test("the Post a Job page has no serious or critical accessibility violations", async () => {
    await openForm();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Post Job" }).click();
    await page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});
