import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobReports, jobs, mailOutbox } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const ADMIN = "reports-admin@jobboard.test";
let ipCounter = 0;
/** Each reader speaks from an address of their own. */
const freshIp = () => `203.0.113.${++ipCounter}`;

describe.each(engines)("report a job on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let admin: Session;

  const db = () => server.services.database.db;
  const post = async (title: string) =>
    (
      await api(server.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle: title, postingDate: new Date().toISOString().slice(0, 10) }),
        session: owner,
      })
    ).json.insertedId as string;
  const report = (id: string, body: unknown, { ip = freshIp(), session }: { ip?: string; session?: Session } = {}) =>
    api(server.url, `/api/jobs/${id}/report`, { method: "POST", body, session, headers: { "x-forwarded-for": ip } });
  const statusOf = async (id: string) =>
    (await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;
  const reportsOf = async (id: string) => db().select().from(jobReports).where(eq(jobReports.jobId, id));

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", REPORT_RATE_LIMIT_MAX: "3", ADMIN_EMAILS: ADMIN },
    });
    [owner, admin] = await Promise.all([signUp(server.url, { name: "Owner" }), signUp(server.url, { name: "Admin" })]);
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    await enrolSecondFactor(server.url, admin);
  });
  afterAll(() => server.close());

  test("an anonymous reader reports a listing with a reason and a comment, and the admins hear of it once", async () => {
    const id = await post("Reported once");
    const { status, json } = await report(id, { reason: "scam", comment: "Asks for a registration fee." });
    expect(status).toBe(201);
    expect(json).toEqual({ ok: true });
    expect(await reportsOf(id)).toMatchObject([
      { reason: "scam", comment: "Asks for a registration fee.", status: "open" },
    ]);
    expect(await statusOf(id)).toBe("published");
    await report(id, { reason: "spam" });
    const mails = (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, admin.email))).filter((mail) =>
      mail.textBody.includes(id),
    );
    expect(mails.map((mail) => mail.subject)).toEqual(["Reported: Reported once at Acme Widgets"]);
  });

  test("a reader has one open report per listing: a second one is a 409 and stores nothing", async () => {
    const id = await post("Reported twice");
    const reader = await signUp(server.url, { name: "Reader" });
    expect((await report(id, { reason: "spam" }, { session: reader })).status).toBe(201);
    const again = await report(id, { reason: "other" }, { session: reader });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("You have already reported this listing. An admin will look at it.");
    const sameAddress = freshIp();
    expect((await report(id, { reason: "spam" }, { ip: sameAddress })).status).toBe(201);
    expect((await report(id, { reason: "spam" }, { ip: sameAddress })).status).toBe(409);
    expect(await reportsOf(id)).toHaveLength(2);
  });

  test("a bad reason, an unknown listing or the owner's own listing is refused and stores nothing", async () => {
    const id = await post("Badly reported");
    const bad = await report(id, { reason: "boring" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toEqual({ reason: "Pick a reason" });
    expect((await report(id, { reason: "spam", comment: "x".repeat(1001) })).status).toBe(400);
    expect((await report("00000000-0000-4000-8000-000000000000", { reason: "spam" })).status).toBe(404);
    expect((await report("nope", { reason: "spam" })).status).toBe(404);
    expect((await report(id, { reason: "spam" }, { session: owner })).status).toBe(403);
    expect(await reportsOf(id)).toHaveLength(0);
  });

  test("REPORTS_TO_HIDE distinct readers hide the listing until an admin restores it", async () => {
    const id = await post("Reported by three");
    await report(id, { reason: "scam" });
    await report(id, { reason: "scam" });
    expect(await statusOf(id)).toBe("published");
    await report(id, { reason: "misleading" });
    expect(await statusOf(id)).toBe("hidden");
    expect((await api(server.url, `/api/all-jobs/${id}`)).status).toBe(404);
    const mine = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, { session: owner });
    expect(mine.json.find((job: { _id: string }) => job._id === id)).toMatchObject({
      status: "hidden",
      statusReason: "Reported by readers; waiting for review",
    });
    const queue = await api(server.url, "/api/admin/queue", { session: admin });
    expect(queue.json.find((item: { id: string }) => item.id === id)).toMatchObject({
      status: "hidden",
      openReports: 3,
    });

    expect(
      (await api(server.url, `/api/admin/jobs/${id}/restore`, { method: "POST", body: {}, session: admin })).status,
    ).toBe(200);
    expect(await statusOf(id)).toBe("published");
    expect((await reportsOf(id)).map((row) => row.status)).toEqual(["resolved", "resolved", "resolved"]);
    const review = await api(server.url, `/api/admin/jobs/${id}`, { session: admin });
    expect(review.json.history.map((event: { action: string }) => event.action)).toEqual(["auto-hide", "restore"]);
    // Settled reports no longer count: one new report does not hide it again.
    await report(id, { reason: "spam" });
    expect(await statusOf(id)).toBe("published");
  });

  test("an admin dismisses unfounded reports: the listing they hid is published again, and its history says so", async () => {
    const id = await post("Wrongly reported");
    for (let i = 0; i < 3; i++) await report(id, { reason: "scam" });
    expect(await statusOf(id)).toBe("hidden");
    const dismissed = await api(server.url, `/api/admin/jobs/${id}/dismiss`, {
      method: "POST",
      body: { reason: "A real employer; checked by phone" },
      session: admin,
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.json).toEqual({ acknowledged: true, status: "published" });
    expect(await statusOf(id)).toBe("published");
    expect((await reportsOf(id)).map((row) => row.status)).toEqual(["resolved", "resolved", "resolved"]);
    const review = await api(server.url, `/api/admin/jobs/${id}`, { session: admin });
    expect(review.json.history).toMatchObject([
      { action: "auto-hide" },
      { action: "dismiss", reason: "A real employer; checked by phone" },
    ]);
    const queue = await api(server.url, "/api/admin/queue", { session: admin });
    expect(queue.json.find((item: { id: string }) => item.id === id)).toBeUndefined();
  });

  test("dismissing a report leaves a listing an admin hid for another reason hidden, and with none open it is a 409", async () => {
    const id = await post("Hidden by hand");
    await report(id, { reason: "spam" });
    const hide = (body: unknown) =>
      api(server.url, `/api/admin/jobs/${id}/hide`, { method: "POST", body, session: admin });
    expect((await hide({ reason: "Duplicate of another listing" })).status).toBe(200);
    await report(id, { reason: "spam" }).then((answer) => expect(answer.status).toBe(404));
    await db().update(jobReports).set({ status: "open" }).where(eq(jobReports.jobId, id));
    const dismiss = () =>
      api(server.url, `/api/admin/jobs/${id}/dismiss`, { method: "POST", body: {}, session: admin });
    const first = await dismiss();
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ acknowledged: true, status: "hidden" });
    expect(await statusOf(id)).toBe("hidden");
    const again = await dismiss();
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This listing has no open reports to dismiss: reload the page");
  });

  test("only an admin can dismiss a report: anyone else gets 404 and the report stays open", async () => {
    const id = await post("Reported, not dismissed");
    await report(id, { reason: "spam" });
    const answer = await api(server.url, `/api/admin/jobs/${id}/dismiss`, { method: "POST", body: {}, session: owner });
    expect(answer.status).toBe(404);
    expect((await reportsOf(id)).map((row) => row.status)).toEqual(["open"]);
  });

  test("an anonymous report without scripts and two from new accounts, all from one address, do not hide the listing", async () => {
    const id = await post("Reported from one address");
    const ip = freshIp();
    // The job page's no-script form, as a browser without JavaScript sends it: no proof of work.
    const form = await fetch(`${server.url}/jobs/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, origin: server.url },
      body: new URLSearchParams({ reason: "scam", website: "" }),
    });
    expect(form.headers.get("location")).toBe(`/jobs/${id}?report=sent#report-job`);
    for (const name of ["Throwaway one", "Throwaway two"]) {
      const session = await signUp(server.url, { name });
      expect((await report(id, { reason: "scam" }, { ip, session })).status).toBe(201);
    }
    expect(await reportsOf(id)).toHaveLength(3);
    expect(await statusOf(id)).toBe("published");
    await report(id, { reason: "scam" });
    expect(await statusOf(id)).toBe("published");
    await report(id, { reason: "scam" }, { session: await signUp(server.url, { name: "Elsewhere" }) });
    expect(await statusOf(id)).toBe("hidden");
  });

  test("reports are rate limited per client address with a 429 and Retry-After", async () => {
    const ip = freshIp();
    const ids = await Promise.all(["Limit one", "Limit two", "Limit three", "Limit four"].map(post));
    for (const id of ids.slice(0, 3)) expect((await report(id, { reason: "spam" }, { ip })).status).toBe(201);
    const limited = await report(ids[3]!, { reason: "spam" }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await reportsOf(ids[3]!)).toHaveLength(0);
  });
});
