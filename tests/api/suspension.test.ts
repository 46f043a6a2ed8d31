import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs, user } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("suspending an account on %s", (engine) => {
  let server: TestServer;
  let admin: Session;

  const db = () => server.services.database.db;
  const idOf = async (session: Session) =>
    (await db().select({ id: user.id }).from(user).where(eq(user.email, session.email)))[0]!.id;
  const post = async (session: Session, jobTitle: string) =>
    (
      await api(server.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle, postingDate: new Date().toISOString().slice(0, 10) }),
        session,
      })
    ).json.insertedId as string;
  const searchTitles = async (text: string) =>
    ((await api(server.url, `/api/jobs?search=${encodeURIComponent(text)}`)).json as { jobTitle: string }[]).map(
      (job) => job.jobTitle,
    );
  const signIn = (session: Session) =>
    api(server.url, "/api/auth/sign-in/email", {
      method: "POST",
      body: { email: session.email, password: session.password },
    });
  const sessionEmail = async (session: Session) =>
    (await api(server.url, "/api/auth/get-session", { session })).json?.user?.email ?? null;
  const suspend = (by: Session | undefined, userId: string, reason?: string) =>
    api(server.url, `/api/admin/users/${userId}/suspend`, {
      method: "POST",
      body: reason === undefined ? {} : { reason },
      session: by,
    });
  const lift = (by: Session | undefined, userId: string) =>
    api(server.url, `/api/admin/users/${userId}/lift-suspension`, { method: "POST", body: {}, session: by });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await signUp(server.url, { name: "Admin" });
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    await enrolSecondFactor(server.url, admin);
  });
  afterAll(() => server.close());

  test("a suspended account's sessions end, its sign-ins are refused and its listings are hidden; lifting it undoes that", async () => {
    const spammer = await signUp(server.url, { name: "Spammer" });
    const first = await post(spammer, "Suspended spam one");
    await post(spammer, "Suspended spam two");
    const otherReason = await post(spammer, "Suspended spam three");
    await api(server.url, `/api/admin/jobs/${otherReason}/hide`, {
      method: "POST",
      body: { reason: "Duplicate" },
      session: admin,
    });
    const userId = await idOf(spammer);

    const { status, json } = await suspend(admin, userId, "Posts fake jobs");
    expect(status).toBe(200);
    expect(json).toEqual({ acknowledged: true, hiddenListings: 2 });
    expect(await sessionEmail(spammer)).toBeNull();
    const refused = await signIn(spammer);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("This account is suspended. Contact us if you think this is a mistake.");
    expect(await searchTitles("Suspended spam")).toEqual([]);
    const review = await api(server.url, `/api/admin/jobs/${first}`, { session: admin });
    expect(review.json.owner).toMatchObject({ id: userId, suspended: true });
    expect(review.json.history.at(-1)).toMatchObject({
      action: "hide",
      actorEmail: admin.email,
      reason: "Account suspended: Posts fake jobs",
    });

    expect((await lift(admin, userId)).json).toEqual({ acknowledged: true, restoredListings: 2 });
    expect((await signIn(spammer)).status).toBe(200);
    expect((await searchTitles("Suspended spam")).sort()).toEqual(["Suspended spam one", "Suspended spam two"]);
    // A listing an admin hid for its own reason stays hidden.
    expect((await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, otherReason)))[0]?.status).toBe(
      "hidden",
    );
  });

  test("a suspension needs a reason, an admin cannot suspend themselves, and a second suspension is a 404", async () => {
    const member = await signUp(server.url, { name: "Member" });
    const userId = await idOf(member);
    expect((await suspend(admin, userId)).status).toBe(400);
    expect((await suspend(admin, await idOf(admin), "Oops")).status).toBe(403);
    expect((await suspend(admin, userId, "Abuse")).status).toBe(200);
    expect((await suspend(admin, userId, "Abuse")).status).toBe(404);
    expect((await lift(admin, userId)).status).toBe(200);
    expect((await lift(admin, userId)).status).toBe(404);
  });

  test("anyone but an admin gets 404 from suspend and lift, and nothing changes", async () => {
    const member = await signUp(server.url, { name: "Target" });
    const other = await signUp(server.url, { name: "Other" });
    const userId = await idOf(member);
    for (const by of [undefined, other, member]) {
      expect((await suspend(by, userId, "Because")).status).toBe(404);
      expect((await lift(by, userId)).status).toBe(404);
    }
    expect(await sessionEmail(member)).toBe(member.email);
    expect((await db().select({ s: user.suspendedAt }).from(user).where(eq(user.id, userId)))[0]?.s).toBeNull();
  });

  test("a suspended admin is no admin: the old session is gone and the admin pages answer 404", async () => {
    const deputy = await signUp(server.url, { name: "Deputy" });
    await server.services.moderation.setAdmin({ email: deputy.email, admin: true });
    await enrolSecondFactor(server.url, deputy);
    expect((await api(server.url, "/api/admin/queue", { session: deputy })).status).toBe(200);
    expect((await suspend(admin, await idOf(deputy), "Left the company")).status).toBe(200);
    expect((await api(server.url, "/api/admin/queue", { session: deputy })).status).toBe(404);
    expect(
      (await api(server.url, "/api/admin/queue", { headers: { authorization: `Bearer ${deputy.token}` } })).status,
    ).toBe(404);
  });
});
