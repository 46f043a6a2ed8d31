import { eq, like } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { jobs, mailOutbox } from "#server/db/schema.ts";
import { DESKTOP, expectAccessible, hydrated, MOBILE, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";
import { open } from "#tests/e2e/job-data.ts";
import { completeJob, field, fillJobForm } from "#tests/e2e/job-form.ts";
import { exeBytes, pdfBytes } from "#tests/support/cv-files.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";

const e2e = useE2e({ env: { APPLICATION_RATE_LIMIT_MAX: "1000" } });
let owner: Session;
let jobId: string;
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  owner = await signUp(e2e.url, { name: "Hiring Owner" });
  const { json } = await api(e2e.url, "/api/post-job", {
    method: "POST",
    session: owner,
    body: validJob({ jobTitle: "Product Designer", applyMethod: "board" }),
  });
  jobId = json.insertedId;
});

async function fillApplication(page: Page, { name, email, cv }: { name: string; email: string; cv: Buffer }) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+91 98450 12345");
  await page.getByLabel(/^CV/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: cv });
  await page.getByLabel("Cover note").fill("I design for people first.");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe.each(VIEWPORTS)("applying on the board at %s", (label, viewport) => {
  test("a seeker follows Apply from the job page, sends a CV and is told it was sent; the form is accessible", async () => {
    const page = await e2e.newPage({ viewport });
    await open(page, `${e2e.url}/jobs/${jobId}`);
    if (viewport === MOBILE) {
      await page.getByRole("button", { name: "Apply Now" }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Apply Now" }).click();
    } else {
      await page.getByRole("link", { name: "Apply", exact: true }).click();
    }
    await page.waitForURL(`${e2e.url}/jobs/${jobId}/apply`);
    await page.getByRole("heading", { name: "Apply for Product Designer" }).waitFor();
    await expectAccessible(page);
    await shot(page, `apply-${label}`);
    await fillApplication(page, { name: `Seeker ${label}`, email: `seeker-${label}@example.com`, cv: pdfBytes() });
    await page.getByRole("button", { name: "Send application" }).click();
    await page.getByRole("heading", { name: "Application sent" }).waitFor();
    await expectAccessible(page);
    await shot(page, `apply-sent-${label}`);
    await page.context().close();
  });

  test("the employer sees the application in the inbox from My Listings, moves it to Interview and downloads the CV", async () => {
    const page = await e2e.newPage({ viewport, session: owner });
    await page.goto(`${e2e.url}/my-job`);
    await hydrated(page);
    await page.getByRole("link", { name: /Applications for Product Designer: \d+ new, \d+ in all/ }).click();
    await page.waitForURL(`${e2e.url}/my-jobs/${jobId}/applications`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Seeker ${label}` }) });
    await card.waitFor();
    await expectAccessible(page);
    await shot(page, `inbox-${label}`);
    // The phone number is one link on one line, to call from a phone.
    const phone = card.getByRole("link", { name: "+91 98450 12345" });
    expect(await phone.getAttribute("href")).toBe("tel:+919845012345");
    expect(await phone.evaluate((link) => link.getClientRects().length)).toBe(1);
    await card.getByLabel("Stage").selectOption("interview");
    await card.getByLabel(/Private note/).fill("Call on Monday");
    await card.getByRole("button", { name: /Save/ }).click();
    await card.getByText("Saved.").waitFor();
    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: /Download CV/ }).click();
    expect((await download).suggestedFilename()).toBe("cv.pdf");
    await page.getByRole("link", { name: /^Interview \(\d+\)$/ }).click();
    await page.waitForURL(/stage=interview/);
    await expect.poll(() => card.getByText("Stage: Interview").isVisible()).toBe(true);
    await page.context().close();
  });
});

test("without JavaScript the form is a real post: a wrong file is refused beside its field with the fields kept, then it goes", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP, javaScriptEnabled: false });
  await page.goto(`${e2e.url}/jobs/${jobId}/apply`);
  await fillApplication(page, { name: "No Script", email: "noscript@example.com", cv: exeBytes() });
  await page.getByRole("button", { name: "Send application" }).click();
  await page.getByText("Your CV must be a PDF or a Word document (.docx)").waitFor();
  expect(await page.getByLabel(/^CV/).getAttribute("aria-describedby")).toContain("apply-cv-error");
  expect(await page.getByLabel("Full name").inputValue()).toBe("No Script");
  expect(await page.getByRole("checkbox", { name: /I agree/ }).isChecked()).toBe(true);
  await fillApplication(page, { name: "No Script", email: "noscript@example.com", cv: pdfBytes() });
  await page.getByRole("button", { name: "Send application" }).click();
  await page.getByRole("heading", { name: "Application sent" }).waitFor();
  expect(page.url()).toBe(`${e2e.url}/jobs/${jobId}/apply?sent`);
  await page.context().close();
});

test("on a phone without JavaScript, Apply Now is a link to the board's form", async () => {
  const page = await e2e.newPage({ viewport: MOBILE, javaScriptEnabled: false });
  await page.goto(`${e2e.url}/jobs/${jobId}`);
  const apply = page.getByRole("link", { name: "Apply Now" });
  // Visible once the page's spinner has had its moment (a CSS delay, which runs without scripts too).
  await apply.waitFor();
  await apply.click();
  await page.waitForURL(`${e2e.url}/jobs/${jobId}/apply`);
  await page.getByRole("heading", { name: "Apply for Product Designer" }).waitFor();
  await page.context().close();
});

test("the applicant withdraws from the confirmation mail's link", async () => {
  const [mail] = await e2e.server.services.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.textBody, "Hello Seeker desktop,%"));
  const link = /(http\S+\/applications\/\S+)/.exec(mail?.textBody ?? "")?.[1];
  expect(link).toBeDefined();
  const page = await e2e.newPage({ viewport: MOBILE });
  await page.goto(link ?? "");
  await page.getByText("Product Designer").waitFor();
  await expectAccessible(page);
  await shot(page, "applicant-page-mobile");
  // Withdrawing cannot be undone either: the browser holds the button back until the box is ticked.
  const confirm = page.getByRole("checkbox", { name: "I understand: withdraw my application" });
  await page.getByRole("button", { name: "Withdraw my application" }).click();
  expect(await confirm.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
  expect(new URL(page.url()).search).toBe("");
  await confirm.check();
  await page.getByRole("button", { name: "Withdraw my application" }).click();
  await page.getByText("Your application is withdrawn.").waitFor();
  expect(new URL(page.url()).search).toBe("?done=withdraw");
  await expect.poll(() => page.getByText("Withdrawn", { exact: true }).isVisible()).toBe(true);
  // Erasing cannot be undone: the browser holds the button back until the box is ticked, by keyboard here.
  await page.getByRole("button", { name: "Erase my application and CV" }).click();
  expect(await page.getByText("Your application and CV are erased.").count()).toBe(0);
  await page.getByRole("checkbox", { name: /erase my application and CV for good/ }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.getByText("Your application and CV are erased.").waitFor();
  await expectAccessible(page);
  await shot(page, "applicant-erased-mobile");
  await page.context().close();
});

test("the employer switches a listing to applications on the board in the edit form, and its Apply follows; by email it mails", async () => {
  const { json } = await api(e2e.url, "/api/post-job", {
    method: "POST",
    session: owner,
    body: validJob({ jobTitle: "Switching Listing" }),
  });
  const id = json.insertedId as string;
  const seeker = await e2e.newPage({ viewport: DESKTOP });
  await open(seeker, `${e2e.url}/jobs/${id}`);
  expect(await seeker.getByRole("link", { name: "Apply", exact: true }).getAttribute("href")).toBe(
    validJob().applyLink,
  );

  const editor = await e2e.open(`/edit-job/${id}`, { viewport: DESKTOP, session: owner });
  await editor.getByLabel("Applications arrive").selectOption({ label: "On this board" });
  await editor.getByRole("button", { name: "Update Job" }).click();
  await editor.getByText("✔ Job Updated Successfully").waitFor();
  await open(seeker, `${e2e.url}/jobs/${id}`);
  expect(await seeker.getByRole("link", { name: "Apply", exact: true }).getAttribute("href")).toBe(`/jobs/${id}/apply`);

  await api(e2e.url, `/api/update-job/${id}`, { method: "PATCH", session: owner, body: { applyMethod: "email" } });
  await open(seeker, `${e2e.url}/jobs/${id}`);
  expect(await seeker.getByRole("link", { name: "Apply", exact: true }).getAttribute("href")).toMatch(
    new RegExp(`^mailto:${owner.email}`),
  );
  await editor.context().close();
  await seeker.context().close();
});

test("an employer who takes applications on this board posts without an apply link, and Apply opens the board's form", async () => {
  const page = await e2e.open("/post-job", { viewport: DESKTOP, session: owner });
  await field(page, "jobTitle").waitFor();
  await fillJobForm(page, completeJob({ jobTitle: "Linkless Board Listing", applyLink: "" }));
  await page.getByLabel("Applications arrive").selectOption({ label: "On this board" });
  await page.getByRole("button", { name: "Post Job" }).click();
  await page.getByRole("dialog", { name: "Job Posted Successfully!" }).waitFor();
  const [posted] = await e2e.server.services.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.title, "Linkless Board Listing"));
  await open(page, `${e2e.url}/jobs/${posted?.id}`);
  expect(await page.getByRole("link", { name: "Apply", exact: true }).getAttribute("href")).toBe(
    `/jobs/${posted?.id}/apply`,
  );
  await page.context().close();
});

test("a signed-in seeker finds their name and address already filled in", async () => {
  const seeker = await signUp(e2e.url, { name: "Signed Seeker" });
  const page = await e2e.open(`/jobs/${jobId}/apply`, { viewport: MOBILE, session: seeker });
  expect(await page.getByLabel("Full name").inputValue()).toBe("Signed Seeker");
  expect(await page.getByLabel("Email").inputValue()).toBe(seeker.email);
  await page.context().close();
});

test("the whole application can be made with the keyboard alone, and a refusal puts focus on the field at fault", async () => {
  const page = await e2e.open(`/jobs/${jobId}/apply`, { viewport: DESKTOP });
  await page.getByLabel("Full name").focus();
  await page.keyboard.type("Keyboard Only");
  await page.keyboard.press("Tab");
  await page.keyboard.type("keyboard@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("apply-cv");
  // The system's file dialog is outside the page: the file is handed to the focused input, as that dialog would.
  await page.locator(":focus").setInputFiles({ name: "cv.exe", mimeType: "application/pdf", buffer: exeBytes() });
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("apply-consent");
  await page.keyboard.press("Space");
  // Past the Privacy Notice link in the consent's label, to the button.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send application");
  await page.keyboard.press("Enter");
  await page.getByText("Your CV must be a PDF or a Word document (.docx)").waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("apply-cv");
  await expectAccessible(page);
  await page.locator(":focus").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdfBytes() });
  await page.getByRole("checkbox", { name: /I agree/ }).focus();
  if (!(await page.getByRole("checkbox", { name: /I agree/ }).isChecked())) await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Application sent" }).waitFor();
  await page.context().close();
});

/** A listing that takes applications here, with one application from each name, sent as a form would send them. */
async function listingWithApplicants(title: string, names: string[]): Promise<string> {
  const { json } = await api(e2e.url, "/api/post-job", {
    method: "POST",
    session: owner,
    body: validJob({ jobTitle: title, applyMethod: "board" }),
  });
  const id = json.insertedId as string;
  for (const name of names) {
    const form = new FormData();
    form.set("name", name);
    form.set("email", `${name.replace(/ /g, "")}-${crypto.randomUUID().slice(0, 6)}@example.com`);
    form.set("consent", "on");
    form.set("cv", new Blob([new Uint8Array(pdfBytes())]), "cv.pdf");
    expect((await fetch(`${e2e.url}/api/jobs/${id}/applications`, { method: "POST", body: form })).status).toBe(201);
  }
  return id;
}

test("without scripts, the employer's Save keeps the stage and note and comes back at the card, saying so", async () => {
  const id = await listingWithApplicants("Inbox Without Scripts", ["Plain Form", "Left Filter"]);
  const page = await e2e.newPage({ viewport: MOBILE, javaScriptEnabled: false, session: owner });
  await page.goto(`${e2e.url}/my-jobs/${id}/applications`);
  const card = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await card("Plain Form").getByLabel("Stage").selectOption("interview");
  await card("Plain Form")
    .getByLabel(/Private note/)
    .fill("Call on Monday");
  await card("Plain Form").getByRole("button", { name: /Save/ }).click();
  await card("Plain Form").getByText("Saved.", { exact: true }).waitFor();
  expect(new URL(page.url()).hash).toMatch(/^#application-/);
  expect(await card("Plain Form").getByLabel("Stage").inputValue()).toBe("interview");
  expect(
    await card("Plain Form")
      .getByLabel(/Private note/)
      .inputValue(),
  ).toBe("Call on Monday");
  const { json } = await api(e2e.url, `/api/jobs/${id}/applications`, { session: owner });
  const saved = (json.applications as { name: string; stage: string; note: string | null }[]).find(
    (application) => application.name === "Plain Form",
  );
  expect(saved).toMatchObject({ stage: "interview", note: "Call on Monday" });

  // Filtered to New, a card saved at another stage leaves the list: the page says where it went.
  await page.goto(`${e2e.url}/my-jobs/${id}/applications?stage=new`);
  await card("Left Filter").getByLabel("Stage").selectOption("rejected");
  const mail = card("Left Filter").getByRole("checkbox", { name: /If you move it to Rejected, send Left Filter/ });
  await mail.uncheck();
  await card("Left Filter").getByRole("button", { name: /Save/ }).click();
  await page.getByText("Saved. Left Filter is now at Rejected.").waitFor();
  expect(await page.getByRole("heading", { name: "Left Filter" }).count()).toBe(0);
  await page.context().close();
});

test("without scripts, hiring offers to close the listing, and the listing is closed and reopened from the inbox", async () => {
  const id = await listingWithApplicants("Hired Without Scripts", ["Hired Plainly"]);
  const page = await e2e.newPage({ viewport: MOBILE, javaScriptEnabled: false, session: owner });
  await page.goto(`${e2e.url}/my-jobs/${id}/applications`);
  await page.getByLabel("Stage", { exact: true }).selectOption("hired");
  await page.getByRole("button", { name: /Save/ }).click();
  await page.getByText("You hired someone. Close this listing?").waitFor();
  await page.getByRole("button", { name: "Keep it open" }).click();
  await page.getByRole("heading", { name: "Hired Plainly" }).waitFor();
  expect(await page.getByText("You hired someone. Close this listing?").count()).toBe(0);
  expect((await api(e2e.url, `/api/all-jobs/${id}`)).status).toBe(200);

  // Closed meanwhile in another tab, the offer's Close is refused at the top of the page, and nothing changes.
  await page.getByRole("button", { name: /Save/ }).click();
  expect((await api(e2e.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
  await page.getByRole("button", { name: "Close the listing" }).click();
  await page.getByText("The listing was not closed: Only a published listing can be closed").waitFor();
  expect((await api(e2e.url, `/api/jobs/${id}/reopen`, { method: "POST", session: owner })).status).toBe(200);

  await page.getByRole("button", { name: /Save/ }).click();
  await page.getByRole("button", { name: "Close the listing" }).click();
  await page.getByText("The listing is closed: it is off the board and takes no new applications.").waitFor();
  await page.getByRole("heading", { name: "This listing is closed" }).waitFor();
  expect((await api(e2e.url, `/api/all-jobs/${id}`)).status).toBe(404);
  await page.getByRole("button", { name: "Reopen the listing" }).click();
  await page.getByText("The listing is back on the board and takes applications again.").waitFor();
  expect(await page.getByRole("heading", { name: "This listing is closed" }).count()).toBe(0);
  expect((await api(e2e.url, `/api/all-jobs/${id}`)).status).toBe(200);
  await page.context().close();
});

test("without scripts, a refused Save says why beside the card and keeps what was chosen and typed", async () => {
  const id = await listingWithApplicants("Refused Without Scripts", ["Long Note"]);
  const page = await e2e.newPage({ viewport: DESKTOP, javaScriptEnabled: false, session: owner });
  await page.goto(`${e2e.url}/my-jobs/${id}/applications`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Long Note" }) });
  await card.getByLabel("Stage").selectOption("offer");
  // Past the field's own limit, as a form sent by something other than this page can be.
  const note = card.getByLabel(/Private note/);
  await note.evaluate((input) => input.removeAttribute("maxlength"));
  await note.fill("x".repeat(2001));
  await card.getByRole("button", { name: /Save/ }).click();
  await card.getByText("The note must be at most 2000 characters").waitFor();
  expect(await card.getByLabel("Stage").inputValue()).toBe("offer");
  expect((await note.inputValue()).length).toBe(2001);
  const { json } = await api(e2e.url, `/api/jobs/${id}/applications`, { session: owner });
  expect((json.applications as { stage: string }[])[0]?.stage).toBe("new");
  await page.context().close();
});

test("marking someone Hired offers to close the listing; closed, it keeps its applications and can be reopened", async () => {
  const id = await listingWithApplicants("Hiring Listing", ["Chosen One", "Not This Time"]);
  const page = await e2e.open(`/my-jobs/${id}/applications`, { viewport: MOBILE, session: owner });
  const card = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await card("Not This Time").getByLabel("Stage").selectOption("rejected");
  const notify = card("Not This Time").getByRole("checkbox", { name: /short, polite mail/ });
  expect(await notify.isChecked()).toBe(true);
  await card("Not This Time").getByRole("button", { name: /Save/ }).click();
  await card("Not This Time").getByText("Saved. The applicant will get a short, polite mail.").waitFor();

  await card("Chosen One").getByLabel("Stage").selectOption("hired");
  await card("Chosen One").getByRole("button", { name: /Save/ }).click();
  await page.getByText("You hired someone. Close this listing?").waitFor();
  await expectAccessible(page);
  await shot(page, "inbox-hired-mobile");
  await page.getByRole("button", { name: "Close the listing" }).click();
  const closed = page.getByText("The listing is closed: it is off the board and takes no new applications.");
  await closed.waitFor();
  expect(await closed.evaluate((node) => node === document.activeElement)).toBe(true);
  await page.getByRole("heading", { name: "This listing is closed" }).waitFor();
  expect(page.url()).toBe(`${e2e.url}/my-jobs/${id}/applications`);
  await card("Chosen One").waitFor();
  await card("Not This Time").waitFor();
  await expectAccessible(page);
  await shot(page, "inbox-closed-mobile");
  expect((await api(e2e.url, `/api/all-jobs/${id}`)).status).toBe(404);

  await page.goto(`${e2e.url}/my-job`);
  await hydrated(page);
  // The owner has more listings than a page of My Listings holds, posted the same day: found by its title.
  await page
    .getByRole("searchbox", { name: "Search your listings by title, company or location" })
    .fill("Hiring Listing");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("Closed", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Reopen listing: Hiring Listing" }).click();
  await page.getByRole("status").getByText("“Hiring Listing” is back on the board.").waitFor();
  expect((await api(e2e.url, `/api/all-jobs/${id}`)).status).toBe(200);
  await page.context().close();
});

test("declining the offer to close gives focus back to the Save that was pressed, by keyboard", async () => {
  const id = await listingWithApplicants("Keep Open Listing", ["Kept Applicant"]);
  const page = await e2e.open(`/my-jobs/${id}/applications`, { viewport: DESKTOP, session: owner });
  await page.getByLabel("Stage", { exact: true }).selectOption("hired");
  await page.getByRole("button", { name: "Save Kept Applicant" }).focus();
  await page.keyboard.press("Enter");
  await page.getByText("You hired someone. Close this listing?").waitFor();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.getByText("You hired someone. Close this listing?").waitFor({ state: "detached" });
  const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
  expect(focused).toBe("Save Kept Applicant");
  expect((await api(e2e.url, `/api/all-jobs/${id}`)).status).toBe(200);
  await page.context().close();
});

test("an application saved at a stage the filter hides is said to have moved, at the top, where focus goes", async () => {
  const id = await listingWithApplicants("Filtered Listing", ["Moving Applicant", "Staying Applicant"]);
  const page = await e2e.open(`/my-jobs/${id}/applications?stage=new`, { viewport: MOBILE, session: owner });
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Moving Applicant" }) });
  await card.getByLabel("Stage").selectOption("interview");
  await card.getByRole("button", { name: /Save/ }).click();
  const notice = page.getByText("Saved. Moving Applicant is now at Interview.");
  await notice.waitFor();
  await card.waitFor({ state: "detached" });
  expect(await notice.evaluate((node) => node === document.activeElement)).toBe(true);
  await page.getByRole("link", { name: "Interview (1)" }).waitFor();
  await expectAccessible(page);
  await page.context().close();
});

test("a visitor at a closed listing's address gets 410: it says it is closed, offers no Apply, and lists the company's other openings", async () => {
  const id = await listingWithApplicants("Filled Role", []);
  expect((await api(e2e.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await e2e.newPage({ viewport });
    const response = await page.goto(`${e2e.url}/jobs/${id}`, { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(410);
    await open(page, `${e2e.url}/jobs/${id}`);
    await page.getByText("The employer is no longer taking applications for it.").waitFor();
    expect(await page.getByRole("link", { name: /^Apply/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Apply Now|^Share/ }).count()).toBe(0);
    const others = page.getByRole("region", { name: /^Other openings at / });
    // Which of the company's many live listings are shown depends on the other tests: any one of them will do.
    expect(await others.getByRole("link").count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await shot(page, `closed-listing-visitor-${viewport.width}`);
    await page.context().close();
  }
});

test("the owner of a closed listing sees it with Reopen and a link to its applications, and reopens it from the page", async () => {
  const id = await listingWithApplicants("Reopened From Page", ["Waiting Applicant"]);
  expect((await api(e2e.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
  const page = await e2e.open(`/jobs/${id}`, { viewport: MOBILE, session: owner });
  await page.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
  await page.getByText("You closed this listing.").waitFor();
  expect(await page.getByRole("button", { name: "Apply Now" }).count()).toBe(0);
  const inbox = page.getByRole("link", { name: "See its applications" });
  expect(await inbox.getAttribute("href")).toBe(`/my-jobs/${id}/applications`);
  await expectAccessible(page);
  await shot(page, "closed-listing-owner-mobile");
  await page.getByRole("button", { name: "Reopen listing" }).click();
  const outcome = page.getByRole("status").filter({ hasText: "“Reopened From Page” is back on the board" });
  await outcome.waitFor();
  expect(await outcome.evaluate((node) => node === document.activeElement)).toBe(true);
  await page.getByRole("button", { name: "Apply Now" }).waitFor();
  expect((await api(e2e.url, `/api/all-jobs/${id}`)).status).toBe(200);
  await page.context().close();
});

test("an application sent with scripts to a listing closed meanwhile ends the form with 'Applications closed', focused", async () => {
  const id = await listingWithApplicants("Closed While Typing", []);
  const page = await e2e.newPage({ viewport: MOBILE });
  await open(page, `${e2e.url}/jobs/${id}/apply`);
  await fillApplication(page, { name: "Late Applicant", email: "late.applicant@example.com", cv: pdfBytes() });
  expect((await api(e2e.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
  await page.getByRole("button", { name: "Send application" }).click();
  const heading = page.getByRole("heading", { name: "Applications closed" });
  await heading.waitFor();
  // Focus goes to the answer, so a screen reader reads it rather than nothing from where the form's button was.
  await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
  // And on a phone it is on screen, not above it where the page stayed scrolled down to the form's button.
  await expect
    .poll(() =>
      heading.evaluate((node) => {
        const box = node.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    )
    .toBe(true);
  expect(await page.getByRole("button", { name: "Send application" }).count()).toBe(0);
  await shot(page, "closed-meanwhile-375");
  await page.context().close();
});

test("an admin reads another employer's inbox only with a second factor, and then without forms or private notes", async () => {
  const id = await listingWithApplicants("Moderated Inbox", ["Read By Admin"]);
  const admin = await signUp(e2e.url, { name: "Inbox Admin" });
  await e2e.server.services.moderation.setAdmin({ email: admin.email, admin: true });
  const before = await e2e.newPage({ viewport: DESKTOP, session: admin });
  await before.goto(`${e2e.url}/my-jobs/${id}/applications`);
  await before.waitForURL(/\/account\/security\?from=/);
  await before.context().close();

  await enrolSecondFactor(e2e.url, admin);
  const page = await e2e.newPage({ viewport: MOBILE, session: admin });
  await page.goto(`${e2e.url}/my-jobs/${id}/applications`);
  await hydrated(page);
  await page.getByText("You are reading another employer's applications as an admin, for moderation.").waitFor();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Read By Admin" }) });
  await card.getByRole("link", { name: /Download CV/ }).waitFor();
  expect(await card.getByRole("button", { name: /Save/ }).count()).toBe(0);
  expect(await card.getByLabel("Stage").count()).toBe(0);
  await expectAccessible(page);
  await page.context().close();
});
