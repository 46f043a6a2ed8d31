import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createTransport, deliverDueMails } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { expectAccessible, flowTest, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";
import { daysAgo } from "#tests/e2e/job-data.ts";

vi.setConfig({ testTimeout: 90_000 });

// Review on (the product default), and two readers are enough to hide a listing.
const e2e = useE2e({
  env: {
    MODERATION: "first",
    REPORTS_TO_HIDE: "2",
    REPORT_RATE_LIMIT_MAX: "100",
    CONTACT_RATE_LIMIT_MAX: "100",
    // Readers count once per address (issue 71): each reader below speaks from one of their own.
    TRUSTED_PROXY_HEADER: "x-forwarded-for",
  },
});

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
});
afterAll(() => smtp?.stop());

/** One pass of the mail sender, as if SMTP_URL and CONTACT_TO were set: every due mail goes to the fake SMTP server. */
async function deliverMailOnce() {
  const { database, env, logger } = e2e.server.services;
  const transport = createTransport(smtp.url);
  try {
    await deliverDueMails({ db: database.db, env: { ...env, CONTACT_TO: "desk@jobboard.test" }, logger, transport });
  } finally {
    transport.close();
  }
}

describe.each(VIEWPORTS)("moderation in the browser at %s width", (name, viewport) => {
  let admin: Session;
  const flow = flowTest(viewport);

  beforeAll(async () => {
    admin = await signUp(e2e.url, { name: "Admin" });
    await e2e.server.services.moderation.setAdmin({ email: admin.email, admin: true });
    await enrolSecondFactor(e2e.url, admin);
  });

  async function post(session: Session, jobTitle: string) {
    const { json } = await api(e2e.url, "/api/post-job", {
      method: "POST",
      session,
      body: validJob({ jobTitle, postingDate: daysAgo(0) }),
    });
    return json.insertedId as string;
  }

  const searchTitles = async (text: string) =>
    ((await api(e2e.url, `/api/jobs?search=${encodeURIComponent(text)}`)).json as { jobTitle: string }[]).map(
      (job) => job.jobTitle,
    );

  async function openJobPage(path: string, session?: Session): Promise<Page> {
    const page = await e2e.open(path, { viewport, session });
    await page.getByRole("status", { name: "Loading job" }).waitFor({ state: "hidden", timeout: 10_000 });
    return page;
  }

  test("an employer's first listing waits for review; an admin approves it and it appears in search and the sitemap", async () => {
    const employer = await signUp(e2e.url, { name: "Newcomer" });
    const title = `First listing ${name}`;
    const id = await post(employer, title);

    const mine = await e2e.open("/my-job", { viewport, session: employer });
    await mine.getByRole("row").filter({ hasText: title }).getByText("Pending review", { exact: true }).waitFor();
    await expectAccessible(mine);
    await mine.context().close();
    expect(await searchTitles(title)).toEqual([]);

    const queue = await e2e.open("/admin", { viewport, session: admin });
    await expectAccessible(queue);
    await queue.getByRole("link", { name: `${title} at Acme Widgets` }).click();
    await queue.getByRole("heading", { name: `${title} at Acme Widgets` }).waitFor();
    await queue
      .getByRole("listitem")
      .filter({ hasText: `Submitted for review by ${employer.email}` })
      .waitFor();
    await expectAccessible(queue);
    await queue.getByRole("button", { name: "Approve" }).click();
    await queue.getByRole("status").filter({ hasText: "Approved." }).waitFor();
    await queue
      .getByRole("listitem")
      .filter({ hasText: `Approved by ${admin.email}` })
      .waitFor();
    await queue.context().close();

    expect(await searchTitles(title)).toEqual([title]);
    expect(await (await fetch(`${e2e.url}/sitemap/jobs-1.xml`)).text()).toContain(`/jobs/${id}`);
  });

  test("an admin finds the review queue from the header's Admin link; another signed-in user has no such link", async () => {
    const page = await e2e.open("/", { viewport, session: admin });
    if (viewport.width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await page.context().close();

    const reader = await e2e.open("/", { viewport, session: await signUp(e2e.url, { name: "Reader" }) });
    if (viewport.width < 1024) await reader.getByRole("button", { name: "Open menu" }).click();
    await reader.getByRole("button", { name: "Log out" }).waitFor();
    expect(await reader.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    await reader.context().close();
  });

  test("the admin screens are a 'Page not found' page for a signed-in user who is not an admin, and for a visitor", async () => {
    const id = await post(admin, `Hidden from readers ${name}`);
    const reader = await signUp(e2e.url, { name: "Curious reader" });
    for (const session of [reader, undefined]) {
      for (const path of ["/admin", "/admin/messages", `/admin/jobs/${id}`]) {
        const page = await e2e.open(path, { viewport, session, status: 404 });
        await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
        expect(await page.getByText("Review queue").count(), path).toBe(0);
        await page.context().close();
      }
    }
  });

  test("readers report a listing, it is hidden at the threshold, and an admin restores it", async () => {
    const title = `Reported listing ${name}`;
    const id = await post(admin, title);
    expect(await searchTitles(title)).toEqual([title]);

    for (const [index, reason] of (["Scam or fraud", "Wrong or misleading information"] as const).entries()) {
      const reader = await signUp(e2e.url, { name: `Reader ${index}` });
      const page = await openJobPage(`/jobs/${id}`, reader);
      await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${index + 1}` });
      await page.getByRole("button", { name: "Report this job" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this job" });
      await dialog.getByRole("radio", { name: reason }).check();
      await dialog.getByRole("textbox", { name: "Comment (optional)" }).fill("Asks applicants to pay a fee.");
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Send report" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: "Thank you for your report. An admin will look at this listing." })
        .waitFor();
      await page.context().close();
    }

    expect((await fetch(`${e2e.url}/jobs/${id}`)).status).toBe(404);
    expect(await searchTitles(title)).toEqual([]);

    const review = await e2e.open(`/admin/jobs/${id}`, { viewport, session: admin });
    await review.getByText("Hidden: Reported by readers; waiting for review").waitFor();
    await review.getByText("Scam or fraud", { exact: true }).waitFor();
    await review
      .getByRole("listitem")
      .filter({ hasText: "Hidden after reports by the system: 2 readers reported it" })
      .waitFor();
    await expectAccessible(review);
    await review.getByRole("button", { name: "Restore" }).click();
    await review
      .getByRole("listitem")
      .filter({ hasText: `Restored by ${admin.email}` })
      .waitFor();
    await review.context().close();

    expect((await fetch(`${e2e.url}/jobs/${id}`)).status).toBe(200);
    expect(await searchTitles(title)).toEqual([title]);
  });

  test("an admin dismisses unfounded reports from the review page, and the listing they hid is back on the board", async () => {
    const title = `Wrongly reported ${name}`;
    const id = await post(admin, title);
    for (const ip of ["198.51.100.21", "198.51.100.22"])
      await api(e2e.url, `/api/jobs/${id}/report`, {
        method: "POST",
        body: { reason: "scam" },
        headers: { "x-forwarded-for": ip },
      });
    expect(await searchTitles(title)).toEqual([]);
    const review = await e2e.open(`/admin/jobs/${id}`, { viewport, session: admin });
    await review.getByText("Hidden: Reported by readers; waiting for review").waitFor();
    await review.getByRole("textbox", { name: /^Reason/ }).fill("Checked with the employer by phone");
    await review.getByRole("button", { name: "Dismiss report" }).click();
    await review
      .getByRole("listitem")
      .filter({ hasText: `Reports dismissed by ${admin.email}` })
      .waitFor();
    await expect.poll(() => review.getByRole("button", { name: "Dismiss report" }).count()).toBe(0);
    await expectAccessible(review);
    await review.context().close();
    expect(await searchTitles(title)).toEqual([title]);
  });

  test("a review shows every field a reviewer needs, each link's host, the logo, the employer's record, and local dates", async () => {
    const employer = await signUp(e2e.url, { name: "Reviewed Employer" });
    const { json } = await api(e2e.url, "/api/post-job", {
      method: "POST",
      session: employer,
      body: validJob({
        jobTitle: `Fully reviewed listing ${name}`,
        postingDate: daysAgo(0),
        companyLogo: "https://cdn.acme.example/logo.png",
        companySite: "https://acme.example",
        companyLinkedin: "https://www.linkedin.com/company/acme",
        postedByNumber: "+91 99887 66554",
        minPrice: "1200000",
        maxPrice: "1800000",
        salaryType: "Yearly",
        skills: [{ value: "Tally", label: "Tally" }],
      }),
    });
    const review = await e2e.open(`/admin/jobs/${json.insertedId}`, { viewport, session: admin });
    const listing = review.getByRole("region", { name: "The listing" });
    for (const [term, value] of [
      ["Salary", "12,00,000 - 18,00,000 / Yearly"],
      ["Skills", "Tally"],
      ["Phone", "+91 99887 66554"],
      ["Email", employer.email],
    ])
      expect(await listing.locator("dt", { hasText: term }).locator("+ dd").innerText(), term).toBe(value);
    await listing.getByText("Company site: acme.example", { exact: false }).waitFor();
    await listing.getByText("LinkedIn: www.linkedin.com", { exact: false }).waitFor();
    expect(await listing.getByRole("img", { name: /logo, from cdn\.acme\.example/ }).count()).toBe(1);
    // Waiting for review: not public yet, so no public page to open.
    expect(await listing.getByRole("link", { name: "Open its public page" }).count()).toBe(0);
    await review
      .getByRole("region", { name: "The employer" })
      .getByText(
        /1 listing \(0 published, 1 waiting, 0 rejected, 0 hidden\); 0 approvals and 0 rejections so far; 0 reports/,
      )
      .waitFor();
    // History dates are the reader's own format, not the server's UTC string.
    const when = await review.getByRole("region", { name: "History" }).locator("time").first().innerText();
    expect(when).not.toMatch(/GMT$/);
    await expectAccessible(review);
    await review.context().close();
  });

  flow(
    "an admin suspends the employer from a review, told in the server's words that it needs a reason, then lifts the suspension",
    async () => {
      const employer = await signUp(e2e.url, { name: "Spammer" });
      const id = await post(employer, `Suspicious listing ${name}`);
      const review = await e2e.open(`/admin/jobs/${id}`, { viewport, session: admin });
      await review.getByRole("button", { name: "Suspend the employer" }).click();
      await review.getByRole("alert").filter({ hasText: "Say why the account is suspended" }).waitFor();
      expect(await review.getByRole("alert").innerText()).toBe("Say why the account is suspended");
      await review.getByRole("textbox", { name: /^Reason/ }).fill("Posts the same scam daily");
      await review.getByRole("button", { name: "Suspend the employer" }).click();
      await review.getByRole("status").filter({ hasText: "The account is suspended." }).waitFor();
      await review.getByText("Account suspended", { exact: false }).first().waitFor();
      await review.getByRole("button", { name: "Lift the suspension" }).click();
      await review.getByRole("status").filter({ hasText: "The suspension is lifted." }).waitFor();
      await review.getByRole("button", { name: "Suspend the employer" }).waitFor();
      await review.context().close();
    },
  );

  test("a reader who picks no reason is told to pick one, and nothing is sent", async () => {
    const id = await post(admin, `Unreasoned report ${name}`);
    const page = await openJobPage(`/jobs/${id}`);
    await page.getByRole("button", { name: "Report this job" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this job" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Pick a reason." }).waitFor();
    await page.context().close();
    const review = await api(e2e.url, `/api/admin/jobs/${id}`, { session: admin });
    expect(review.json.reports).toEqual([]);
  });

  test("an admin reads the contact messages, each saying whether it was delivered or still waits", async () => {
    const send = (subject: string) =>
      api(e2e.url, "/api/sendEmail", {
        method: "POST",
        body: { name: "Ira", email: "ira@example.com", subject, message: `Question: ${subject}` },
      });
    const delivered = `Earlier question ${name} ${Date.now()}`;
    const waiting = `Later question ${name} ${Date.now()}`;
    expect((await send(delivered)).status).toBe(200);
    await deliverMailOnce();
    expect((await send(waiting)).status).toBe(200);

    const page = await e2e.open("/admin/messages", { viewport, session: admin });
    const message = (subject: string) => page.getByRole("listitem").filter({ hasText: subject });
    await message(delivered)
      .getByText(/^Delivered /)
      .waitFor();
    await message(waiting).getByText("Waiting to be sent", { exact: true }).waitFor();
    await message(waiting).getByText(`Question: ${waiting}`).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });
});
