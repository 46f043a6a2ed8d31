import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobAlerts, jobReports, user } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let ipCounter = 0;
/** Each visitor speaks from an address of their own, so one test's posts do not count against another's. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** What a browser without JavaScript sends: the form urlencoded, to the page's own path, with no proof of work. */
const postForm = (url: string, fields: Record<string, string>, ip: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
      origin: new URL(url).origin,
    },
    body: new URLSearchParams(fields),
  });

describe.each(engines)("the report form sent without JavaScript on %s", (engine) => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", REPORT_RATE_LIMIT_MAX: "2" },
    });
    owner = await signUp(server.url, { name: "Owner" });
  });
  afterAll(() => server.close());

  const listing = async () =>
    (
      await api(server.url, "/api/post-job", {
        method: "POST",
        body: validJob({ postingDate: new Date().toISOString().slice(0, 10) }),
        session: owner,
      })
    ).json.insertedId as string;
  const reportsOf = async (id: string) =>
    (await server.services.database.db.select({ n: count() }).from(jobReports).where(eq(jobReports.jobId, id)))[0]?.n ??
    0;
  const report = (id: string, fields: Record<string, string>, ip = freshIp()) =>
    postForm(`${server.url}/jobs/${id}`, { website: "", ...fields }, ip);

  test("a report posted to the job page's path is stored without a proof of work, and the page says so", async () => {
    const id = await listing();
    const sent = await report(id, { reason: "scam", comment: "Asks for a fee." });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/jobs/${id}?report=sent#report-job`);
    expect(await reportsOf(id)).toBe(1);
  });

  test("with the honeypot filled, a report is answered like a success and stored nowhere", async () => {
    const id = await listing();
    const sent = await report(id, { reason: "scam", website: "https://spam.example" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/jobs/${id}?report=sent#report-job`);
    expect(await reportsOf(id)).toBe(0);
  });

  test("a report without a reason is sent back to the form, and nothing is stored", async () => {
    const id = await listing();
    const refused = await report(id, { comment: "No reason picked" });
    expect(refused.headers.get("location")).toBe(`/jobs/${id}?report=invalid#report-job`);
    expect(await reportsOf(id)).toBe(0);
  });

  test("the same per-reader limit as the API holds reports sent without JavaScript", async () => {
    const ip = freshIp();
    const [first, second, third] = [await listing(), await listing(), await listing()];
    expect((await report(first, { reason: "spam" }, ip)).headers.get("location")).toContain("report=sent");
    expect((await report(first, { reason: "spam" }, ip)).headers.get("location")).toBe(
      `/jobs/${first}?report=duplicate#report-job`,
    );
    expect((await report(second, { reason: "spam" }, ip)).headers.get("location")).toContain("report=sent");
    expect((await report(third, { reason: "spam" }, ip)).headers.get("location")).toBe(
      `/jobs/${third}?report=limited#report-job`,
    );
    expect(await reportsOf(third)).toBe(0);
  });
});

describe.each(engines)("the job alert form sent without JavaScript on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", ALERTS_RATE_LIMIT_MAX: "2" },
    });
  });
  afterAll(() => server.close());

  const alertsOf = (email: string) =>
    server.services.database.db
      .select({ search: jobAlerts.search, frequency: jobAlerts.frequency })
      .from(jobAlerts)
      .where(eq(jobAlerts.email, email));
  const subscribe = (fields: Record<string, string>, ip = freshIp()) =>
    postForm(`${server.url}/`, { website: "", frequency: "weekly", search: "react", location: "pune", ...fields }, ip);

  test("an alert posted to the home page's path is stored with its search, and the same search says so", async () => {
    const email = uniqueEmail("nojs");
    const sent = await subscribe({ email });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/?search=react&location=pune&alert=sent#job-alert");
    expect(await alertsOf(email)).toEqual([{ search: { search: "react", location: "pune" }, frequency: "weekly" }]);
  });

  test("with the honeypot filled, an alert is answered like a success and stored nowhere", async () => {
    const email = uniqueEmail("nojs");
    const sent = await subscribe({ email, website: "https://spam.example" });
    expect(sent.headers.get("location")).toBe("/?search=react&location=pune&alert=sent#job-alert");
    expect(await alertsOf(email)).toEqual([]);
  });

  test("an alert with an invalid address is sent back to the form, and nothing is stored", async () => {
    const refused = await subscribe({ email: "not-an-address" });
    expect(refused.headers.get("location")).toBe("/?search=react&location=pune&alert=invalid#job-alert");
    expect(await alertsOf("not-an-address")).toEqual([]);
  });

  test("the same per-address limit as the API holds alerts sent without JavaScript", async () => {
    const ip = freshIp();
    const [first, second, third] = [uniqueEmail("nojs"), uniqueEmail("nojs"), uniqueEmail("nojs")];
    expect((await subscribe({ email: first }, ip)).headers.get("location")).toContain("alert=sent");
    expect((await subscribe({ email: second }, ip)).headers.get("location")).toContain("alert=sent");
    expect((await subscribe({ email: third }, ip)).headers.get("location")).toBe(
      "/?search=react&location=pune&alert=limited#job-alert",
    );
    expect(await alertsOf(third)).toEqual([]);
  });
});

describe.each(engines)("sign-up sent without JavaScript on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", AUTH_RATE_LIMIT_MAX: "2" },
    });
  });
  afterAll(() => server.close());

  const accountsOf = async (email: string) =>
    (await server.services.database.db.select({ n: count() }).from(user).where(eq(user.email, email)))[0]?.n ?? 0;
  const signUpByForm = (fields: Record<string, string>, ip = freshIp()) =>
    postForm(
      `${server.url}/login`,
      { website: "", terms: "yes", name: "", password: "correct horse battery", from: "/post-job", ...fields },
      ip,
    );

  test("an account made by a form post to the login page's path is signed in, with no proof of work", async () => {
    const email = uniqueEmail("nojs");
    const sent = await signUpByForm({ email });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/login?signup=sent&from=%2Fpost-job");
    const cookie = sent.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await api(server.url, "/api/auth/get-session", { headers: { cookie } });
    expect(session.json.user).toMatchObject({ email, name: email.split("@")[0] });
  });

  test("with the honeypot filled, a sign-up is answered like a success and no account is made", async () => {
    const email = uniqueEmail("nojs");
    const sent = await signUpByForm({ email, website: "https://spam.example" });
    expect(sent.headers.get("location")).toBe("/login?signup=sent&from=%2Fpost-job");
    expect(sent.headers.getSetCookie()).toEqual([]);
    expect(await accountsOf(email)).toBe(0);
  });

  test("a sign-up without the terms ticked, or with a short password, is sent back and makes no account", async () => {
    const email = uniqueEmail("nojs");
    const noTerms = await signUpByForm({ email, terms: "" });
    expect(noTerms.headers.get("location")).toBe("/login?signup=invalid&from=%2Fpost-job");
    const short = await signUpByForm({ email, password: "short" });
    expect(short.headers.get("location")).toBe("/login?signup=invalid&from=%2Fpost-job");
    expect(await accountsOf(email)).toBe(0);
  });

  test("an address that has an account already is told to sign in", async () => {
    const email = uniqueEmail("nojs");
    await signUpByForm({ email });
    const again = await signUpByForm({ email });
    expect(again.headers.get("location")).toBe("/login?signup=taken&from=%2Fpost-job");
    expect(await accountsOf(email)).toBe(1);
  });

  test("a sign-up form posted from another site is refused with 403 and makes no account", async () => {
    const email = uniqueEmail("nojs");
    const forged = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" },
      body: new URLSearchParams({ terms: "yes", email, password: "correct horse battery" }),
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect(await accountsOf(email)).toBe(0);
  });

  test("better-auth's per-address sign-up limit holds sign-ups sent without JavaScript", async () => {
    const ip = freshIp();
    const [first, second, third] = [uniqueEmail("nojs"), uniqueEmail("nojs"), uniqueEmail("nojs")];
    expect((await signUpByForm({ email: first }, ip)).headers.get("location")).toContain("signup=sent");
    expect((await signUpByForm({ email: second }, ip)).headers.get("location")).toContain("signup=sent");
    expect((await signUpByForm({ email: third }, ip)).headers.get("location")).toBe(
      "/login?signup=limited&from=%2Fpost-job",
    );
    expect(await accountsOf(third)).toBe(0);
  });
});
