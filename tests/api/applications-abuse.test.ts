import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { forgetOldAttempts } from "#server/applications/repository.ts";
import { applicationAttempts, applications, mailOutbox } from "#server/db/schema.ts";
import { docxBytes, pdfBytes } from "#tests/support/cv-files.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let ipCounter = 0;
/** Each test's client has an address of its own, so one test's applications never count against another's. */
const freshIp = () => `198.51.100.${++ipCounter}`;
const freshEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

type ApplyOptions = { email?: string; name?: string; cv?: { bytes: Buffer; name: string }; ip?: string };

describe.each(engines)("applications against abuse on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let jobId: string;

  const db = () => server.services.database.db;

  async function apply(id: string, { email = freshEmail("applicant"), name = "Asha Verma", cv, ip }: ApplyOptions) {
    const form = new FormData();
    for (const [field, value] of Object.entries({ name, email, consent: "on" })) form.set(field, value);
    const file = cv ?? { bytes: pdfBytes(), name: "cv.pdf" };
    form.set("cv", new Blob([new Uint8Array(file.bytes)]), file.name);
    const response = await fetch(`${server.url}/api/jobs/${id}/applications`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": ip ?? freshIp(), origin: server.url },
    });
    return { status: response.status, json: await response.json() };
  }

  async function postListing() {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ applyMethod: "board" }),
      session: owner,
    });
    expect(status).toBe(201);
    return json.insertedId as string;
  }

  /** The token of the applicant's link, from the confirmation mail the application queued. */
  async function tokenOf(applicationId: string) {
    const [mail] = await db()
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `application:${applicationId}:confirmation`));
    const token = /\/applications\/(\S+)/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error("no link in the confirmation mail");
    return token;
  }

  const download = (applicationId: string) =>
    fetch(`${server.url}/api/applications/${applicationId}/cv`, { headers: { cookie: owner.cookie } });

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", APPLICATION_RATE_LIMIT_MAX: "3" },
    });
    owner = await signUp(server.url, { name: "Owner" });
    jobId = await postListing();
  });
  afterAll(() => server.close());

  describe("the CV's name follows the type of its bytes", () => {
    test.each(["resume.html", "resume.hta", "resume.svg", "resume.pdf.exe"])(
      "a PDF uploaded as %s is stored and downloaded as resume.pdf, typed as a PDF, never sniffed",
      async (uploadedAs) => {
        const { status, json } = await apply(jobId, { cv: { bytes: pdfBytes(), name: uploadedAs } });
        expect(status).toBe(201);
        const [row] = await db().select().from(applications).where(eq(applications.id, json.id));
        expect(row?.cvFileName).toBe("resume.pdf");
        const response = await download(json.id);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-disposition")).toBe(
          "attachment; filename=\"resume.pdf\"; filename*=UTF-8''resume.pdf",
        );
        expect(response.headers.get("content-type")).toBe("application/pdf");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      },
    );

    test("a Word document uploaded as cv.pdf downloads as cv.docx, typed as a Word document", async () => {
      const { json } = await apply(jobId, { cv: { bytes: docxBytes(), name: "cv.pdf" } });
      const response = await download(json.id);
      expect(response.headers.get("content-disposition")).toBe(
        "attachment; filename=\"cv.docx\"; filename*=UTF-8''cv.docx",
      );
      expect(response.headers.get("content-type")).toBe(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      );
    });

    test("a name with folders and a direction mark keeps only its letters, in ASCII for old clients and in UTF-8 for the rest", async () => {
      const { json } = await apply(jobId, {
        cv: { bytes: pdfBytes(), name: "../../Users/asha/Ásha Vérma\u202Etxt.pdf.exe" },
      });
      const response = await download(json.id);
      expect(response.headers.get("content-disposition")).toBe(
        "attachment; filename=\"Asha Vermatxt.pdf\"; filename*=UTF-8''%C3%81sha%20V%C3%A9rmatxt.pdf",
      );
    });

    test("a CV stored before names followed the type is served by its bytes, with its name made safe", async () => {
      const { json } = await apply(jobId, {});
      // As the earlier code could store it: the applicant's extension, and a quote that ended the header's value.
      await db()
        .update(applications)
        .set({ cvFileName: 'evil"; filename="x.html' })
        .where(eq(applications.id, json.id));
      const safely = "attachment; filename=\"evil_ filename_x.pdf\"; filename*=UTF-8''evil_%20filename_x.pdf";
      expect((await download(json.id)).headers.get("content-disposition")).toBe(safely);
      const inbox = await api(server.url, `/api/jobs/${jobId}/applications`, { session: owner });
      const listed = inbox.json.applications.find((a: { id: string }) => a.id === json.id);
      expect(listed.cvFileName).toBe("evil_ filename_x.pdf");
      // Whatever type the row says, the download says the bytes' type.
      await db().update(applications).set({ cvContentType: "text/html" }).where(eq(applications.id, json.id));
      const response = await download(json.id);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(safely);
    });
  });

  describe("the form tells no one who applied", () => {
    test("past a client's limit, 30 probes get the same 429 and body whether or not the address applied", async () => {
      const ip = freshIp();
      const listing = await postListing();
      const applied = freshEmail("applied");
      for (const email of [applied, freshEmail("first"), freshEmail("second")])
        expect((await apply(listing, { email, ip })).status).toBe(201);
      const answers = [];
      for (let i = 0; i < 30; i++) {
        const email = i % 2 === 0 ? applied : freshEmail("stranger");
        answers.push({ applied: i % 2 === 0, ...(await apply(listing, { email, ip })) });
      }
      const first = answers[0];
      expect(first?.status).toBe(429);
      expect(first?.json.error.code).toBe("RATE_LIMITED");
      for (const answer of answers)
        expect({ status: answer.status, json: answer.json }).toEqual({ status: first?.status, json: first?.json });
      expect(await db().select().from(applications).where(eq(applications.jobId, listing))).toHaveLength(3);
    });

    test("sending the form again with an address that applied counts against the client's limit", async () => {
      const ip = freshIp();
      const listing = await postListing();
      const email = freshEmail("again");
      for (let i = 0; i < 3; i++) expect((await apply(listing, { email, ip })).status).toBe(201);
      expect((await apply(listing, { ip })).status).toBe(429);
    });
  });

  describe("erasing keeps the limit", () => {
    test("apply and erase three times from one address, and the fourth application is refused", async () => {
      const ip = freshIp();
      const listing = await postListing();
      for (let i = 0; i < 3; i++) {
        const { status, json } = await apply(listing, { ip });
        expect(status).toBe(201);
        const erased = await api(server.url, `/api/applications/by-token/${await tokenOf(json.id)}/erase`, {
          method: "POST",
        });
        expect(erased.status).toBe(200);
      }
      const { status, json } = await apply(listing, { ip });
      expect(status).toBe(429);
      expect(json.error.code).toBe("RATE_LIMITED");
    });

    test("what the limit counts holds no client address, and neither does the application", async () => {
      const ip = freshIp();
      const { json } = await apply(jobId, { ip });
      const [row] = await db().select().from(applications).where(eq(applications.id, json.id));
      expect(row?.clientIp).toBeNull();
      const attempts = await db().select().from(applicationAttempts);
      expect(attempts.length).toBeGreaterThan(0);
      expect(JSON.stringify(attempts)).not.toContain(ip);
      expect(
        await db()
          .select()
          .from(applicationAttempts)
          .where(like(applicationAttempts.clientKey, `%${ip}%`)),
      ).toHaveLength(0);
    });
  });

  describe("the applicant's link", () => {
    test("once the application is erased, its link answers that it is gone: 410 on the page, 404 with the reason from the API", async () => {
      const { json } = await apply(jobId, {});
      const token = await tokenOf(json.id);
      expect((await api(server.url, `/api/applications/by-token/${token}/erase`, { method: "POST" })).status).toBe(200);
      const page = await fetch(`${server.url}/applications/${token}`);
      expect(page.status).toBe(410);
      const html = await page.text();
      expect(html).toContain("Application erased");
      expect(html).toContain("This application was erased, and its link no longer opens it.");
      expect(html).not.toContain("Withdraw my application");
      const view = await api(server.url, `/api/applications/by-token/${token}`);
      expect(view.status).toBe(404);
      expect(view.json.error.message).toBe("This application was erased, and its link no longer opens it.");
      for (const action of ["withdraw", "erase"])
        expect(
          (await api(server.url, `/api/applications/by-token/${token}/${action}`, { method: "POST" })).status,
        ).toBe(404);
    });

    test.each(["x", ".x", "=", "%21", "%20", ".", "%0A"])(
      "a valid token followed by %s opens nothing",
      async (junk) => {
        const { json } = await apply(jobId, {});
        const token = await tokenOf(json.id);
        expect((await api(server.url, `/api/applications/by-token/${token}`)).status).toBe(200);
        expect((await api(server.url, `/api/applications/by-token/${token}${junk}`)).status).toBe(404);
        expect((await fetch(`${server.url}/applications/${token}${junk}`)).status).toBe(404);
      },
    );

    test("no answer about an application by its link is kept by a cache, found or not, page or API", async () => {
      const { json } = await apply(jobId, {});
      const token = await tokenOf(json.id);
      const answers = [
        await fetch(`${server.url}/api/applications/by-token/${token}`),
        await fetch(`${server.url}/api/applications/by-token/${json.id}.forged`),
        await fetch(`${server.url}/applications/${token}`),
        await fetch(`${server.url}/applications/${token}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url },
        }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200, 303]);
      for (const answer of answers) expect(answer.headers.get("cache-control")).toBe("no-store");
    });
  });

  test("attempts older than the limit's window are deleted, whoever made them", async () => {
    await db()
      .insert(applicationAttempts)
      .values({ clientKey: "an old client", createdAt: sql`now() - interval '2 hours'` });
    expect(await forgetOldAttempts(db(), 3600)).toBeGreaterThan(0);
    expect(
      await db().select().from(applicationAttempts).where(eq(applicationAttempts.clientKey, "an old client")),
    ).toHaveLength(0);
  });
});
