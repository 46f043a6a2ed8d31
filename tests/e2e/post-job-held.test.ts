import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { user } from "#server/db/schema.ts";
import { signUp, type Session } from "#tests/support/http.ts";
import { useE2e, VIEWPORTS, type Viewport } from "#tests/e2e/fixtures.ts";
import { completeJob, field, fillJobForm } from "#tests/e2e/job-form.ts";

vi.setConfig({ testTimeout: 90_000 });

// The product's defaults: a new employer's first listing is reviewed, and nothing goes anywhere before the address is verified.
const e2e = useE2e({ env: { MODERATION: "first", REQUIRE_EMAIL_VERIFICATION: "true" } });

async function postAs(employer: Session, viewport: Viewport, title: string) {
  const page = await e2e.newPage({ viewport, session: employer });
  await page.goto(`${e2e.url}/post-job`);
  await field(page, "jobTitle").waitFor();
  await fillJobForm(page, completeJob({ jobTitle: title }));
  await page.getByRole("button", { name: "Post Job" }).click();
  const modal = page.getByRole("dialog", { name: "Job Posted Successfully!" });
  await modal.waitFor();
  await modal.getByText("View your listings in My Listings to edit or delete them anytime.").waitFor();
  return { page, modal };
}

describe.each(VIEWPORTS)("a held listing's post at %s width", (_name, viewport) => {
  test("an employer who has not verified their address is told the listing waits for it, and where the link went", async () => {
    const employer = await signUp(e2e.url, { name: "Unverified Employer" });
    const { page, modal } = await postAs(employer, viewport, `Held for verification ${viewport.width}`);
    await modal
      .getByText(
        `It is not shown to job seekers until you verify your email address: follow the link we sent to ${employer.email}.`,
      )
      .waitFor();
    expect(await modal.getByText("new listings are reviewed first").count()).toBe(0);
    await page.context().close();
  });

  test("a verified newcomer is told the listing is reviewed before it is shown, and that a mail follows", async () => {
    const employer = await signUp(e2e.url, { name: "Verified Newcomer" });
    await e2e.server.services.database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, employer.email));
    const { page, modal } = await postAs(employer, viewport, `Held for review ${viewport.width}`);
    await modal
      .getByText(
        "It is not shown to job seekers yet: new listings are reviewed first, and we will email you when it is published.",
      )
      .waitFor();
    await page.context().close();
  });
});
