import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobAlerts, jobReports, jobs, mailOutbox, user } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor, totp } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let ipCounter = 0;
/** Each visitor speaks from an address of their own, so one test's posts do not count against another's. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** What a browser without JavaScript sends: the form urlencoded, to the page's own path, with no proof of work. */
const postForm = (url: string, fields: Record<string, string>, ip: string, cookie?: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
      origin: new URL(url).origin,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

/** The cookies an answer sets, as the browser sends them back (cleared ones left out). */
const cookiesOf = (response: Response, before = "") =>
  [
    ...before
      .split("; ")
      .filter(
        (pair) => pair && !response.headers.getSetCookie().some((set) => set.startsWith(`${pair.split("=")[0]}=`)),
      ),
    ...response.headers
      .getSetCookie()
      .map((set) => set.split(";")[0] ?? "")
      .filter((pair) => !pair.endsWith("=")),
  ].join("; ");

/** A refusal answered as a page of its own: its status, HTML, and its words. */
async function expectRefusedPage(response: Response, status: number, ...words: string[]) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  const page = await response.text();
  for (const text of words) expect(page).toContain(text);
}

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

  test("a report on a listing taken down since the page was read is answered as a 404 page saying it was not sent", async () => {
    const id = await listing();
    await server.services.database.db.update(jobs).set({ status: "hidden" }).where(eq(jobs.id, id));
    const refused = await report(id, { reason: "scam" });
    await expectRefusedPage(refused, 404, "Your report was not sent", "no longer on the board");
    expect(await reportsOf(id)).toBe(0);
  });

  test("an owner reporting their own listing is answered as a 403 page saying so", async () => {
    const id = await listing();
    const refused = await postForm(
      `${server.url}/jobs/${id}`,
      { website: "", reason: "scam" },
      freshIp(),
      owner.cookie,
    );
    await expectRefusedPage(refused, 403, "Your report was not sent", "you cannot report your own listing");
    expect(await reportsOf(id)).toBe(0);
  });

  test("a report whose body is too large or not a form is answered as a page saying it was not sent", async () => {
    const id = await listing();
    const tooLarge = await postForm(
      `${server.url}/jobs/${id}`,
      { reason: "spam", details: "x".repeat(200_000) },
      freshIp(),
    );
    await expectRefusedPage(tooLarge, 413, "Your report was not sent", "larger than 100 KB");
    const notAForm = await fetch(`${server.url}/jobs/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "text/plain", "x-forwarded-for": freshIp(), origin: server.url },
      body: "reason=spam",
    });
    await expectRefusedPage(notAForm, 415, "Your report was not sent");
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

  test("an address that has an account already is told to check the mail, as the owner is mailed", async () => {
    const email = uniqueEmail("nojs");
    await signUpByForm({ email });
    const again = await signUpByForm({ email, password: "another long password" });
    expect(again.headers.get("location")).toBe("/login?signup=mailed&from=%2Fpost-job");
    expect(await accountsOf(email)).toBe(1);
  });

  test("a sign-up form posted from another site is refused with a 403 page naming the board's address, and makes no account", async () => {
    const email = uniqueEmail("nojs");
    const forged = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" },
      body: new URLSearchParams({ terms: "yes", email, password: "correct horse battery" }),
    });
    await expectRefusedPage(
      forged,
      403,
      "This form was not sent",
      `This board&#39;s address is ${server.env.PUBLIC_URL}`,
    );
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

describe.each(engines)("signing in without JavaScript on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", AUTH_RATE_LIMIT_MAX: "5" },
    });
  });
  afterAll(() => server.close());

  /**
   * An account made from an address of its own: better-auth's limit counts sign-ups and sign-ins per address, and the
   * enrolments below all come from this machine's.
   */
  const newAccount = async (): Promise<Session> => {
    const email = uniqueEmail("nojs");
    const password = "correct horse battery";
    const made = await postForm(`${server.url}/login`, { terms: "yes", email, password }, freshIp());
    return { email, password, name: email.split("@")[0] ?? email, cookie: cookiesOf(made), token: "" };
  };
  const signInByForm = (fields: Record<string, string>, ip = freshIp(), cookie?: string) =>
    postForm(`${server.url}/login`, { intent: "sign-in", terms: "yes", from: "/post-job", ...fields }, ip, cookie);
  const giveCode = (intent: "totp-code" | "recovery-code", code: string, cookie: string, ip = freshIp()) =>
    postForm(`${server.url}/login`, { intent, code, from: "/post-job" }, ip, cookie);
  const sessionOf = async (cookie: string) =>
    (await api(server.url, "/api/auth/get-session", { headers: { cookie } })).json as {
      user?: { email: string };
    } | null;

  test("an account signs in by a form post to the login page's path, and its session comes back with the way on", async () => {
    const account = await newAccount();
    const sent = await signInByForm({ email: account.email, password: account.password });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/login?signin=existing&from=%2Fpost-job");
    expect((await sessionOf(cookiesOf(sent)))?.user?.email).toBe(account.email);
  });

  test("a wrong password is sent back to the form and starts no session", async () => {
    const account = await newAccount();
    const refused = await signInByForm({ email: account.email, password: "not the password" });
    expect(refused.headers.get("location")).toBe("/login?signin=wrong&from=%2Fpost-job");
    expect(await sessionOf(cookiesOf(refused))).toBeNull();
  });

  test("an account with two-step sign-in gets no session for its password: it is sent for its code, which signs it in", async () => {
    const account = await newAccount();
    const { secret } = await enrolSecondFactor(server.url, account);
    const password = await signInByForm({ email: account.email, password: account.password });
    expect(password.headers.get("location")).toBe("/login?signin=second-step&from=%2Fpost-job");
    const challenge = cookiesOf(password);
    expect(await sessionOf(challenge)).toBeNull();

    const wrong = await giveCode("totp-code", "000000", challenge);
    expect(wrong.headers.get("location")).toBe("/login?signin=second-step&step=wrong&from=%2Fpost-job");
    expect(await sessionOf(cookiesOf(wrong, challenge))).toBeNull();

    // The next window's code: the one enrolment used may not be taken twice.
    const right = await giveCode("totp-code", totp(secret, Date.now() + 30_000), challenge);
    expect(right.headers.get("location")).toBe("/login?signin=existing&from=%2Fpost-job");
    expect((await sessionOf(cookiesOf(right, challenge)))?.user?.email).toBe(account.email);
  });

  test("a recovery code finishes a two-step sign-in sent without JavaScript, once", async () => {
    const account = await newAccount();
    const { recoveryCodes } = await enrolSecondFactor(server.url, account);
    const code = recoveryCodes[0] ?? "";
    const first = cookiesOf(await signInByForm({ email: account.email, password: account.password }));
    const used = await giveCode("recovery-code", code, first);
    expect(used.headers.get("location")).toBe("/login?signin=existing&from=%2Fpost-job");
    expect((await sessionOf(cookiesOf(used, first)))?.user?.email).toBe(account.email);

    const second = cookiesOf(await signInByForm({ email: account.email, password: account.password }));
    const again = await giveCode("recovery-code", code, second);
    expect(again.headers.get("location")).toBe("/login?signin=second-step&step=wrong&from=%2Fpost-job");
    expect(await sessionOf(cookiesOf(again, second))).toBeNull();
  });

  test("a code without the password's challenge starts no session", async () => {
    const refused = await giveCode("totp-code", "123456", "");
    expect(refused.headers.get("location")).toBe("/login?signin=second-step&step=wrong&from=%2Fpost-job");
    expect(await sessionOf(cookiesOf(refused))).toBeNull();
  });

  test("a sign-in form posted from another site is refused with a 403 page and starts no session", async () => {
    const account = await newAccount();
    const forged = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" },
      body: new URLSearchParams({ intent: "sign-in", terms: "yes", email: account.email, password: account.password }),
    });
    await expectRefusedPage(forged, 403, "This form was not sent");
    expect(forged.headers.getSetCookie()).toEqual([]);
  });

  test("better-auth's per-address sign-in limit holds sign-ins sent without JavaScript", async () => {
    const ip = freshIp();
    const account = await newAccount();
    for (let attempt = 0; attempt < 5; attempt++)
      await signInByForm({ email: account.email, password: "wrong one" }, ip);
    const limited = await signInByForm({ email: account.email, password: account.password }, ip);
    expect(limited.headers.get("location")).toBe("/login?signin=limited&from=%2Fpost-job");
    expect(await sessionOf(cookiesOf(limited))).toBeNull();
  });
});

describe.each(engines)("posting a job without JavaScript on %s", (engine) => {
  let server: TestServer;
  let employer: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { TRUSTED_PROXY_HEADER: "x-forwarded-for" } });
    employer = await signUp(server.url, { name: "Employer" });
  });
  afterAll(() => server.close());

  /** The job form as the browser sends it: every field a text, the skills one text separated by commas. */
  const jobForm = (overrides: Record<string, string> = {}): Record<string, string> => {
    const { skills: _skills, ...fields } = validJob();
    return {
      website: "",
      ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
      skills: "react, CSS",
      ...overrides,
    };
  };
  const listingsTitled = (title: string) =>
    server.services.database.db.select({ skills: jobs.skills }).from(jobs).where(eq(jobs.title, title));
  const postJob = (fields: Record<string, string>, cookie = employer.cookie) =>
    postForm(`${server.url}/post-job`, fields, freshIp(), cookie);

  test("a job posted as a form to the post page's path is listed through the API's schema, and the browser goes on to My Listings", async () => {
    const sent = await postJob(jobForm({ jobTitle: "Posted without scripts" }));
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/my-job?posted=published");
    // The schema spells the typed skills as the suggestions are spelled, as for the page's script.
    expect(await listingsTitled("Posted without scripts")).toEqual([{ skills: ["React", "CSS"] }]);
  });

  test("with the honeypot filled, a job is answered like a success and listed nowhere", async () => {
    const sent = await postJob(jobForm({ jobTitle: "Posted by a bot", website: "https://spam.example" }));
    expect(sent.headers.get("location")).toBe("/my-job?posted=published");
    expect(await listingsTitled("Posted by a bot")).toEqual([]);
  });

  test("a job with fields the schema refuses is answered as a 400 page, and nothing is listed", async () => {
    const refused = await postJob(jobForm({ jobTitle: "Refused without scripts", skills: "", minPrice: "lots" }));
    await expectRefusedPage(refused, 400, "Your job was not posted");
    expect(await listingsTitled("Refused without scripts")).toEqual([]);
  });

  test("without a session the post goes to sign in first, and nothing is listed", async () => {
    const sent = await postJob(jobForm({ jobTitle: "Posted signed out" }), "");
    expect(sent.headers.get("location")).toBe("/login?from=%2Fpost-job");
    expect(await listingsTitled("Posted signed out")).toEqual([]);
  });

  test("the API's daily limit holds jobs posted without JavaScript", async () => {
    const limited = await startTestServer({ engine, env: { POSTS_PER_DAY: "1" } });
    try {
      const poster = await signUp(limited.url);
      const post = (title: string) =>
        postForm(`${limited.url}/post-job`, jobForm({ jobTitle: title }), freshIp(), poster.cookie);
      expect((await post("First of the day")).headers.get("location")).toBe("/my-job?posted=published");
      await expectRefusedPage(await post("Second of the day"), 429, "listings a day");
      const stored = await limited.services.database.db
        .select({ n: count() })
        .from(jobs)
        .where(eq(jobs.title, "Second of the day"));
      expect(stored[0]?.n).toBe(0);
    } finally {
      await limited.close();
    }
  });

  test("an employer's listing is updated by the edit form sent without JavaScript, and no one else's is", async () => {
    await postJob(jobForm({ jobTitle: "Before the edit" }));
    const [row] = await server.services.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.title, "Before the edit"));
    const id = row?.id ?? "";
    const edited = await postForm(
      `${server.url}/edit-job/${id}`,
      jobForm({ jobTitle: "After the edit" }),
      freshIp(),
      employer.cookie,
    );
    expect(edited.headers.get("location")).toBe("/my-job?updated");
    expect(await listingsTitled("After the edit")).toHaveLength(1);

    const stranger = await signUp(server.url);
    const refused = await postForm(
      `${server.url}/edit-job/${id}`,
      jobForm({ jobTitle: "Taken over" }),
      freshIp(),
      stranger.cookie,
    );
    await expectRefusedPage(refused, 403, "Your job was not updated");
    expect(await listingsTitled("Taken over")).toEqual([]);
  });
});

describe.each(engines)("resetting a password without JavaScript on %s", (engine) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  let sender: { stop: () => Promise<void> };

  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    server = await startTestServer({
      engine,
      env: { TRUSTED_PROXY_HEADER: "x-forwarded-for", SMTP_URL: smtp.url, ACCOUNT_MAIL_RATE_LIMIT_MAX: "2" },
    });
    const { db } = server.services.database;
    sender = startMailSender({ db, env: server.services.env, logger: server.services.logger, pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.stop();
  });

  const forgot = (fields: Record<string, string>, ip = freshIp()) =>
    postForm(`${server.url}/forgot-password`, { website: "", ...fields }, ip);
  const reset = (fields: Record<string, string>, ip = freshIp()) =>
    postForm(`${server.url}/reset-password`, fields, ip);
  const queuedFor = (email: string) =>
    server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const signInStatus = async (email: string, password: string) =>
    (await api(server.url, "/api/auth/sign-in/email", { method: "POST", body: { email, password } })).status;

  /** The reset mail as the SMTP server received it, and the token its link hands the reset page. */
  async function mailedToken(email: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mail = smtp.mails.find((m) => m.envelopeTo.includes(email) && m.headers.subject === "Reset your password");
      if (mail) {
        const link = mail.text.match(/https?:\/\/\S+reset-password\/\S+/)?.[0] ?? "";
        const landing = await fetch(link, { redirect: "manual" });
        const location = new URL(landing.headers.get("location") ?? "", server.url);
        expect(location.pathname).toBe("/reset-password");
        return location.searchParams.get("token") ?? "";
      }
      if (Date.now() > deadline) throw new Error(`no reset mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test("a forgot-password form posted to its page's path mails the reset link, and the browser goes to the page saying so", async () => {
    const member = await signUp(server.url);
    const sent = await forgot({ email: member.email });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/forgot-password?sent");
    expect(await mailedToken(member.email)).not.toBe("");
  });

  test("an address with no account gets the same answer as one with an account, and no mail", async () => {
    const member = await signUp(server.url);
    const stranger = uniqueEmail("nobody");
    const [known, unknown] = [await forgot({ email: member.email }), await forgot({ email: stranger })];
    expect([unknown.status, unknown.headers.get("location")]).toEqual([known.status, known.headers.get("location")]);
    expect(await unknown.text()).toBe(await known.text());
    expect(unknown.headers.getSetCookie()).toEqual(known.headers.getSetCookie());
    expect(await queuedFor(stranger)).toEqual([]);
    expect(await queuedFor(member.email)).toHaveLength(1);
  });

  test("with the honeypot filled, a forgot-password post is answered like a success and mails nothing", async () => {
    const member = await signUp(server.url);
    const sent = await forgot({ email: member.email, website: "https://spam.example" });
    expect(sent.headers.get("location")).toBe("/forgot-password?sent");
    expect(await queuedFor(member.email)).toEqual([]);
  });

  test("a forgot-password post without a valid address is answered as a 400 page asking for it, and mails nothing", async () => {
    await expectRefusedPage(
      await forgot({ email: "not-an-address" }),
      400,
      "Enter the email address you signed up with.",
    );
    expect(await queuedFor("not-an-address")).toEqual([]);
  });

  test("a new password posted without JavaScript with the mailed token changes the password: the new one signs in, the old one does not", async () => {
    const member = await signUp(server.url);
    await forgot({ email: member.email });
    const token = await mailedToken(member.email);
    const changed = await reset({ token, password: "a brand new passphrase" });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/reset-password?done");
    expect(await signInStatus(member.email, "a brand new passphrase")).toBe(200);
    expect(await signInStatus(member.email, member.password)).toBe(401);

    // The link works once.
    const again = await reset({ token, password: "yet another passphrase" });
    await expectRefusedPage(again, 400, "This link has expired or was already used. Ask for a new one.");
    expect(await signInStatus(member.email, "a brand new passphrase")).toBe(200);
  });

  test("a reset with a forged token, or a password too short, is answered as a 400 page with its words, and the password stays", async () => {
    const member = await signUp(server.url);
    const forged = await reset({ token: "forged-token-value", password: "a brand new passphrase" });
    await expectRefusedPage(forged, 400, "This link has expired or was already used. Ask for a new one.");

    await forgot({ email: member.email });
    const token = await mailedToken(member.email);
    const short = await reset({ token, password: "short" });
    await expectRefusedPage(short, 400, "The password must have at least 8 characters.");
    expect(await signInStatus(member.email, member.password)).toBe(200);
  });

  test("a forgot-password or reset form posted from another site is refused with a 403 page, and nothing is mailed or changed", async () => {
    const member = await signUp(server.url);
    const forged = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": freshIp(),
          origin: "https://elsewhere.example",
        },
        body: new URLSearchParams(fields),
      });
    const board = `This board&#39;s address is ${server.env.PUBLIC_URL}: open it there to reset your password.`;
    await expectRefusedPage(
      await forged("/forgot-password", { email: member.email }),
      403,
      "This form was not sent",
      board,
    );
    expect(await queuedFor(member.email)).toEqual([]);

    await forgot({ email: member.email });
    const token = await mailedToken(member.email);
    const taken = await forged("/reset-password", { token, password: "chosen by someone else" });
    await expectRefusedPage(taken, 403, "This form was not sent", board);
    expect(await signInStatus(member.email, member.password)).toBe(200);
  });

  test("better-auth's per-address mail limit holds forgot-password posts sent without JavaScript", async () => {
    const ip = freshIp();
    const [first, second, third] = [uniqueEmail("nojs"), uniqueEmail("nojs"), uniqueEmail("nojs")];
    expect((await forgot({ email: first }, ip)).headers.get("location")).toBe("/forgot-password?sent");
    expect((await forgot({ email: second }, ip)).headers.get("location")).toBe("/forgot-password?sent");
    const limited = await forgot({ email: third }, ip);
    await expectRefusedPage(limited, 429, "Too many attempts from your network. Try again in");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
