import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api } from "#tests/support/http.ts";
import { expectAccessible, hydrated, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";
import { daysAgo } from "#tests/e2e/job-data.ts";

vi.setConfig({ testTimeout: 90_000 });

let smtp: FakeSmtp;
let sender: { stop: () => Promise<void> };
beforeAll(async () => {
  smtp = await FakeSmtp.start();
});
// Verification on (the product default); review off, so verifying is the only step before publishing.
const e2e = useE2e(() => ({
  env: {
    SMTP_URL: smtp.url,
    REQUIRE_EMAIL_VERIFICATION: "true",
    MODERATION: "off",
    ACCOUNT_MAIL_RATE_LIMIT_MAX: "100",
  },
}));
beforeAll(() => {
  sender = startMailSender({
    db: e2e.server.services.database.db,
    env: e2e.server.services.env,
    logger: e2e.server.services.logger,
    pollIntervalMs: 50,
  });
});
afterAll(async () => {
  await sender?.stop();
  await smtp?.stop();
});

const searchTitles = async (text: string) =>
  ((await api(e2e.url, `/api/jobs?search=${encodeURIComponent(text)}`)).json as { jobTitle: string }[]).map(
    (job) => job.jobTitle,
  );

describe.each(VIEWPORTS)("email verification at %s width", (name, viewport) => {
  test("sign up → the mail arrives at a real SMTP server → the verify link publishes the held listing", async () => {
    const email = uniqueEmail("verify");
    const title = `Verified employer listing ${name}`;
    const page = await e2e.open("/login", { viewport });
    await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Verifying Employer");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("status").filter({ hasText: "Welcome! Signup successful!" }).waitFor();
    // Wherever the sign-up leads, the page says to check the mail, and for which address.
    await page.waitForURL(`${e2e.url}/`);
    await page.getByRole("heading", { name: "Verify your email address" }).waitFor();
    await page.getByText(`Your listings are not published until you verify ${email}.`).waitFor();

    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const posted = await api(e2e.url, "/api/post-job", {
      method: "POST",
      headers: { cookie },
      body: validJob({ jobTitle: title, postingDate: daysAgo(0) }),
    });
    expect(posted.json.status).toBe("pending");
    expect(await searchTitles(title)).toEqual([]);

    await page.goto(`${e2e.url}/my-job`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Verify your email address" }).waitFor();
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByText("Not published until you verify your email address")
      .waitFor();
    await page.getByRole("button", { name: "Resend the mail" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `We sent the mail again to ${email}.` })
      .waitFor();
    await expectAccessible(page);

    const [first] = await smtp.waitForMails(email, "Verify your email address", 2);
    const link = first?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0] ?? "";
    expect(link).toContain(`${e2e.url}/api/auth/verify-email?token=`);
    await page.goto(link);
    await hydrated(page);
    // The link lands on My Listings, which says it worked.
    await page.waitForURL(/\/my-job\?verified/);
    await page
      .getByRole("status")
      .filter({ hasText: "Your email address is verified: your listings can now go live." })
      .waitFor();
    expect(await searchTitles(title)).toEqual([title]);

    await page.goto(`${e2e.url}/my-job`);
    await hydrated(page);
    await page.getByRole("row").filter({ hasText: title }).waitFor();
    expect(await page.getByText("Your email address is verified").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Verify your email address" }).count()).toBe(0);
    expect(await page.getByText("Not published until you verify your email address").count()).toBe(0);
    await page.context().close();
  });
});
