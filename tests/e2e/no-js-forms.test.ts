import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { ALERT_SENT } from "#app/components/alert-form.tsx";
import { jobAlerts, jobReports, user } from "#server/db/schema.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { expectAccessible, useE2e } from "#tests/e2e/fixtures.ts";
import { daysAgo } from "#tests/e2e/job-data.ts";

vi.setConfig({ testTimeout: 60_000 });

const e2e = useE2e();

test("without JavaScript a reader reports a listing from the job page, by the browser's own form post", async () => {
  const owner = await signUp(e2e.url, { name: "Owner" });
  const id = (
    await api(e2e.url, "/api/post-job", {
      method: "POST",
      session: owner,
      body: validJob({ jobTitle: "Reported without scripts", postingDate: daysAgo(0) }),
    })
  ).json.insertedId as string;
  const page = await e2e.newPage({ javaScriptEnabled: false });
  await page.goto(`${e2e.url}/jobs/${id}`);
  await page.getByRole("button", { name: "Report this job" }).click();
  await page.waitForURL(/\?report=open#report-job$/);
  const form = page.getByRole("region", { name: "Report this job" });

  // Sent without a reason, it comes back to the form saying what is missing.
  await form.getByRole("button", { name: "Send report" }).click();
  await page.waitForURL(/\?report=invalid#report-job$/);
  await form.getByRole("alert").filter({ hasText: "Pick a reason" }).waitFor();

  await form.getByRole("radio", { name: "Scam or fraud" }).check();
  await form.getByRole("textbox", { name: "Comment (optional)" }).fill("Asks applicants to pay a fee.");
  await form.getByRole("button", { name: "Send report" }).click();
  await page.waitForURL(/\?report=sent#report-job$/);
  await page
    .getByRole("status")
    .filter({ hasText: "Thank you for your report. An admin will look at this listing." })
    .waitFor();
  const stored = await e2e.server.services.database.db.select().from(jobReports).where(eq(jobReports.jobId, id));
  expect(stored.map((row) => [row.reason, row.comment])).toEqual([["scam", "Asks applicants to pay a fee."]]);
  await page.context().close();
});

test("without JavaScript a reader sets up an alert for the search on the home page, by the browser's own form post", async () => {
  const email = uniqueEmail("nojs-alert");
  const page = await e2e.newPage({ javaScriptEnabled: false });
  await page.goto(`${e2e.url}/?search=react&location=pune`);
  const splashGone = () =>
    page.getByRole("status", { name: "Loading Job Board" }).waitFor({ state: "hidden", timeout: 10_000 });
  await splashGone();
  await page.getByRole("button", { name: "Email me new jobs like these" }).click();
  await page.waitForURL(/\/\?search=react&location=pune&alert=open#job-alert$/);
  await splashGone();
  const form = page.getByRole("form", { name: "Job alert" });
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("combobox", { name: "How often" }).selectOption("weekly");
  await form.getByRole("button", { name: "Create alert" }).click();
  await page.waitForURL(/\/\?search=react&location=pune&alert=sent#job-alert$/);
  await page.getByRole("status").filter({ hasText: ALERT_SENT }).waitFor();
  const stored = await e2e.server.services.database.db
    .select({ search: jobAlerts.search, frequency: jobAlerts.frequency })
    .from(jobAlerts)
    .where(eq(jobAlerts.email, email));
  expect(stored).toEqual([{ search: { search: "react", location: "pune" }, frequency: "weekly" }]);
  await page.context().close();
});

test("without JavaScript a visitor creates an account on the login page, by the browser's own form post, and is signed in", async () => {
  const email = uniqueEmail("nojs-signup");
  const page = await e2e.newPage({ javaScriptEnabled: false });
  await page.goto(`${e2e.url}/login?from=/my-job`);
  await page.getByRole("heading", { name: "Create an Account" }).waitFor();
  await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole("textbox", { name: "Name" }).fill("Asha Verma");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/login\?signup=sent&from=%2Fmy-job$/);
  await page.getByRole("status").filter({ hasText: "Welcome! Signup successful!" }).waitFor();
  const [account] = await e2e.server.services.database.db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.email, email));
  expect(account).toEqual({ name: "Asha Verma" });

  // Signed in: My Listings opens instead of sending the visitor back to sign in.
  await page.getByRole("link", { name: "Continue" }).click();
  await page.waitForURL(/\/my-job$/);
  await page.context().close();
});

test("the report and alert forms shown from the address (?report=open, ?alert=open) pass the accessibility check", async () => {
  const owner = await signUp(e2e.url, { name: "Owner" });
  const id = (
    await api(e2e.url, "/api/post-job", {
      method: "POST",
      session: owner,
      body: validJob({ jobTitle: "Checked for accessibility", postingDate: daysAgo(0) }),
    })
  ).json.insertedId as string;
  const job = await e2e.open(`/jobs/${id}?report=invalid`);
  await job.getByRole("region", { name: "Report this job" }).getByRole("alert").waitFor();
  await expectAccessible(job);
  await job.context().close();
  const home = await e2e.open("/?search=react&alert=open");
  await home.getByRole("form", { name: "Job alert" }).waitFor();
  await expectAccessible(home);
  await home.context().close();
});
