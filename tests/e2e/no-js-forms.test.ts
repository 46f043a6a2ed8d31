import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ALERT_SENT } from "#app/components/alert-form.tsx";
import { jobAlerts, jobReports, jobs, mailOutbox, user } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import type { Page } from "playwright-core";
import { expectAccessible, flowTest, useE2e, VIEWPORTS, type Viewport } from "#tests/e2e/fixtures.ts";
import { completeJob, field } from "#tests/e2e/job-form.ts";
import { enrolSecondFactor, totp } from "#tests/support/second-factor.ts";
import { daysAgo } from "#tests/e2e/job-data.ts";

vi.setConfig({ testTimeout: 60_000 });

/** A real SMTP server the board mails to, for the password reset's link. */
let smtp: FakeSmtp;
let sender: { stop: () => Promise<void> } | undefined;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
});
const e2e = useE2e(() => ({ env: { SMTP_URL: smtp.url } }));
beforeAll(() => {
  const { services } = e2e.server;
  sender = startMailSender({
    db: services.database.db,
    env: services.env,
    logger: services.logger,
    pollIntervalMs: 50,
  });
});
afterAll(async () => {
  await sender?.stop();
  await smtp?.stop();
});

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

test("a forgot-password form refused, or posted from another site, comes back as the page with its status and words and the address typed, never JSON", async () => {
  const post = (fields: Record<string, string>, origin: string) =>
    fetch(`${e2e.url}/forgot-password`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams(fields),
    });
  const invalid = await post({ email: "not-an-address" }, e2e.url);
  expect(invalid.status).toBe(400);
  expect(invalid.headers.get("content-type")).toMatch(/^text\/html/);
  const page = await invalid.text();
  expect(page).toContain("Enter the email address you signed up with.");
  expect(page).toMatch(/<input[^>]*name="email"[^>]*value="not-an-address"/);

  const email = uniqueEmail("nojs-forged");
  const forged = await post({ email }, "https://elsewhere.example");
  expect(forged.status).toBe(403);
  expect(forged.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await forged.text()).toContain(`This board&#39;s address is ${e2e.server.env.PUBLIC_URL}`);
  const queued = await e2e.server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  expect(queued).toEqual([]);
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

/**
 * The page's markup as a browser without scripts gets it, in a page where the accessibility check can run (it cannot
 * in one with scripts off): the page's scripts dropped and what its <noscript> holds put in their place.
 */
async function asWithoutScripts(path: string, options: { viewport: Viewport; session?: Session }): Promise<Page> {
  const url = `${e2e.url}${path}`;
  const answer = await fetch(url, { headers: options.session ? { cookie: options.session.cookie } : {} });
  const html = (await answer.text()).replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<\/?noscript>/g, "");
  const page = await e2e.newPage(options);
  await page.route(url, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(url);
  return page;
}

describe.each(VIEWPORTS)("the post and login pages without JavaScript at %s width", (_name, viewport) => {
  const flow = flowTest(viewport);

  test("the post page shows the job form instead of a spinner that would never stop, and passes the accessibility check", async () => {
    const employer = await signUp(e2e.url);
    const page = await e2e.newPage({ viewport, session: employer, javaScriptEnabled: false });
    await page.goto(`${e2e.url}/post-job`);
    await field(page, "jobTitle").waitFor();
    expect(await page.getByRole("status", { name: "Loading the job form" }).isVisible()).toBe(false);
    await page.getByRole("textbox", { name: "Required Skill Sets" }).waitFor();
    await page.context().close();
    const markup = await asWithoutScripts("/post-job", { viewport, session: employer });
    await expectAccessible(markup);
    await markup.context().close();
  });

  test("the login page shows its card instead of a spinner that would never stop, and passes the accessibility check", async () => {
    const page = await e2e.newPage({ viewport, javaScriptEnabled: false });
    await page.goto(`${e2e.url}/login`);
    await page.getByRole("heading", { name: "Sign In or Create an Account" }).waitFor();
    expect(await page.getByRole("status", { name: "Loading sign-in" }).isVisible()).toBe(false);
    await page.context().close();
    // The email card, and the second step's.
    for (const path of ["/login", "/login?signin=second-step"]) {
      const markup = await asWithoutScripts(path, { viewport });
      await expectAccessible(markup);
      await markup.context().close();
    }
  });

  flow(
    "without JavaScript an employer posts a job by the browser's own form post; a refusal comes back with what was typed and the message by its field",
    async () => {
      const employer = await signUp(e2e.url);
      const page = await e2e.newPage({ viewport, session: employer, javaScriptEnabled: false });
      await page.goto(`${e2e.url}/post-job`);
      const { skills: _skills, ...job } = completeJob({ jobTitle: "Posted without scripts", description: "" });
      for (const [name, value] of Object.entries(job)) {
        const control = field(page, name as keyof typeof job);
        if ((await control.evaluate((element) => element.tagName)) === "SELECT") await control.selectOption(value);
        else await control.fill(value);
      }
      const skills = page.getByRole("textbox", { name: "Required Skill Sets" });
      await skills.fill("Node, react");

      // Sent without a description: the same page again, everything typed kept, the message by the field.
      await page.getByRole("button", { name: "Post Job" }).click();
      await page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." }).waitFor();
      const description = field(page, "description");
      expect(await description.getAttribute("aria-invalid")).toBe("true");
      // The message is the field's own: what a screen reader reads with it.
      const describedBy = await description.evaluate((element) =>
        (element.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent)
          .join(" "),
      );
      expect(describedBy).toContain("Required");
      expect(await field(page, "jobTitle").inputValue()).toBe("Posted without scripts");
      expect(await field(page, "minPrice").inputValue()).toBe(job.minPrice);
      expect(await skills.inputValue()).toBe("Node, react");

      await description.fill("Own the platform.");
      await page.getByRole("button", { name: "Post Job" }).click();
      await page.waitForURL(/\/my-job\?posted=published$/);
      await page.getByRole("status").filter({ hasText: "✔ Congratulations Job Posted Successfully" }).waitFor();
      const [stored] = await e2e.server.services.database.db
        .select({ skills: jobs.skills, description: jobs.description })
        .from(jobs)
        .where(eq(jobs.title, "Posted without scripts"));
      expect(stored).toEqual({ skills: ["Node", "React"], description: "Own the platform." });

      // And edited, the same way.
      await page.getByRole("link", { name: "Edit" }).first().click();
      await field(page, "jobTitle").fill("Edited without scripts");
      await page.getByRole("button", { name: "Update Job" }).click();
      await page.waitForURL(/\/my-job\?updated$/);
      await page.getByRole("status").filter({ hasText: "✔ Job Updated Successfully" }).waitFor();
      await page.context().close();
    },
  );

  flow(
    "without JavaScript a member who forgot their password asks for the link, chooses a new password from the mail and signs in with it",
    async () => {
      const member = await signUp(e2e.url, { name: "Forgetful" });
      const page = await e2e.newPage({ viewport, javaScriptEnabled: false });

      // A link that is no good is refused as the page, saying so.
      await page.goto(`${e2e.url}/reset-password?token=forged-token`);
      await page.getByLabel("New password").fill("a brand new passphrase");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "This link has expired or was already used. Ask for a new one." })
        .waitFor();
      await page.getByRole("link", { name: "Ask for a new link" }).click();

      await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
      await page.getByLabel("Email").fill(member.email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await page.waitForURL(/\/forgot-password\?sent$/);
      await page
        .getByRole("status")
        .filter({ hasText: "If an account uses that address, we sent it a link" })
        .waitFor();

      const mail = (await smtp.waitForMails(member.email, "Reset your password"))[0]!;
      const link = mail.text.match(/https?:\/\/\S+reset-password\/\S+/)?.[0] ?? "";
      await page.goto(link);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      // A password the server refuses (the browser's own length check taken off) comes back as the form, the link's
      // token kept and the password not.
      const password = page.getByLabel("New password");
      await password.evaluate((input) => input.removeAttribute("minlength"));
      await password.fill("short");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await page.getByRole("alert").filter({ hasText: "The password must have at least 8 characters." }).waitFor();
      expect(await password.inputValue()).toBe("");

      await password.fill("a brand new passphrase");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await page.waitForURL(/\/reset-password\?done$/);
      await page.getByRole("status").filter({ hasText: "Your password is changed. Sign in with it." }).waitFor();

      await page.getByRole("link", { name: "Sign in", exact: true }).click();
      await page.getByRole("heading", { name: "Sign In or Create an Account" }).waitFor();
      await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
      await page.getByRole("textbox", { name: "Email" }).fill(member.email);
      await page.getByLabel("Password").fill("a brand new passphrase");
      await page.getByRole("button", { name: "Sign in with email" }).click();
      await page.waitForURL(/\/login\?signin=existing/);
      await page.getByRole("status").filter({ hasText: "Login successful!" }).waitFor();
      const oldPassword = await fetch(`${e2e.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: e2e.url },
        body: JSON.stringify({ email: member.email, password: member.password }),
      });
      expect(oldPassword.status).toBe(401);
      await page.context().close();
    },
  );

  flow(
    "without JavaScript an account with two-step sign-in signs in with its password, then its code, and has no session in between",
    async () => {
      const account = await signUp(e2e.url);
      const { secret } = await enrolSecondFactor(e2e.url, account);
      const page = await e2e.newPage({ viewport, javaScriptEnabled: false });
      await page.goto(`${e2e.url}/login?from=/my-job`);
      await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
      await page.getByRole("textbox", { name: "Email" }).fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign in with email" }).click();
      await page.waitForURL(/\/login\?signin=second-step&from=%2Fmy-job$/);
      await page.getByRole("heading", { name: "Two-step sign-in" }).waitFor();
      const cookies = await page.context().cookies();
      expect(cookies.map((cookie) => cookie.name).filter((name) => name.includes("session_token"))).toEqual([]);

      await page.getByRole("textbox", { name: "6-digit code from your authenticator app" }).fill("000000");
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await page.waitForURL(/step=wrong/);
      await page.getByRole("alert").filter({ hasText: "That code is not right" }).waitFor();

      // The next window's code: the one enrolment used may not be taken twice.
      await page
        .getByRole("textbox", { name: "6-digit code from your authenticator app" })
        .fill(totp(secret, Date.now() + 30_000));
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await page.waitForURL(/\/login\?signin=existing&from=%2Fmy-job$/);
      await page.getByRole("status").filter({ hasText: "Login successful!" }).waitFor();
      await page.getByRole("link", { name: "Continue" }).click();
      await page.waitForURL(/\/my-job$/);
      await page.context().close();
    },
  );
});
