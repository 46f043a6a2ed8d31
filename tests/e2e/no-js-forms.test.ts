import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { jobReports } from "#server/db/schema.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { useE2e } from "#tests/e2e/fixtures.ts";
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
