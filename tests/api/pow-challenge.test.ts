import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobAlerts, jobReports, jobs, mailOutbox, user } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { solve, solvedChallenge } from "#tests/support/pow.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

type Form = {
  name: string;
  path: () => string;
  body: () => unknown;
  /** The rows the post adds. */
  table: PgTable;
  where?: SQL;
  session?: () => Session;
  okStatus: number;
};

describe.each(engines)("proof-of-work challenges on %s", (engine) => {
  let server: TestServer;
  let employer: Session;
  let listingId: string;
  let ip = 0;

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { TRUSTED_PROXY_HEADER: "x-forwarded-for" } });
    employer = await signUp(server.url, { name: "Employer" });
    listingId = (await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: employer })).json
      .insertedId;
  });
  afterAll(() => server.close());

  const forms: Form[] = [
    {
      name: "sign-up",
      path: () => "/api/auth/sign-up/email",
      body: () => ({ email: uniqueEmail("pow"), password: "correct horse battery", name: "Pow" }),
      table: user,
      okStatus: 200,
    },
    {
      name: "post a job",
      path: () => "/api/post-job",
      body: () => validJob({ jobTitle: "Proof of work" }),
      table: jobs,
      session: () => employer,
      okStatus: 201,
    },
    {
      name: "contact",
      path: () => "/api/sendEmail",
      body: () => ({ name: "Asha Verma", email: "asha@example.com", subject: "Hi", message: "A question for you." }),
      table: mailOutbox,
      okStatus: 200,
    },
    {
      name: "report a listing",
      path: () => `/api/jobs/${listingId}/report`,
      body: () => ({ reason: "scam", comment: "Asks for a fee." }),
      table: jobReports,
      okStatus: 201,
    },
    {
      name: "job alert",
      path: () => "/api/alerts",
      body: () => ({ email: uniqueEmail("alert"), frequency: "daily", search: { search: "golang" } }),
      table: jobAlerts,
      okStatus: 202,
    },
  ];

  const rows = async (table: PgTable) =>
    (await server.services.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  // Each post from its own address: the forms' per-IP limits stay out of the way.
  const post = (form: Form, solution?: string) =>
    api(server.url, form.path(), {
      method: "POST",
      body: form.body(),
      session: form.session?.(),
      solveChallenge: false,
      headers: { "x-forwarded-for": `203.0.113.${++ip}`, ...(solution === undefined ? {} : { "x-altcha": solution }) },
    });

  test.each(forms.map((form) => [form.name, form]))(
    "%s without a solved challenge is refused with 400 and changes nothing",
    async (_name, form) => {
      const before = await rows(form.table);
      for (const solution of [undefined, "", "not base64 json", Buffer.from("{}").toString("base64")]) {
        const refused = await post(form, solution);
        expect(refused.status).toBe(400);
        expect(refused.json).toEqual({ error: { code: "CHALLENGE_FAILED", message: expect.any(String) } });
      }
      expect(await rows(form.table)).toBe(before);
    },
  );

  test.each(forms.map((form) => [form.name, form]))(
    "%s with a solved challenge works once: the same solution again is refused",
    async (_name, form) => {
      const before = await rows(form.table);
      const solution = await solvedChallenge(server.url);
      expect((await post(form, solution)).status).toBe(form.okStatus);
      expect(await rows(form.table)).toBe(before + 1);
      const replay = await post(form, solution);
      expect(replay.status).toBe(400);
      expect(replay.json.error.code).toBe("CHALLENGE_FAILED");
      expect(await rows(form.table)).toBe(before + 1);
    },
  );

  test("a wrong number, a forged signature or a challenge of another key is refused", async () => {
    const challenge = (await api(server.url, "/api/challenge")).json;
    const good = JSON.parse(Buffer.from(solve(challenge), "base64").toString());
    const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString("base64");
    const contact = forms.find((form) => form.name === "contact")!;
    for (const payload of [
      { ...good, number: good.number + 1 },
      { ...good, signature: "0".repeat(64) },
      { ...good, salt: `${good.salt}x` },
    ]) {
      expect((await post(contact, encode(payload))).status).toBe(400);
    }
    expect((await post(contact, encode(good))).status).toBe(200);
  });

  test("the challenge answers with its difficulty and expiry, never cached", async () => {
    const { status, json, headers } = await api(server.url, "/api/challenge");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(json).toMatchObject({ algorithm: "SHA-256", maxnumber: 1000 });
    const expiresIn = Date.parse(json.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(500_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
  });
});

describe("an expired challenge", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { POW_EXPIRES_SECONDS: "30" } });
  });
  afterAll(() => server.close());

  test("is refused once its time is up", async () => {
    const challenge = (await api(server.url, "/api/challenge")).json;
    const solution = solve(challenge);
    const realNow = Date.now;
    Date.now = () => realNow() + 31_000;
    try {
      const late = await api(server.url, "/api/sendEmail", {
        method: "POST",
        body: { name: "Late", email: "late@example.com", subject: "Hi", message: "A question for you." },
        solveChallenge: false,
        headers: { "x-altcha": solution },
      });
      expect(late.status).toBe(400);
      expect(late.json.error.code).toBe("CHALLENGE_FAILED");
    } finally {
      Date.now = realNow;
    }
  });
});

describe("with POW_CHALLENGE=false", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { POW_CHALLENGE: "false" } });
  });
  afterAll(() => server.close());

  test("there is no challenge to solve and the forms take posts without one", async () => {
    expect((await api(server.url, "/api/challenge")).json).toBeNull();
    const sent = await api(server.url, "/api/sendEmail", {
      method: "POST",
      body: { name: "Asha Verma", email: "asha@example.com", subject: "Hi", message: "A question for you." },
      solveChallenge: false,
    });
    expect(sent.status).toBe(200);
    const session = await signUp(server.url);
    const posted = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(),
      session,
      solveChallenge: false,
    });
    expect(posted.status).toBe(201);
  });
});

describe("the contact form sent without JavaScript", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", CONTACT_RATE_LIMIT_MAX: "2" } });
  });
  afterAll(() => server.close());

  const contactMessages = async () =>
    (await server.services.database.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;
  const postForm = (fields: Record<string, string>, ip: string) =>
    fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      body: new URLSearchParams(fields),
    });
  const message = { name: "Asha Verma", email: "asha@example.com", subject: "Hi", message: "A question for you." };

  test("needs no proof of work: it is stored and the page says so", async () => {
    const before = await contactMessages();
    const sent = await postForm({ ...message, website: "" }, "192.0.2.1");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/contact?sent=1#contact-form");
    expect(await contactMessages()).toBe(before + 1);
  });

  test("with the honeypot filled, it is answered like a success and stored nowhere", async () => {
    const before = await contactMessages();
    const sent = await postForm({ ...message, website: "https://spam.example" }, "192.0.2.2");
    expect(sent.headers.get("location")).toBe("/contact?sent=1#contact-form");
    expect(await contactMessages()).toBe(before);
  });

  test("falls back to the per-address limit, and an invalid one is sent back to the form", async () => {
    expect((await postForm(message, "192.0.2.3")).headers.get("location")).toContain("sent=1");
    expect((await postForm(message, "192.0.2.3")).headers.get("location")).toContain("sent=1");
    expect((await postForm(message, "192.0.2.3")).headers.get("location")).toBe("/contact?error=limited#contact-form");
    expect((await postForm({ ...message, email: "nope" }, "192.0.2.4")).headers.get("location")).toBe(
      "/contact?error=invalid#contact-form",
    );
  });
});
