import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** Every field of a listing that becomes an href or an img src. */
const LINK_FIELDS = [
  "applyLink",
  "companySite",
  "companyLogo",
  "companyLinkedin",
  "companyFacebook",
  "companyInstgram",
  "companyTwitter",
] as const;

/** Schemes and spellings a browser would follow or run, and shapes that are not absolute http(s) URLs. */
const HOSTILE_LINKS = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "JaVaScRiPt:alert(1)",
  "  javascript:alert(1)",
  "\tjavascript:alert(1)",
  "\njavascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript://example.com/%0Aalert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "DATA:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "blob:https://example.com/0b6a7c1e",
  "ftp://example.com/file",
  "mailto:someone@example.com",
  "//evil.example/path",
  "/relative/path",
  "example.com",
  "http//example.com",
  "https:",
  "\u0000https://example.com",
];

describe.each(engines)("link fields on %s", (engine) => {
  let server: TestServer;
  let employer: Session;
  let existingId: string;

  const db = () => server.services.database.db;
  const rowCount = async () => (await db().select({ n: count() }).from(jobs))[0]?.n;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    employer = await signUp(server.url);
    const created = await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: employer });
    existingId = created.json.id ?? created.json.insertedId;
  });
  afterAll(() => server?.close());

  test.each(LINK_FIELDS)(
    "posting a job whose %s is not an http(s) URL is refused with a 400 naming the field, and nothing is stored",
    async (field) => {
      const before = await rowCount();
      for (const link of HOSTILE_LINKS) {
        const { status, json } = await api(server.url, "/api/post-job", {
          method: "POST",
          body: validJob({ [field]: link }),
          session: employer,
        });
        expect(status, JSON.stringify(link)).toBe(400);
        expect(json.error.code, JSON.stringify(link)).toBe("VALIDATION_FAILED");
        expect(Object.keys(json.error.fields), JSON.stringify(link)).toEqual([field]);
      }
      expect(await rowCount()).toBe(before);
    },
  );

  test.each(LINK_FIELDS)(
    "updating a job's %s to a non-http(s) URL is refused with a 400 naming the field, and the job is unchanged",
    async (field) => {
      const [before] = await db().select().from(jobs).where(eq(jobs.id, existingId));
      for (const link of HOSTILE_LINKS) {
        const { status, json } = await api(server.url, `/api/update-job/${existingId}`, {
          method: "PATCH",
          body: validJob({ [field]: link }),
          session: employer,
        });
        expect(status, JSON.stringify(link)).toBe(400);
        expect(Object.keys(json.error.fields), JSON.stringify(link)).toEqual([field]);
      }
      const [after] = await db().select().from(jobs).where(eq(jobs.id, existingId));
      expect(after).toEqual(before);
    },
  );

  test("http and https links in any letter case are accepted and stored without surrounding spaces", async () => {
    const body = validJob({
      // A company of its own: the employer's "Acme Widgets" would show that company's links (issue 32).
      companyName: "Links In Any Case Ltd",
      applyLink: "  HTTPS://Acme.example/apply?ref=board  ",
      companySite: "http://acme.example",
      companyLogo: "https://cdn.acme.example/logo.svg",
    });
    const { status, json } = await api(server.url, "/api/post-job", { method: "POST", body, session: employer });
    expect(status).toBe(201);
    const job = await api(server.url, `/api/all-jobs/${json.id ?? json.insertedId}`);
    expect(job.json).toMatchObject({
      applyLink: "HTTPS://Acme.example/apply?ref=board",
      companySite: "http://acme.example",
      companyLogo: "https://cdn.acme.example/logo.svg",
    });
  });
});
