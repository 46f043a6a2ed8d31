import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(engines)("jobs API authorisation on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let other: Session;
  let jobId: string;

  const db = () => server.services.database.db;
  const row = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];
  const rowCount = async () => (await db().select({ n: count() }).from(jobs))[0]?.n;
  const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    [owner, other] = await Promise.all([signUp(server.url, { name: "Owner" }), signUp(server.url, { name: "Other" })]);
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(),
      session: owner,
    });
    expect(status).toBe(201);
    jobId = json.insertedId;
  });

  test("a signed-in user posts a job and gets acknowledged with the new id", async () => {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: "Platform Engineer" }),
      session: owner,
    });
    expect(status).toBe(201);
    expect(json).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "published",
      awaitingVerification: false,
    });
    const stored = await row(json.insertedId);
    expect(stored?.title).toBe("Platform Engineer");
    expect(stored?.postedByEmail).toBe(owner.email);
  });

  test("an anonymous visitor cannot post a job and nothing is written", async () => {
    const before = await rowCount();
    const { status, json } = await api(server.url, "/api/post-job", { method: "POST", body: validJob() });
    expect(status).toBe(401);
    expect(json.error.code).toBe("UNAUTHENTICATED");
    expect(await rowCount()).toBe(before);
  });

  test("an anonymous visitor cannot update a job and the row is unchanged", async () => {
    const before = await row(jobId);
    const { status, json } = await api(server.url, `/api/update-job/${jobId}`, {
      method: "PATCH",
      body: { jobTitle: "Hijacked" },
    });
    expect(status).toBe(401);
    expect(json.error.code).toBe("UNAUTHENTICATED");
    expect(await row(jobId)).toEqual(before);
  });

  test("an anonymous visitor cannot delete a job and the row is still there", async () => {
    const before = await row(jobId);
    const { status, json } = await api(server.url, `/api/job/${jobId}`, { method: "DELETE" });
    expect(status).toBe(401);
    expect(json.error.code).toBe("UNAUTHENTICATED");
    expect(await row(jobId)).toEqual(before);
  });

  test("an anonymous visitor cannot list anyone's jobs", async () => {
    const { status, json } = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email)}`);
    expect(status).toBe(401);
    expect(json.error.code).toBe("UNAUTHENTICATED");
  });

  test("the owner updates their job and gets matchedCount 1 and modifiedCount 1", async () => {
    const { status, json } = await api(server.url, `/api/update-job/${jobId}`, {
      method: "PATCH",
      body: { jobTitle: "Staff Frontend Developer" },
      session: owner,
    });
    expect(status).toBe(200);
    expect(json).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, status: "published" });
    expect((await row(jobId))?.title).toBe("Staff Frontend Developer");
  });

  test("another signed-in user cannot update the job: 403 and the row is unchanged", async () => {
    const before = await row(jobId);
    const { status, json } = await api(server.url, `/api/update-job/${jobId}`, {
      method: "PATCH",
      body: validJob({ jobTitle: "Hijacked" }),
      session: other,
    });
    expect(status).toBe(403);
    expect(json.error.code).toBe("FORBIDDEN");
    expect(await row(jobId)).toEqual(before);
  });

  test("the owner deletes their job and gets deletedCount 1, after which it is gone", async () => {
    const { status, json } = await api(server.url, `/api/job/${jobId}`, { method: "DELETE", session: owner });
    expect(status).toBe(200);
    expect(json).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await row(jobId)).toBeUndefined();
    expect((await api(server.url, `/api/all-jobs/${jobId}`)).status).toBe(404);
    const again = await api(server.url, `/api/job/${jobId}`, { method: "DELETE", session: owner });
    expect(again.status).toBe(404);
    expect(again.json.error.code).toBe("NOT_FOUND");
  });

  test("another signed-in user cannot delete the job: 403 and the row is still there", async () => {
    const before = await row(jobId);
    const { status, json } = await api(server.url, `/api/job/${jobId}`, { method: "DELETE", session: other });
    expect(status).toBe(403);
    expect(json.error.code).toBe("FORBIDDEN");
    expect(await row(jobId)).toEqual(before);
  });

  test("the owner lists their own jobs by email, expired ones included", async () => {
    const owned = await row(jobId);
    const expired = {
      ...syntheticJob(1, new Date()),
      title: "Long Gone Listing",
      postingDate: new Date(Date.now() - 45 * DAY),
    };
    await insertJobsBulk(db(), [{ ...expired, ownerId: owned?.ownerId ?? null, postedByEmail: owner.email }]);
    const { status, json } = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, {
      session: owner,
    });
    expect(status).toBe(200);
    const mine = json as { _id: string; jobTitle: string; postedByEmail: string }[];
    expect(mine.map((job) => job._id)).toContain(jobId);
    expect(mine.map((job) => job.jobTitle)).toContain("Long Gone Listing");
    expect(mine.every((job) => job.postedByEmail === owner.email)).toBe(true);
  });

  test("myJobs matches the session's email whatever its case", async () => {
    const { status, json } = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email.toUpperCase())}`, {
      session: owner,
    });
    expect(status).toBe(200);
    expect(json.map((job: { _id: string }) => job._id)).toContain(jobId);
  });

  test("another signed-in user cannot list the owner's jobs", async () => {
    const { status, json } = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, {
      session: other,
    });
    expect(status).toBe(403);
    expect(json.error.code).toBe("FORBIDDEN");
  });

  test("another signed-in user's own list does not include the owner's jobs", async () => {
    const { status, json } = await api(server.url, `/api/myJobs/${encodeURIComponent(other.email)}`, {
      session: other,
    });
    expect(status).toBe(200);
    expect(json.map((job: { _id: string }) => job._id)).not.toContain(jobId);
    expect(json.every((job: { postedByEmail: string }) => job.postedByEmail === other.email)).toBe(true);
  });

  test("any signed-in user may post, and the job is theirs alone to change", async () => {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(),
      session: other,
    });
    expect(status).toBe(201);
    const before = await row(json.insertedId);
    expect(before?.postedByEmail).toBe(other.email);
    expect(
      (
        await api(server.url, `/api/update-job/${json.insertedId}`, {
          method: "PATCH",
          body: { jobTitle: "x" },
          session: owner,
        })
      ).status,
    ).toBe(403);
    expect((await api(server.url, `/api/job/${json.insertedId}`, { method: "DELETE", session: owner })).status).toBe(
      403,
    );
    expect(await row(json.insertedId)).toEqual(before);
    const theirs = await api(server.url, `/api/myJobs/${encodeURIComponent(other.email)}`, { session: other });
    expect(theirs.json.map((job: { _id: string }) => job._id)).toEqual([json.insertedId]);
  });

  test("postedByEmail on a new job is the session's email whatever the body says", async () => {
    const { json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ postedByEmail: other.email }),
      session: owner,
    });
    expect((await row(json.insertedId))?.postedByEmail).toBe(owner.email);
    const read = await api(server.url, `/api/all-jobs/${json.insertedId}`);
    expect(read.json.postedByEmail).toBe(owner.email);
  });

  test("an update cannot change postedByEmail to someone else's", async () => {
    const { status } = await api(server.url, `/api/update-job/${jobId}`, {
      method: "PATCH",
      body: { postedByEmail: other.email, jobTitle: "Renamed" },
      session: owner,
    });
    expect(status).toBe(200);
    const stored = await row(jobId);
    expect(stored?.title).toBe("Renamed");
    expect(stored?.postedByEmail).toBe(owner.email);
  });

  test("a bearer token from sign-up posts, updates, lists and deletes without a cookie", async () => {
    expect(owner.token).not.toBe("");
    const posted = await api(server.url, "/api/post-job", { method: "POST", body: validJob(), headers: bearer(owner) });
    expect(posted.status).toBe(201);
    const id = posted.json.insertedId;
    expect((await row(id))?.postedByEmail).toBe(owner.email);

    const updated = await api(server.url, `/api/update-job/${id}`, {
      method: "PATCH",
      body: { jobTitle: "Bearer Title" },
      headers: bearer(owner),
    });
    expect(updated.json).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, status: "published" });

    const mine = await api(server.url, `/api/myJobs/${encodeURIComponent(owner.email)}`, { headers: bearer(owner) });
    expect(mine.status).toBe(200);
    expect(mine.json.map((job: { _id: string }) => job._id)).toContain(id);

    const deleted = await api(server.url, `/api/job/${id}`, { method: "DELETE", headers: bearer(owner) });
    expect(deleted.json).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  test("another user's bearer token cannot update or delete the owner's job", async () => {
    const before = await row(jobId);
    const updated = await api(server.url, `/api/update-job/${jobId}`, {
      method: "PATCH",
      body: { jobTitle: "Hijacked" },
      headers: bearer(other),
    });
    expect(updated.status).toBe(403);
    const deleted = await api(server.url, `/api/job/${jobId}`, { method: "DELETE", headers: bearer(other) });
    expect(deleted.status).toBe(403);
    expect(await row(jobId)).toEqual(before);
  });

  test("a made-up bearer token is treated as signed out and nothing is written", async () => {
    const before = await rowCount();
    const { status } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(),
      headers: { authorization: "Bearer not-a-real-token" },
    });
    expect(status).toBe(401);
    expect(await rowCount()).toBe(before);
  });

  test("after signing out the old session cookie can no longer write", async () => {
    const leaving = await signUp(server.url, { name: "Leaving" });
    const signOut = await api(server.url, "/api/auth/sign-out", { method: "POST", body: {}, session: leaving });
    expect(signOut.status).toBe(200);
    const before = await rowCount();
    const { status } = await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: leaving });
    expect(status).toBe(401);
    expect(await rowCount()).toBe(before);
  });
});
