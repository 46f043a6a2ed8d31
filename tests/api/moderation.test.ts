import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs, mailOutbox, moderationEvents, user } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const ADMIN_EMAIL = "moderator@jobboard.test";
const today = () => new Date().toISOString().slice(0, 10);

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// MODERATION=first (the product default): a new employer's listings wait until an admin approves one.
describe.each(engines)("moderation on %s", (engine) => {
  let server: TestServer;
  let admin: Session;
  let granted: Session;
  let employer: Session;
  let stranger: Session;

  const db = () => server.services.database.db;
  const statusOf = async (id: string) =>
    (await db().select({ status: jobs.status, reason: jobs.statusReason }).from(jobs).where(eq(jobs.id, id)))[0];
  const post = async (session: Session, title: string) => {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: title, postingDate: today() }),
      session,
    });
    expect(status).toBe(201);
    return json as { insertedId: string; status: string };
  };
  const searchIds = async (text: string) =>
    ((await api(server.url, `/api/jobs?search=${encodeURIComponent(text)}`)).json as { _id: string }[]).map(
      (job) => job._id,
    );
  const decide = (session: Session | undefined, id: string, action: string, reason?: string) =>
    api(server.url, `/api/admin/jobs/${id}/${action}`, {
      method: "POST",
      body: reason === undefined ? {} : { reason },
      session,
    });
  const mailsTo = async (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      pages: true,
      env: { MODERATION: "first", ADMIN_EMAILS: `${ADMIN_EMAIL}, other-admin@jobboard.test` },
    });
    [admin, granted, employer, stranger] = await Promise.all([
      signUp(server.url, { email: ADMIN_EMAIL, name: "Moderator" }),
      signUp(server.url, { name: "Granted" }),
      signUp(server.url, { name: "Employer" }),
      signUp(server.url, { name: "Stranger" }),
    ]);
    // ADMIN_EMAILS counts only a verified address.
    await db().update(user).set({ emailVerified: true }).where(eq(user.email, ADMIN_EMAIL));
    expect(await server.services.moderation.setAdmin({ email: granted.email.toUpperCase(), admin: true })).toBe(true);
    await Promise.all([enrolSecondFactor(server.url, admin), enrolSecondFactor(server.url, granted)]);
  });
  afterAll(() => server.close());

  test("an ADMIN_EMAILS address that is not verified does not make an admin", async () => {
    const unverified = await signUp(server.url, { email: "other-admin@jobboard.test" });
    expect((await api(server.url, "/api/admin/queue", { session: unverified })).status).toBe(404);
  });

  test("a new employer's listing waits for review, out of search, and every admin is mailed once", async () => {
    const { insertedId, status } = await post(employer, "Moderated first listing");
    expect(status).toBe("pending");
    expect(await searchIds("Moderated first listing")).toEqual([]);
    const adminMails = (await mailsTo(ADMIN_EMAIL)).filter((mail) => mail.textBody.includes(insertedId));
    expect(adminMails).toHaveLength(1);
    expect(adminMails[0]?.subject).toBe("Waiting for review: Moderated first listing at Acme Widgets");
    expect(
      (await mailsTo(granted.email.toLowerCase())).filter((mail) => mail.textBody.includes(insertedId)),
    ).toHaveLength(1);
    const queue = await api(server.url, "/api/admin/queue", { session: admin });
    expect(queue.json.map((item: { id: string }) => item.id)).toContain(insertedId);
  });

  test("an admin approves: the listing is published, the employer becomes trusted and their next listing publishes at once", async () => {
    const employer2 = await signUp(server.url, { name: "Employer Two" });
    const { insertedId } = await post(employer2, "Approval path listing");
    const { status, json } = await decide(granted, insertedId, "approve");
    expect(status).toBe(200);
    expect(json).toEqual({ acknowledged: true, status: "published" });
    expect(await searchIds("Approval path listing")).toEqual([insertedId]);
    expect((await fetch(`${server.url}/sitemap/jobs-1.xml`).then((r) => r.text())).includes(insertedId)).toBe(true);
    const next = await post(employer2, "Trusted second listing");
    expect(next.status).toBe("published");
    const review = await api(server.url, `/api/admin/jobs/${insertedId}`, { session: admin });
    expect(
      review.json.history.map((event: { action: string; actorEmail: string }) => [event.action, event.actorEmail]),
    ).toEqual([
      ["submitted", employer2.email],
      ["approve", granted.email],
    ]);
  });

  test("an approval is mailed to the employer with the listing's address, and nothing is mailed for a hide", async () => {
    const poster = await signUp(server.url, { name: "Approved Poster" });
    const { insertedId } = await post(poster, "Approval mail listing");
    expect((await decide(admin, insertedId, "approve")).status).toBe(200);
    const mails = await mailsTo(poster.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your listing is live: Approval mail listing"]);
    expect(mails[0]?.textBody).toContain(`${server.url}/jobs/${insertedId}`);
    expect((await decide(admin, insertedId, "hide", "Checking a report")).status).toBe(200);
    expect(await mailsTo(poster.email)).toHaveLength(1);
  });

  test("an approval twice is a conflict and records nothing more", async () => {
    const { insertedId } = await post(stranger, "Double approval listing");
    expect((await decide(admin, insertedId, "approve")).status).toBe(200);
    const again = await decide(admin, insertedId, "approve");
    expect(again.status).toBe(409);
    const [events] = await db()
      .select({ n: count() })
      .from(moderationEvents)
      .where(eq(moderationEvents.jobId, insertedId));
    expect(events?.n).toBe(2);
  });

  test("a rejection needs a reason, is mailed to the employer, shows in My Listings, and an edit submits it again", async () => {
    const poster = await signUp(server.url, { name: "Rejected Poster" });
    const { insertedId } = await post(poster, "Rejection path listing");
    const missing = await decide(admin, insertedId, "reject", "  ");
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual({ reason: "Required" });
    expect((await statusOf(insertedId))?.status).toBe("pending");

    expect((await decide(admin, insertedId, "reject", "The apply link does not work")).status).toBe(200);
    expect(await statusOf(insertedId)).toEqual({ status: "rejected", reason: "The apply link does not work" });
    const [mail] = await mailsTo(poster.email);
    expect(mail?.subject).toBe("Your listing was not published: Rejection path listing");
    expect(mail?.textBody).toContain("Reason: The apply link does not work");
    const mine = await api(server.url, `/api/myJobs/${encodeURIComponent(poster.email)}`, { session: poster });
    expect(mine.json[0]).toMatchObject({ status: "rejected", statusReason: "The apply link does not work" });
    const html = await (await fetch(`${server.url}/my-job`, { headers: { cookie: poster.cookie } })).text();
    expect(html).toContain("Rejected: The apply link does not work");

    const edited = await api(server.url, `/api/update-job/${insertedId}`, {
      method: "PATCH",
      body: { applyLink: "https://acme.example/jobs/fixed" },
      session: poster,
    });
    expect(edited.json.status).toBe("pending");
    expect(await statusOf(insertedId)).toEqual({ status: "pending", reason: null });
  });

  test("an untrusted employer's edit to a published listing goes back to review", async () => {
    const poster = await signUp(server.url, { name: "Edit Poster" });
    const { insertedId } = await post(poster, "Edited after publishing");
    // Published before moderation was turned on: the employer was never approved.
    await db().update(jobs).set({ status: "published" }).where(eq(jobs.id, insertedId));
    const edited = await api(server.url, `/api/update-job/${insertedId}`, {
      method: "PATCH",
      body: { description: "Now asks for a deposit." },
      session: poster,
    });
    expect(edited.json).toMatchObject({ modifiedCount: 1, status: "pending" });
    expect(await searchIds("Edited after publishing")).toEqual([]);
  });

  test("an admin hides a published listing and restores it, each step in its history with the reason", async () => {
    const { insertedId } = await post(admin, "Hide and restore listing");
    expect((await statusOf(insertedId))?.status).toBe("published");
    expect((await decide(admin, insertedId, "hide", "Checking a complaint")).status).toBe(200);
    expect(await searchIds("Hide and restore listing")).toEqual([]);
    expect((await fetch(`${server.url}/jobs/${insertedId}`)).status).toBe(404);
    expect((await decide(admin, insertedId, "restore")).status).toBe(200);
    expect(await searchIds("Hide and restore listing")).toEqual([insertedId]);
    // React separates adjacent text parts with <!-- --> in server HTML.
    const page = (
      await (await fetch(`${server.url}/admin/jobs/${insertedId}`, { headers: { cookie: admin.cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(page).toMatch(/Hidden by moderator@jobboard\.test: Checking a complaint/);
    expect(page).toMatch(/Restored by moderator@jobboard\.test/);
  });

  test("an unknown action or listing is a 404 for an admin too", async () => {
    const { insertedId } = await post(stranger, "Unknown action listing");
    expect((await decide(admin, insertedId, "delete")).status).toBe(404);
    expect((await decide(admin, "not-a-uuid", "approve")).status).toBe(404);
    expect((await decide(admin, "00000000-0000-4000-8000-000000000000", "approve")).status).toBe(404);
  });

  test("the moderation mails reach a real SMTP server once each, after an outage", async () => {
    const smtp = await FakeSmtp.start();
    await smtp.stop();
    const mailed = await startTestServer({
      engine,
      env: { MODERATION: "all", ADMIN_EMAILS: "desk@jobboard.test", SMTP_URL: smtp.url },
    });
    try {
      const desk = await signUp(mailed.url, { email: "desk@jobboard.test" });
      await mailed.services.database.db
        .update(user)
        .set({ emailVerified: true })
        .where(eq(user.email, "desk@jobboard.test"));
      await enrolSecondFactor(mailed.url, desk);
      const poster = await signUp(mailed.url, { email: uniqueEmail("poster") });
      const { json } = await api(mailed.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle: "Outage listing" }),
        session: poster,
      });
      await api(mailed.url, `/api/admin/jobs/${json.insertedId}/reject`, {
        method: "POST",
        body: { reason: "Duplicate" },
        session: desk,
      });
      const sender = startMailSender({
        db: mailed.services.database.db,
        env: mailed.services.env,
        logger: mailed.services.logger,
        pollIntervalMs: 50,
        retryBaseMs: 50,
      });
      try {
        await waitFor(
          async () =>
            (await mailed.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.attempts, 0))).length ===
            0,
          "a failed attempt",
        );
        expect(smtp.mails).toHaveLength(0);
        await smtp.start();
        await waitFor(() => smtp.mails.length >= 3, "every mail");
        await waitFor(
          async () =>
            (await mailed.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending")))
              .length === 0,
          "the outbox to drain",
        );
      } finally {
        await sender.stop();
      }
      expect(smtp.mails.map((mail) => [mail.envelopeTo[0], mail.headers.subject]).sort()).toEqual(
        [
          // The admin's own, for turning on two-step sign-in as an admin (issue 71).
          ["desk@jobboard.test", "Confirm two-step sign-in for your admin account"],
          ["desk@jobboard.test", "Waiting for review: Outage listing at Acme Widgets"],
          [poster.email, "Your listing was not published: Outage listing"],
        ].sort(),
      );
      expect(smtp.mails.find((mail) => mail.envelopeTo[0] === poster.email)?.text).toContain("Reason: Duplicate");
    } finally {
      await mailed.close();
      await smtp.stop();
    }
  });
});
