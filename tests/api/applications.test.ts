import { count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runRetention } from "#server/applications.ts";
import { applications, jobs, mailOutbox } from "#server/db/schema.ts";
import { docxBytes, exeBytes, pdfBytes, zipBytes } from "#tests/support/cv-files.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let ipCounter = 0;
/** Each application comes from its own address unless a test says otherwise, so the per-IP limit stays out of the way. */
const freshIp = () => `203.0.113.${++ipCounter}`;

type ApplyOptions = {
  fields?: Record<string, string>;
  cv?: { bytes: Buffer; name: string } | null;
  ip?: string;
};

function applicationForm({ fields = {}, cv }: ApplyOptions = {}): FormData {
  const form = new FormData();
  const values = {
    name: "Asha Verma",
    email: `asha-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: "+91 98450 12345",
    coverNote: "I have built React front ends for five years.",
    consent: "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  const file = cv === undefined ? { bytes: pdfBytes(), name: "asha-cv.pdf" } : cv;
  if (file) form.set("cv", new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

describe.each(engines)("applications on the board on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let other: Session;
  let admin: Session;
  let adminWithoutSecondFactor: Session;
  let jobId: string;

  const db = () => server.services.database.db;

  async function postListing(session: Session, overrides: Record<string, unknown> = { applyMethod: "board" }) {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(overrides),
      session,
    });
    expect(status).toBe(201);
    return json.insertedId as string;
  }

  async function apply(id: string, options: ApplyOptions = {}) {
    const response = await fetch(`${server.url}/api/jobs/${id}/applications`, {
      method: "POST",
      body: applicationForm(options),
      headers: { "x-forwarded-for": options.ip ?? freshIp() },
    });
    return { status: response.status, headers: response.headers, json: await response.json() };
  }

  const storedFor = async (id: string) => db().select().from(applications).where(eq(applications.jobId, id));
  const mailsFor = async (applicationId: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `application:${applicationId}:%`));

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", APPLICATION_RATE_LIMIT_MAX: "3" },
    });
    [owner, other, admin, adminWithoutSecondFactor] = await Promise.all([
      signUp(server.url, { name: "Owner" }),
      signUp(server.url, { name: "Other employer" }),
      signUp(server.url, { name: "Admin" }),
      signUp(server.url, { name: "Admin without a second factor" }),
    ]);
    for (const session of [admin, adminWithoutSecondFactor])
      await server.services.moderation.setAdmin({ email: session.email, admin: true });
    // ADMIN_REQUIRE_2FA is on by default: an admin reads other employers' applications only with a second factor.
    await enrolSecondFactor(server.url, admin);
    jobId = await postListing(owner);
  });
  afterAll(() => server.close());

  test("a listing keeps the apply method its employer chose, can change it, and one posted without it answers null", async () => {
    const chosen = await postListing(owner, { applyMethod: "board" });
    expect((await api(server.url, `/api/all-jobs/${chosen}`)).json.applyMethod).toBe("board");
    const changed = await api(server.url, `/api/update-job/${chosen}`, {
      method: "PATCH",
      body: { applyMethod: "email" },
      session: owner,
    });
    expect(changed.json.modifiedCount).toBe(1);
    expect((await api(server.url, `/api/all-jobs/${chosen}`)).json.applyMethod).toBe("email");
    const asBefore = await postListing(owner, {});
    expect((await api(server.url, `/api/all-jobs/${asBefore}`)).json.applyMethod).toBeNull();
  });

  test("an application is stored with its CV, and the applicant's confirmation and the employer's notice are queued with it", async () => {
    const { status, json } = await apply(jobId, { fields: { email: "Priya.Nair@Example.com" } });
    expect(status).toBe(201);
    expect(json).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [row] = await db().select().from(applications).where(eq(applications.id, json.id));
    expect(row).toMatchObject({
      jobId,
      name: "Asha Verma",
      email: "Priya.Nair@Example.com",
      stage: "new",
      cvContentType: "application/pdf",
      cvFileName: "asha-cv.pdf",
    });
    expect(row?.cv?.equals(pdfBytes())).toBe(true);
    const mails = await mailsFor(json.id);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([owner.email, "Priya.Nair@Example.com"].sort());
    const confirmation = mails.find((mail) => mail.toAddress === "Priya.Nair@Example.com");
    expect(confirmation?.textBody).toMatch(/\/applications\/[0-9a-f-]{36}\.[\w-]+/);
  });

  test("a second application to the same listing from the same address, in another case, is answered as any other, stores nothing, and mails the address that it applied already", async () => {
    const email = `dup-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const first = await apply(jobId, { fields: { email } });
    expect(first.status).toBe(201);
    const { status, json } = await apply(jobId, { fields: { email: email.toUpperCase(), name: "Someone Else" } });
    expect(status).toBe(201);
    expect(json).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(json.id).not.toBe(first.json.id);
    const rows = await db()
      .select({ n: count() })
      .from(applications)
      .where(sql`lower(${applications.email}) = ${email}`);
    expect(rows[0]?.n).toBe(1);
    const told = (await mailsFor(first.json.id)).find((mail) => mail.dedupeKey.endsWith(":already-applied"));
    expect(told).toMatchObject({ toAddress: email, textOnly: true });
    expect(told?.textBody).toContain("You have already applied for this job with this email address.");
    expect(told?.textBody).toContain(await linkOf(first.json.id));
    expect(told?.textBody).not.toContain("Someone Else");
  });

  test("a 6 MB CV is refused with 413 and nothing is stored", async () => {
    const before = (await storedFor(jobId)).length;
    const { status, json } = await apply(jobId, { cv: { bytes: pdfBytes(6 * 1024 * 1024), name: "big.pdf" } });
    expect(status).toBe(413);
    expect(json.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await storedFor(jobId)).length).toBe(before);
  });

  test("a CV just over 5 MB, whose form still fits the body's allowance, is refused with 413 and nothing is stored", async () => {
    const before = (await storedFor(jobId)).length;
    const { status, json } = await apply(jobId, {
      cv: { bytes: pdfBytes(5 * 1024 * 1024 + 1), name: "just-over.pdf" },
    });
    expect(status).toBe(413);
    expect(json.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await storedFor(jobId)).length).toBe(before);
  });

  test("an application whose multipart body is cut short, or has no boundary, is refused with 400 and nothing is stored", async () => {
    const before = (await storedFor(jobId)).length;
    const whole = Buffer.from(await new Response(applicationForm()).arrayBuffer());
    const boundary = /^--(.+)\r\n/.exec(whole.toString("latin1"))?.[1];
    for (const [type, body, status, code] of [
      [`multipart/form-data; boundary=${boundary}`, whole.subarray(0, whole.length - 40), 400, "VALIDATION_FAILED"],
      ["multipart/form-data", whole, 415, "UNSUPPORTED_MEDIA_TYPE"],
    ] as const) {
      const response = await fetch(`${server.url}/api/jobs/${jobId}/applications`, {
        method: "POST",
        body,
        headers: { "content-type": type, "x-forwarded-for": freshIp() },
      });
      expect(response.status).toBe(status);
      expect((await response.json()).error.code).toBe(code);
    }
    expect((await storedFor(jobId)).length).toBe(before);
  });

  test("a program renamed .pdf is refused by its bytes and nothing is stored", async () => {
    const before = (await storedFor(jobId)).length;
    const { status, json } = await apply(jobId, { cv: { bytes: exeBytes(), name: "cv.pdf" } });
    expect(status).toBe(400);
    expect(json.error.fields).toEqual({ cv: "Your CV must be a PDF or a Word document (.docx)" });
    expect((await storedFor(jobId)).length).toBe(before);
  });

  test("a Word document is taken, and a ZIP that holds no Word document is not, whatever its name", async () => {
    const word = await apply(jobId, { cv: { bytes: docxBytes(), name: "cv.docx" } });
    expect(word.status).toBe(201);
    const [row] = await db().select().from(applications).where(eq(applications.id, word.json.id));
    expect(row?.cvContentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const zip = await apply(jobId, { cv: { bytes: zipBytes({ "notes.txt": "hello" }), name: "cv.docx" } });
    expect(zip.status).toBe(400);
  });

  test("missing fields and a missing consent are refused with a message for each", async () => {
    const { status, json } = await apply(jobId, {
      fields: { name: " ", email: "not-an-address", consent: "" },
      cv: null,
    });
    expect(status).toBe(400);
    expect(Object.keys(json.error.fields).sort()).toEqual(["consent", "cv", "email", "name"]);
  });

  test("a listing that takes applications elsewhere, or none at all, refuses them", async () => {
    const byLink = await postListing(owner, { applyMethod: "link" });
    const asBefore = await postListing(owner, {});
    expect((await apply(byLink)).status).toBe(400);
    expect((await apply(asBefore)).status).toBe(400);
    expect((await apply("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await storedFor(byLink)).length + (await storedFor(asBefore)).length).toBe(0);
  });

  test("an expired listing no longer takes applications", async () => {
    const closed = await postListing(owner);
    await db()
      .update(jobs)
      .set({ postingDate: sql`now() - interval '31 days'` })
      .where(eq(jobs.id, closed));
    const { status, json } = await apply(closed);
    expect(status).toBe(409);
    expect(json.error.message).toBe("This listing has closed and no longer takes applications");
    expect(await storedFor(closed)).toHaveLength(0);
  });

  test("a bot that fills the hidden field is answered as if it had applied, and nothing is stored or mailed", async () => {
    const before = (await storedFor(jobId)).length;
    const { status } = await apply(jobId, { fields: { website: "http://spam.example" } });
    expect(status).toBe(201);
    expect((await storedFor(jobId)).length).toBe(before);
  });

  test("one client address may send a few applications in a window, then gets 429 with Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await apply(jobId, { ip })).status).toBe(201);
    const { status, headers, json } = await apply(jobId, { ip });
    expect(status).toBe(429);
    expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
    expect(json.error.code).toBe("RATE_LIMITED");
  });

  test("applications sent at once from one address cannot all pass: the limit's worth are stored, with their mails, and the rest nothing", async () => {
    const ip = freshIp();
    const listing = await postListing(owner);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => apply(listing, { ip, fields: { email: `burst-${i}@example.com` } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const stored = await storedFor(listing);
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(await mailsFor(row.id)).toHaveLength(2);
    // A refused application's confirmation went with it.
    const confirmations = await db()
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(like(mailOutbox.toAddress, "burst-%@example.com"));
    expect(confirmations.map((mail) => mail.to).sort()).toEqual(stored.map((row) => row.email).sort());
  });

  describe("reading applications", () => {
    let applicationId: string;

    beforeAll(async () => {
      applicationId = (await apply(jobId, { fields: { name: "Reader Test" } })).json.id;
    });

    test("the listing's owner reads its applications without their files", async () => {
      const { status, json } = await api(server.url, `/api/jobs/${jobId}/applications`, { session: owner });
      expect(status).toBe(200);
      const mine = json.applications.find((a: { id: string }) => a.id === applicationId);
      expect(mine).toMatchObject({ name: "Reader Test", stage: "new", hasCv: true, erased: false });
      expect(mine).not.toHaveProperty("cv");
    });

    test("another employer is refused, a visitor must sign in, an unknown listing is not found, an admin reads", async () => {
      const path = `/api/jobs/${jobId}/applications`;
      expect((await api(server.url, path, { session: other })).status).toBe(403);
      expect((await api(server.url, path)).status).toBe(401);
      expect(
        (await api(server.url, "/api/jobs/00000000-0000-4000-8000-000000000000/applications", { session: other }))
          .status,
      ).toBe(404);
      expect((await api(server.url, path, { session: admin })).status).toBe(200);
    });

    test("the CV downloads as an attachment, never sniffed, for the owner and an admin only", async () => {
      const path = `/api/applications/${applicationId}/cv`;
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: owner.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(
        "attachment; filename=\"asha-cv.pdf\"; filename*=UTF-8''asha-cv.pdf",
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(Buffer.from(await response.arrayBuffer()).equals(pdfBytes())).toBe(true);
      expect((await api(server.url, path, { session: admin })).status).toBe(200);
      expect((await api(server.url, path, { session: other })).status).toBe(403);
      expect((await api(server.url, path)).status).toBe(401);
      expect(
        (await api(server.url, "/api/applications/00000000-0000-4000-8000-000000000000/cv", { session: owner })).status,
      ).toBe(404);
      expect((await api(server.url, "/api/applications/not-an-id/cv", { session: owner })).status).toBe(404);
    });

    test("an admin without a second factor reads no inbox, application or CV of another employer: 403 asking for one", async () => {
      for (const path of [`/api/jobs/${jobId}/applications`, `/api/applications/${applicationId}/cv`]) {
        const { status, json } = await api(server.url, path, { session: adminWithoutSecondFactor });
        expect(status).toBe(403);
        expect(json).toEqual({ error: { code: "SECOND_FACTOR_REQUIRED", message: expect.any(String) } });
      }
      const changed = await api(server.url, `/api/applications/${applicationId}`, {
        method: "PATCH",
        body: { stage: "hired" },
        session: adminWithoutSecondFactor,
      });
      expect(changed.status).toBe(403);
      const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
      expect(row?.stage).toBe("new");
    });

    test("an admin reads an inbox for moderation without the employer's private notes, and changes no stage or note", async () => {
      const noted = await api(server.url, `/api/applications/${applicationId}`, {
        method: "PATCH",
        body: { note: "Call back on Monday" },
        session: owner,
      });
      expect(noted.status).toBe(200);
      const path = `/api/jobs/${jobId}/applications`;
      const asOwner = (await api(server.url, path, { session: owner })).json;
      const asAdmin = (await api(server.url, path, { session: admin })).json;
      expect(asOwner.canChange).toBe(true);
      expect(asAdmin.canChange).toBe(false);
      const noteOf = (list: { applications: { id: string; note: string | null }[] }) =>
        list.applications.find((a) => a.id === applicationId)?.note;
      expect(noteOf(asOwner)).toBe("Call back on Monday");
      expect(noteOf(asAdmin)).toBeNull();
      const changed = await api(server.url, `/api/applications/${applicationId}`, {
        method: "PATCH",
        body: { stage: "rejected", note: "", notifyRejection: true },
        session: admin,
      });
      expect(changed.status).toBe(403);
      expect(changed.json.error.code).toBe("FORBIDDEN");
      const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
      expect(row).toMatchObject({ stage: "new", note: "Call back on Monday" });
      expect((await mailsFor(applicationId)).map((mail) => mail.dedupeKey)).not.toContainEqual(
        expect.stringContaining("reject"),
      );
    });

    test("another employer cannot change an application's stage", async () => {
      const { status } = await api(server.url, `/api/applications/${applicationId}`, {
        method: "PATCH",
        body: { stage: "hired" },
        session: other,
      });
      expect(status).toBe(403);
      const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
      expect(row?.stage).toBe("new");
    });

    test("My Listings counts each listing's new and total applications", async () => {
      const counts = await server.services.applications.countApplicationsByListing({
        user: { id: (await userId(owner)) ?? "", email: owner.email, name: owner.name, image: null },
      });
      const rows = await storedFor(jobId);
      expect(counts[jobId]?.total).toBe(rows.length);
      expect(counts[jobId]?.new).toBe(rows.filter((r) => r.stage === "new" && !r.erasedAt).length);
    });
  });

  async function userId(session: Session) {
    const { json } = await api(server.url, "/api/auth/get-session", { session });
    return json?.user?.id as string | undefined;
  }

  test("the owner moves an application through the stages with a private note", async () => {
    const { json: sent } = await apply(jobId);
    const change = (body: unknown) =>
      api(server.url, `/api/applications/${sent.id}`, { method: "PATCH", body, session: owner });
    expect((await change({ stage: "reviewing", note: "Strong React portfolio" })).json).toEqual({
      ok: true,
      stage: "reviewing",
      note: "Strong React portfolio",
      rejectionMailed: false,
    });
    expect((await change({ stage: "interview" })).json).toMatchObject({
      stage: "interview",
      note: "Strong React portfolio",
    });
    const invalid = await change({ stage: "shortlisted" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.fields).toHaveProperty("stage");
  });

  test("moving to Rejected mails the applicant once when the employer asks, and not when they do not", async () => {
    const { json: asked } = await apply(jobId);
    const { json: silent } = await apply(jobId);
    const reject = (id: string, notifyRejection: boolean) =>
      api(server.url, `/api/applications/${id}`, {
        method: "PATCH",
        body: { stage: "rejected", notifyRejection },
        session: owner,
      });
    expect((await reject(asked.id, true)).json.rejectionMailed).toBe(true);
    expect((await reject(asked.id, true)).json.rejectionMailed).toBe(false);
    expect((await reject(silent.id, false)).json.rejectionMailed).toBe(false);
    const rejected = (await mailsFor(asked.id)).filter((mail) => mail.dedupeKey.endsWith(":rejected"));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.textBody).toMatch(/decided not to take your application further/);
    expect((await mailsFor(silent.id)).filter((mail) => mail.dedupeKey.endsWith(":rejected"))).toHaveLength(0);
  });

  async function linkOf(applicationId: string) {
    const [confirmation] = (await mailsFor(applicationId)).filter((mail) => mail.dedupeKey.endsWith(":confirmation"));
    const url = /(http\S+\/applications\/\S+)/.exec(confirmation?.textBody ?? "")?.[1];
    if (!url) throw new Error("no link in the confirmation mail");
    return new URL(url).pathname;
  }

  test("the confirmation mail's link shows the stage, and withdrawing from it tells the employer", async () => {
    const { json: sent } = await apply(jobId);
    const path = await linkOf(sent.id);
    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Status</dt><dd>New");
    expect(html).toMatch(/Applied on<\/dt><dd>[A-Z][a-z]+ \d{2}, \d{4}<\/dd>/);
    const withdrawn = await fetch(`${server.url}${path}?action=withdraw`, {
      method: "POST",
      body: new URLSearchParams({ confirm: "withdraw" }),
    });
    // Answered with a redirect to the page, so a reload posts nothing again.
    expect(withdrawn.redirected).toBe(true);
    expect(new URL(withdrawn.url).search).toBe("?done=withdraw");
    expect(await withdrawn.text()).toContain("Your application is withdrawn.");
    const { json } = await api(server.url, `/api/jobs/${jobId}/applications`, { session: owner });
    expect(json.applications.find((a: { id: string }) => a.id === sent.id)).toMatchObject({ withdrawn: true });
  });

  test("erasing from the link removes the CV and every personal field, and the listing's count is kept", async () => {
    const { json: sent } = await apply(jobId, { fields: { name: "Erase Me" } });
    const before = (await storedFor(jobId)).length;
    const path = await linkOf(sent.id);
    const token = path.split("/").at(-1) ?? "";
    const { status } = await api(server.url, `/api/applications/by-token/${token}/erase`, { method: "POST" });
    expect(status).toBe(200);
    const [row] = await db().select().from(applications).where(eq(applications.id, sent.id));
    expect(row).toMatchObject({
      name: null,
      email: null,
      phone: null,
      coverNote: null,
      cv: null,
      cvFileName: null,
      note: null,
      clientIp: null,
    });
    expect(row?.erasedAt).toBeInstanceOf(Date);
    expect((await storedFor(jobId)).length).toBe(before);
    expect((await api(server.url, `/api/applications/${sent.id}/cv`, { session: owner })).status).toBe(404);
  });

  test("erasing takes the application's mails with it: one not sent yet never goes, one sent keeps no name or address", async () => {
    const { json: sent } = await apply(jobId, {
      fields: { name: "Mailed Already", email: "mailed.already@example.com" },
    });
    const { json: waiting } = await apply(jobId, {
      fields: { name: "Still Waiting", email: "still.waiting@example.com" },
    });
    const [sentLink, waitingLink] = [await linkOf(sent.id), await linkOf(waiting.id)];
    // As the sender leaves a mail it delivered (no SMTP server runs here, so the rest wait).
    await db()
      .update(mailOutbox)
      .set({ status: "sent", sentAt: sql`now()` })
      .where(like(mailOutbox.dedupeKey, `application:${sent.id}:%`));
    for (const link of [sentLink, waitingLink]) {
      const token = link.split("/").at(-1) ?? "";
      expect((await api(server.url, `/api/applications/by-token/${token}/erase`, { method: "POST" })).status).toBe(200);
    }
    expect(await mailsFor(waiting.id)).toEqual([]);
    const kept = await mailsFor(sent.id);
    expect(kept.length).toBeGreaterThan(0);
    for (const mail of kept) {
      expect(mail).toMatchObject({ status: "sent", toAddress: "", subject: "", textBody: "", htmlBody: null });
      expect(JSON.stringify(mail)).not.toMatch(/Mailed Already|mailed\.already/);
    }
  });

  test("My Listings' new count is the inbox's New: a withdrawn application at New counts in both, an erased one in neither", async () => {
    const listing = await postListing(owner);
    const sent = await Promise.all(
      ["Stays New", "Withdraws", "Erases"].map((name) => apply(listing, { fields: { name } })),
    );
    const [, withdrawing, erasing] = await Promise.all(sent.map(({ json }) => linkOf(json.id)));
    await fetch(`${server.url}${withdrawing}?action=withdraw`, {
      method: "POST",
      body: new URLSearchParams({ confirm: "withdraw" }),
    });
    const token = erasing?.split("/").at(-1) ?? "";
    await api(server.url, `/api/applications/by-token/${token}/erase`, { method: "POST" });
    const inbox = await api(server.url, `/api/jobs/${listing}/applications?stage=new`, { session: owner });
    const counts = await server.services.applications.countApplicationsByListing({
      user: { id: (await userId(owner)) ?? "", email: owner.email, name: owner.name, image: null },
    });
    expect(inbox.json.applications).toHaveLength(2);
    expect(counts[listing]).toEqual({ new: 2, total: 3 });
  });

  test("an erased application keeps its place among all of the listing's applications, but under no stage", async () => {
    const { json: sent } = await apply(jobId, { fields: { name: "Gone From Stages" } });
    const token = (await linkOf(sent.id)).split("/").at(-1) ?? "";
    await api(server.url, `/api/applications/by-token/${token}/erase`, { method: "POST" });
    const ids = async (query: string) =>
      (await api(server.url, `/api/jobs/${jobId}/applications${query}`, { session: owner })).json.applications.map(
        (a: { id: string }) => a.id,
      );
    expect(await ids("")).toContain(sent.id);
    expect(await ids("?stage=new")).not.toContain(sent.id);
  });

  test("the link's Withdraw withdraws nothing until the applicant ticks that they mean it", async () => {
    const { json: sent } = await apply(jobId, { fields: { name: "Stray Press" } });
    const path = await linkOf(sent.id);
    const unticked = await fetch(`${server.url}${path}?action=withdraw`, { method: "POST" });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Nothing was withdrawn: tick the box");
    const [kept] = await db().select().from(applications).where(eq(applications.id, sent.id));
    expect(kept).toMatchObject({ name: "Stray Press", withdrawnAt: null });
  });

  test("the link's Erase erases nothing until the applicant ticks that it is for good, then erases", async () => {
    const { json: sent } = await apply(jobId, { fields: { name: "Careful Applicant" } });
    const path = await linkOf(sent.id);
    const unticked = await fetch(`${server.url}${path}?action=erase`, { method: "POST" });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Nothing was erased: tick the box");
    const [kept] = await db().select().from(applications).where(eq(applications.id, sent.id));
    expect(kept).toMatchObject({ name: "Careful Applicant", erasedAt: null });
    const ticked = await fetch(`${server.url}${path}?action=erase`, {
      method: "POST",
      body: new URLSearchParams({ confirm: "erase" }),
    });
    // Erasing ends the link: the page it lands on says the application is gone, and that it was erased just now.
    expect(ticked.status).toBe(410);
    expect(await ticked.text()).toContain("Your application and CV are erased.");
    const [erased] = await db().select().from(applications).where(eq(applications.id, sent.id));
    expect(erased).toMatchObject({ name: null, cv: null, erasedAt: expect.any(Date) });
  });

  test("a forged or altered link opens nothing", async () => {
    const { json: sent } = await apply(jobId);
    const path = await linkOf(sent.id);
    expect((await fetch(`${server.url}${path}x`)).status).toBe(404);
    expect(
      (await api(server.url, `/api/applications/by-token/${sent.id}.forged/erase`, { method: "POST" })).status,
    ).toBe(404);
  });

  test.runIf(engine === "postgres")(
    "while another instance holds the retention lock, a pass leaves the work to it",
    async () => {
      const database = server.services.database;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(727031, 0)`);
        // The pass runs on another connection of the pool, as another instance's would.
        expect(await runRetention(database, 180)).toBeNull();
      });
      expect(await runRetention(database, 180)).not.toBeNull();
    },
  );

  test("applications to a listing expired past the retention period are erased, and a deleted listing's go after it", async () => {
    const expiring = await postListing(owner);
    const deleted = await postListing(owner);
    const { json: kept } = await apply(expiring);
    const { json: gone } = await apply(deleted);
    await db()
      .update(jobs)
      .set({ postingDate: sql`now() - interval '211 days'` })
      .where(eq(jobs.id, expiring));
    expect((await api(server.url, `/api/job/${deleted}`, { method: "DELETE", session: owner })).status).toBe(200);
    const [orphan] = await db().select().from(applications).where(eq(applications.id, gone.id));
    expect(orphan).toMatchObject({ jobId: null, listingDeletedAt: expect.any(Date) });

    // 211 days ago: expired 181 days ago, past 180; the deletion is fresh, within them.
    await runRetention(server.services.database, 180);
    const [erased] = await db().select().from(applications).where(eq(applications.id, kept.id));
    expect(erased).toMatchObject({ name: null, email: null, cv: null, erasedAt: expect.any(Date) });
    // Its confirmation, never sent (no SMTP server here), is not sent after the erasure either.
    expect(await mailsFor(kept.id)).toEqual([]);
    expect(await mailsFor(gone.id)).not.toEqual([]);
    expect(await db().select().from(applications).where(eq(applications.id, gone.id))).toHaveLength(1);

    await db()
      .update(applications)
      .set({ listingDeletedAt: sql`now() - interval '181 days'` })
      .where(eq(applications.id, gone.id));
    await runRetention(server.services.database, 180);
    expect(await db().select().from(applications).where(eq(applications.id, gone.id))).toHaveLength(0);
    expect(await mailsFor(gone.id)).toEqual([]);
  });
});
