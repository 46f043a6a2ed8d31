import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runRetention } from "#server/applications.ts";
import { applications, jobs, user } from "#server/db/schema.ts";
import { pdfBytes } from "#tests/support/cv-files.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let ipCounter = 0;

describe.each(engines)("closing and reopening a listing on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let other: Session;

  const db = () => server.services.database.db;

  async function postListing(session: Session, title: string) {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: title, applyMethod: "board" }),
      session,
    });
    expect(status).toBe(201);
    return json.insertedId as string;
  }

  async function apply(id: string, name = "Meera Iyer") {
    const form = new FormData();
    form.set("name", name);
    form.set("email", `meera-${crypto.randomUUID().slice(0, 8)}@example.com`);
    form.set("consent", "on");
    form.set("cv", new Blob([new Uint8Array(pdfBytes())]), "meera-cv.pdf");
    const response = await fetch(`${server.url}/api/jobs/${id}/applications`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": `198.51.100.${++ipCounter}` },
    });
    return { status: response.status, json: await response.json() };
  }

  const close = (id: string, session?: Session) =>
    api(server.url, `/api/jobs/${id}/close`, { method: "POST", ...(session ? { session } : {}) });
  const reopen = (id: string, session?: Session) =>
    api(server.url, `/api/jobs/${id}/reopen`, { method: "POST", ...(session ? { session } : {}) });
  const searchFinds = async (title: string) =>
    (await api(server.url, `/api/jobs?search=${encodeURIComponent(title)}`)).json.some(
      (job: { jobTitle: string }) => job.jobTitle === title,
    );

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { TRUSTED_PROXY_HEADER: "x-forwarded-for" } });
    [owner, other] = await Promise.all([
      signUp(server.url, { name: "Closing Owner" }),
      signUp(server.url, { name: "Other employer" }),
    ]);
  });
  afterAll(() => server.close());

  test("a closed listing leaves the search and its page, takes no applications, and its owner keeps its applications", async () => {
    const id = await postListing(owner, "Closable Kotlin Developer");
    const { json: sent } = await apply(id);
    expect(await searchFinds("Closable Kotlin Developer")).toBe(true);

    const { status, json } = await close(id, owner);
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true, status: "closed" });

    expect(await searchFinds("Closable Kotlin Developer")).toBe(false);
    expect((await api(server.url, `/api/all-jobs/${id}`)).status).toBe(404);
    expect((await apply(id, "Too Late")).status).toBe(409);
    const inbox = await api(server.url, `/api/jobs/${id}/applications`, { session: owner });
    expect(inbox.status).toBe(200);
    expect(inbox.json.job.status).toBe("closed");
    expect(inbox.json.applications.map((a: { id: string }) => a.id)).toEqual([sent.id]);
    const cv = await fetch(`${server.url}/api/applications/${sent.id}/cv`, { headers: { cookie: owner.cookie } });
    expect(cv.status).toBe(200);
    const mine = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, { session: owner });
    expect(mine.json.find((job: { _id: string }) => job._id === id)).toMatchObject({ status: "closed" });
  });

  test("a reopened listing is back on the board with its applications, and takes new ones", async () => {
    const id = await postListing(owner, "Reopened Rust Developer");
    await apply(id);
    await close(id, owner);
    const { status, json } = await reopen(id, owner);
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true, status: "published" });
    expect(await searchFinds("Reopened Rust Developer")).toBe(true);
    expect((await apply(id, "Second Applicant")).status).toBe(201);
    const inbox = await api(server.url, `/api/jobs/${id}/applications`, { session: owner });
    expect(inbox.json.applications).toHaveLength(2);
    const [row] = await db().select({ closedAt: jobs.closedAt }).from(jobs).where(eq(jobs.id, id));
    expect(row?.closedAt).toBeNull();
  });

  test("another employer cannot close or reopen a listing, and a visitor must sign in", async () => {
    const id = await postListing(owner, "Guarded Listing");
    expect((await close(id, other)).status).toBe(403);
    expect((await close(id)).status).toBe(401);
    expect((await close("00000000-0000-4000-8000-000000000000", owner)).status).toBe(404);
    expect((await close("not-an-id", owner)).status).toBe(400);
    await close(id, owner);
    expect((await reopen(id, other)).status).toBe(403);
    const [row] = await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    expect(row?.status).toBe("closed");
  });

  test("only a published listing can be closed, and only a closed one reopened", async () => {
    const id = await postListing(owner, "Twice Closed Listing");
    expect((await reopen(id, owner)).status).toBe(409);
    await close(id, owner);
    const again = await close(id, owner);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: "CONFLICT", message: "Only a published listing can be closed" });
    await db().update(jobs).set({ status: "hidden", statusReason: "Reported" }).where(eq(jobs.id, id));
    expect((await reopen(id, owner)).status).toBe(409);
    const [row] = await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    expect(row?.status).toBe("hidden");
  });

  test("applications to a listing closed past the retention period are erased, and its count is kept", async () => {
    const recent = await postListing(owner, "Recently Closed Listing");
    const old = await postListing(owner, "Long Closed Listing");
    const { json: kept } = await apply(recent);
    const { json: gone } = await apply(old);
    await close(recent, owner);
    await close(old, owner);
    await db()
      .update(jobs)
      .set({ closedAt: sql`now() - interval '181 days'` })
      .where(eq(jobs.id, old));
    await runRetention(server.services.database, 180);
    const [erased] = await db().select().from(applications).where(eq(applications.id, gone.id));
    expect(erased).toMatchObject({ name: null, email: null, cv: null, erasedAt: expect.any(Date) });
    const [untouched] = await db().select().from(applications).where(eq(applications.id, kept.id));
    expect(untouched).toMatchObject({ name: "Meera Iyer", erasedAt: null });
    const inbox = await api(server.url, `/api/jobs/${old}/applications`, { session: owner });
    expect(inbox.json.applications).toHaveLength(1);
  });
});

describe.each(engines)("reopening where listings are reviewed on %s", (engine) => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { MODERATION: "all" } });
    owner = await signUp(server.url, { name: "Reviewed Owner" });
  });
  afterAll(() => server.close());

  test("a listing reopened by an employer whose edits are reviewed goes to review, not straight back on the board", async () => {
    const { json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: "Reviewed Reopening" }),
      session: owner,
    });
    const id = json.insertedId as string;
    const db = server.services.database.db;
    // Published before reviews began; the employer was never trusted.
    await db.update(jobs).set({ status: "published" }).where(eq(jobs.id, id));
    await db.update(user).set({ trustedAt: null }).where(eq(user.email, owner.email));
    expect((await api(server.url, `/api/jobs/${id}/close`, { method: "POST", session: owner })).status).toBe(200);
    const reopened = await api(server.url, `/api/jobs/${id}/reopen`, { method: "POST", session: owner });
    expect(reopened.json).toEqual({ ok: true, status: "pending" });
    expect((await api(server.url, `/api/all-jobs/${id}`)).status).toBe(404);
  });
});
