import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import {
  expectAccessible,
  expectFocusTrappedInDialog,
  flowTest,
  hydrated,
  pauseClock,
  useE2e,
  VIEWPORTS,
} from "#tests/e2e/fixtures.ts";
import { completeJob, field, fillJobForm, typeSkill } from "#tests/e2e/job-form.ts";

// Each test drives several pages (and waits out the spec's 1.5 s and 2 s timers) on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const e2e = useE2e();

describe.each(VIEWPORTS)("Post a Job at %s width", (_name, viewport) => {
  const flow = flowTest(viewport);
  let employer: Session;
  let page: Page;

  beforeAll(async () => {
    employer = await signUp(e2e.url);
    page = await e2e.newPage({ viewport, session: employer });
  });
  afterAll(() => page.context().close());

  /** Every stored job, whoever posted it: a refused submit must not add one anywhere. */
  async function jobCount() {
    return (await e2e.server.services.database.db.select({ id: jobs.id }).from(jobs)).length;
  }

  async function openForm() {
    await page.goto(`${e2e.url}/post-job`);
    await field(page, "jobTitle").waitFor();
  }

  flow(
    "the heading and My Listings note show, then the form after a 1.5 s spinner, with 'Frontend Developer' as the title",
    async () => {
      // A page of its own: its clock is stopped so the spinner can be seen before the 1.5 s are up.
      const own = await e2e.newPage({ viewport, session: employer });
      try {
        await pauseClock(own);
        await own.goto(`${e2e.url}/post-job`);
        await hydrated(own);
        await own.getByRole("heading", { name: "Post a Job for Free" }).waitFor();
        await own.getByText("you can edit or delete your listing any time in").waitFor();
        const spinner = own.getByRole("status").filter({ hasText: "Loading the job form" });
        expect(await spinner.isVisible()).toBe(true);
        expect(await field(own, "jobTitle").count()).toBe(0);
        await own.clock.runFor(1_499);
        expect(await spinner.isVisible()).toBe(true);
        await own.clock.runFor(1);
        await field(own, "jobTitle").waitFor();
        expect(await spinner.count()).toBe(0);
        expect(await field(own, "jobTitle").inputValue()).toBe("Frontend Developer");
        expect(await own.getByLabel("Posted By (email)").inputValue()).toBe(employer.email);
      } finally {
        await own.context().close();
      }
    },
  );

  test("typing part of a skill offers the existing skill first, Enter takes it, and creating what was typed comes last", async () => {
    await openForm();
    const skills = page.getByLabel("Required Skill Sets", { exact: true });
    await skills.fill("TypeScr");
    expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual([
      "TypeScript",
      'Create "TypeScr"',
    ]);
    await skills.fill("Rea");
    const offered = await page.getByRole("listbox").getByRole("option").allTextContents();
    expect(offered[0]).toBe("React");
    expect(offered.at(-1)).toBe('Create "Rea"');
    await page.keyboard.press("Enter");
    await page.getByText("React", { exact: true }).waitFor();
    expect(await page.getByText("Rea", { exact: true }).count()).toBe(0);
    await page.keyboard.press("Escape");
  });

  flow(
    "skills are a multi-select suggesting the 8 spec options with react-select's defaults, and offering to create what is typed",
    async () => {
      await openForm();
      await page.getByText("Select...", { exact: true }).waitFor();
      const skills = page.getByLabel("Required Skill Sets", { exact: true });
      await skills.click();
      expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual([
        "JavaScript",
        "C++",
        "HTML",
        "CSS",
        "React",
        "Node",
        "MongoDB",
        "Redux",
      ]);
      await page.getByRole("option", { name: "Redux" }).click();
      await skills.fill("Cobol");
      await page.getByRole("option", { name: 'Create "Cobol"', exact: true }).waitFor();
      // A skill already chosen, in any case, is neither offered again nor created twice.
      await skills.fill("redux");
      await page.getByText("No options", { exact: true }).waitFor();
      await page.keyboard.press("Escape");
      expect(await page.getByText("Redux", { exact: true }).count()).toBeGreaterThan(0);
      for (const name of ["Salary Type", "English Level", "Gender", "Experience Level", "Employment Type"]) {
        expect(await page.getByLabel(name, { exact: true }).evaluate((element) => element.tagName), name).toBe(
          "SELECT",
        );
      }
      expect(await page.getByLabel("Gender", { exact: true }).locator("option").allTextContents()).toEqual([
        "Choose…",
        "Male",
        "Female",
        "Other",
        "Any",
      ]);
      expect(await page.getByLabel("Job Posting Date", { exact: true }).getAttribute("type")).toBe("date");
    },
  );

  flow(
    "a job posted with every field shows the modal, then the toast, then My Listings after 2 s; it is on the home page and its detail page",
    async () => {
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
      expect(page.url()).toBe(`${e2e.url}/post-job`);
      await page.waitForURL(`${e2e.url}/my-job`);
      // The title's cell also holds its stats link: the row is found by its Edit link.
      await page.getByRole("link", { name: `Edit ${title}`, exact: true }).waitFor();

      const [stored] = (
        await api(e2e.url, `/api/myJobs/${encodeURIComponent(employer.email)}`, { session: employer })
      ).json.filter((job: { jobTitle: string }) => job.jobTitle === title);
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

      await page.goto(`${e2e.url}/`);
      await page
        .getByRole("link", { name: new RegExp(title) })
        .first()
        .waitFor();
      await page.goto(`${e2e.url}/jobs/${stored._id}`);
      await page.getByRole("heading", { name: title }).waitFor();
      await page.getByText("Northwind Labs builds developer tools", { exact: false }).first().waitFor();
    },
  );

  flow(
    "a skill not among the suggestions is created with the keyboard, posted, and shown as text on the job page",
    async () => {
      await openForm();
      const title = `Systems Programmer ${viewport.width}`;
      await fillJobForm(page, completeJob({ jobTitle: title, skills: ["React"] }));
      await typeSkill(page, "Rust");
      // A suggestion typed in another case is the suggestion already chosen: Enter adds nothing.
      await typeSkill(page, "react");
      await typeSkill(page, "<i>Zig</i>");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Post Job" }).click();
      await page.getByRole("dialog", { name: "Job Posted Successfully!" }).getByRole("button", { name: "Ok" }).click();
      await page.waitForURL(`${e2e.url}/my-job`);

      const [stored] = (
        await api(e2e.url, `/api/myJobs/${encodeURIComponent(employer.email)}`, { session: employer })
      ).json.filter((job: { jobTitle: string }) => job.jobTitle === title);
      expect(stored.skills).toEqual([
        { value: "React", label: "React" },
        { value: "Rust", label: "Rust" },
        { value: "<i>Zig</i>", label: "<i>Zig</i>" },
      ]);
      await page.goto(`${e2e.url}/jobs/${stored._id}`);
      const list = page.getByRole("list", { name: "Skills" });
      await list.waitFor();
      expect(await list.getByRole("listitem").allInnerTexts()).toEqual(["React", "Rust", "<i>Zig</i>"]);
      expect(await list.locator("i").count()).toBe(0);
    },
  );

  test("Escape closes the success modal like Ok does", async () => {
    await openForm();
    await fillJobForm(page, completeJob({ jobTitle: `Escape Engineer ${viewport.width}` }));
    await page.getByRole("button", { name: "Post Job" }).click();
    await page.getByRole("dialog", { name: "Job Posted Successfully!" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByText("✔ Congratulations Job Posted Successfully").waitFor();
    await page.waitForURL(`${e2e.url}/my-job`);
  });

  flow(
    "each required or malformed field gets the same inline message the server gives, and nothing is posted",
    async () => {
      await openForm();
      const before = await jobCount();
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

      const refused = await api(e2e.url, "/api/post-job", {
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
        const control =
          name === "skills" ? page.getByLabel("Required Skill Sets", { exact: true }) : field(page, name as never);
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
      // The refused submit stored nothing (the count is read after the form showed the refusal).
      expect(await jobCount()).toBe(before);
    },
  );

  test("an invalid submit focuses the first invalid field in on-screen order (skills before the description) with its message in view", async () => {
    await openForm();
    await fillJobForm(page, { ...completeJob(), skills: [], description: "" });
    await page.getByRole("button", { name: "Post Job" }).click();
    await page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." }).waitFor();
    const skills = page.getByLabel("Required Skill Sets", { exact: true });
    await expect.poll(() => skills.evaluate((element) => element === document.activeElement)).toBe(true);
    const message = page.locator(`[id="${await skills.getAttribute("aria-errormessage")}"]`);
    expect(await message.textContent()).toBe("Pick at least one skill");
    // In view, and not under the sticky header.
    const header = await page.getByRole("banner").boundingBox();
    for (const box of [await skills.boundingBox(), await message.boundingBox()]) {
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    }
  });

  flow("a submit the server refuses because the session ended says so and keeps everything typed", async () => {
    // A page of its own: the cookies cleared here must not sign the shared page out.
    const own = await e2e.newPage({ viewport, session: employer });
    try {
      await own.goto(`${e2e.url}/post-job`);
      await field(own, "jobTitle").waitFor();
      await fillJobForm(own, completeJob({ jobTitle: "Session Ended Engineer" }));
      await own.context().clearCookies();
      const before = await jobCount();
      await own.getByRole("button", { name: "Post Job" }).click();
      await own.getByRole("alert").filter({ hasText: "Sign in to do that" }).waitFor();
      expect(await field(own, "jobTitle").inputValue()).toBe("Session Ended Engineer");
      expect(await field(own, "companyDec").inputValue()).toContain("Northwind Labs builds");
      expect(await own.getByRole("dialog").count()).toBe(0);
      expect(await jobCount()).toBe(before);
    } finally {
      await own.context().close();
    }
  });

  test("the Post a Job page has no serious or critical accessibility violations", async () => {
    await openForm();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Post Job" }).click();
    await page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." }).waitFor();
    await expectAccessible(page);
  });
});
