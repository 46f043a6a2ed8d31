import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs, mailOutbox, moderationEvents, session, user } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

type Actor = "anonymous" | "employer" | "owner" | "suspended" | "admin";

// Every admin route and API, for every kind of visitor: only an admin succeeds; everyone else gets a 404 and
// nothing changes (ADR 0011).
describe.each(engines)("admin authorisation matrix on %s", (engine) => {
  let server: TestServer;
  const sessions = {} as Record<Exclude<Actor, "anonymous">, Session>;
  let pendingId: string;
  let publishedId: string;
  let ownerId: string;

  const db = () => server.services.database.db;
  const snapshot = async () => ({
    statuses: await db()
      .select({ id: jobs.id, status: jobs.status, reason: jobs.statusReason })
      .from(jobs)
      .orderBy(jobs.id),
    suspended: await db().select({ id: user.id, at: user.suspendedAt }).from(user).orderBy(user.id),
    sessions: (await db().select({ n: count() }).from(session))[0]?.n,
    events: (await db().select({ n: count() }).from(moderationEvents))[0]?.n,
    mails: (await db().select({ n: count() }).from(mailOutbox))[0]?.n,
  });

  beforeAll(async () => {
    server = await startTestServer({ engine, pages: true, env: { MODERATION: "first" } });
    const [owner, employer, admin, suspended] = await Promise.all([
      signUp(server.url, { name: "Owner" }),
      signUp(server.url, { name: "Employer" }),
      signUp(server.url, { name: "Admin" }),
      signUp(server.url, { name: "Suspended admin" }),
    ]);
    Object.assign(sessions, { owner, employer, admin, suspended });
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
    await enrolSecondFactor(server.url, admin);
    // A granted admin, suspended with a session still alive: the suspension alone must take the admin rights away.
    await server.services.moderation.setAdmin({ email: suspended.email, admin: true });
    await db().update(user).set({ suspendedAt: new Date() }).where(eq(user.email, suspended.email));
    pendingId = (
      await api(server.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle: "Waiting" }),
        session: owner,
      })
    ).json.insertedId;
    publishedId = (
      await api(server.url, "/api/post-job", { method: "POST", body: validJob({ jobTitle: "Live" }), session: owner })
    ).json.insertedId;
    await db().update(jobs).set({ status: "published" }).where(eq(jobs.id, publishedId));
    ownerId = (await db().select({ id: user.id }).from(user).where(eq(user.email, owner.email)))[0]!.id;
    await api(server.url, "/api/sendEmail", {
      method: "POST",
      body: { name: "Waiting Visitor", email: "v@example.com", message: "Waiting for a reply" },
    });
  });
  afterAll(() => server.close());

  const headersOf = (actor: Actor): Record<string, string> =>
    actor === "anonymous" ? {} : { cookie: sessions[actor].cookie };

  const reads = () => [
    { name: "GET /admin", path: "/admin", page: true },
    { name: "GET /admin/jobs/:id", path: `/admin/jobs/${pendingId}`, page: true },
    { name: "GET /api/admin/queue", path: "/api/admin/queue", page: false },
    { name: "GET /api/admin/jobs/:id", path: `/api/admin/jobs/${pendingId}`, page: false },
    { name: "GET /admin/messages", path: "/admin/messages", page: true },
    { name: "GET /api/admin/contact-messages", path: "/api/admin/contact-messages", page: false },
  ];
  const writes = () => [
    { name: "approve", path: `/api/admin/jobs/${pendingId}/approve`, body: {} },
    { name: "reject", path: `/api/admin/jobs/${pendingId}/reject`, body: { reason: "No" } },
    { name: "hide", path: `/api/admin/jobs/${publishedId}/hide`, body: { reason: "Hmm" } },
    { name: "restore", path: `/api/admin/jobs/${publishedId}/restore`, body: {} },
    { name: "suspend", path: `/api/admin/users/${ownerId}/suspend`, body: { reason: "Spam" } },
    { name: "lift-suspension", path: `/api/admin/users/${ownerId}/lift-suspension`, body: {} },
    { name: "a malformed body", path: `/api/admin/jobs/${pendingId}/approve`, body: "{not json" },
  ];

  const who = (actor: Actor) =>
    ({
      anonymous: "an anonymous visitor",
      employer: "another employer",
      owner: "the listing's owner",
      suspended: "a suspended admin",
      admin: "an admin",
    })[actor];

  for (const actor of ["anonymous", "employer", "owner", "suspended"] as const) {
    test(`${who(actor)} gets 404 from every admin page and API read`, async () => {
      for (const read of reads()) {
        const response = await fetch(`${server.url}${read.path}`, { headers: headersOf(actor) });
        expect(response.status, read.name).toBe(404);
        const body = await response.text();
        expect(body, read.name).not.toContain("Waiting");
      }
    });

    test(`${who(actor)} gets 404 from every admin decision and nothing changes`, async () => {
      const before = await snapshot();
      for (const write of writes()) {
        const { status, json } = await api(server.url, write.path, {
          method: "POST",
          body: write.body,
          headers: headersOf(actor),
        });
        expect(status, write.name).toBe(404);
        expect(json.error.code, write.name).toBe("NOT_FOUND");
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  test("an admin reads every admin page and API", async () => {
    for (const read of reads()) {
      const response = await fetch(`${server.url}${read.path}`, { headers: headersOf("admin") });
      expect(response.status, read.name).toBe(200);
      expect(await response.text(), read.name).toContain("Waiting");
    }
  });

  test("an admin's decisions succeed, each recorded once, and a malformed body is a 400 that changes nothing", async () => {
    const before = (await snapshot()).events ?? 0;
    for (const write of writes().slice(0, 6)) {
      const { status } = await api(server.url, write.path, {
        method: "POST",
        body: write.body,
        headers: headersOf("admin"),
      });
      expect(status, write.name).toBe(200);
    }
    // approve, reject, hide, restore; the suspension hid the owner's published listing and its lifting restored it.
    expect((await snapshot()).events).toBe(before + 6);
    const unchanged = await snapshot();
    const malformed = writes()[6]!;
    const { status } = await api(server.url, malformed.path, {
      method: "POST",
      body: malformed.body,
      headers: headersOf("admin"),
    });
    expect(status).toBe(400);
    expect(await snapshot()).toEqual(unchanged);
  });
});
