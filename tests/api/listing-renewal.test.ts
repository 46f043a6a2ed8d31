import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "#server/auth.ts";
import { jobs, mailOutbox } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const DAY_MS = 86_400_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const dateDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describe.each(engines)("expiry reminders and renewal on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let other: Session;

  const db = () => server.services.database.db;

  async function postListing(daysAgo: number, title = "Frontend Developer", overrides: Record<string, unknown> = {}) {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: title, postingDate: dateDaysAgo(daysAgo), ...overrides }),
      session: owner,
    });
    expect(status).toBe(201);
    return json.insertedId as string;
  }

  const remindersOf = (id: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `expiry-reminder:${id}:%`));

  const postingDateOf = async (id: string) =>
    (await db().select({ postingDate: jobs.postingDate }).from(jobs).where(eq(jobs.id, id)))[0]?.postingDate;

  const renewLinkIn = (text: string) => text.match(new RegExp(`${server.url}/renew/[A-Za-z0-9_.-]+`))?.[0] as string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    [owner, other] = await Promise.all([signUp(server.url, { name: "Owner" }), signUp(server.url, { name: "Other" })]);
  });
  afterAll(() => server.close());

  test("a listing in its last 3 days is mailed one reminder with what it earned and a renew link, however many passes run", async () => {
    const id = await postListing(28, "Reminded Role");
    server.services.stats.countViewOfPage({
      jobId: id,
      request: new Request(server.url, { headers: { [CLIENT_IP_HEADER]: "198.51.100.20", "user-agent": BROWSER } }),
    });
    await server.services.stats.flush();
    await server.services.renewals.sendDueReminders();
    await server.services.renewals.sendDueReminders();
    const mails = await remindersOf(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(owner.email);
    // The date written as the board writes its dates everywhere (spec: MMMM DD, YYYY).
    expect(mails[0]?.subject).toMatch(/^Your listing Reminded Role expires on [A-Z][a-z]+ \d{2}, \d{4}$/);
    expect(mails[0]?.textBody).toContain("Views of the job page: 1");
    expect(mails[0]?.textBody).toContain("Renew for 30 more days: ");
    expect(renewLinkIn(mails[0]?.textBody ?? "")).toBeTruthy();
  });

  test("a listing with more than 3 days left is not reminded yet", async () => {
    const id = await postListing(20);
    await server.services.renewals.sendDueReminders();
    expect(await remindersOf(id)).toHaveLength(0);
  });

  test("the reminder's link shows the listing without changing it, then renews it once; a second press answers 410", async () => {
    const id = await postListing(28, "Renewed By Mail");
    await server.services.renewals.sendDueReminders();
    const [mail] = await remindersOf(id);
    const link = renewLinkIn(mail?.textBody ?? "");
    const before = await postingDateOf(id);

    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Renew for 30 more days");
    expect(await postingDateOf(id)).toEqual(before);

    const renewed = await fetch(link, { method: "POST" });
    expect(renewed.status).toBe(200);
    expect(await renewed.text()).toContain("is renewed");
    const after = await postingDateOf(id);
    expect(Math.abs((after?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const again = await fetch(link, { method: "POST" });
    expect(again.status).toBe(410);
    expect(await postingDateOf(id)).toEqual(after);
    expect((await fetch(link)).status).toBe(410);
  });

  test("a renewed listing keeps its id, stats and applications, shows in search again, and is reminded again for its new date", async () => {
    const id = await postListing(28, "Back Again Role", { applyMethod: "board" });
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Asha", email: "asha-renewal@example.com", consent: "on" }))
      form.set(name, value);
    form.set("cv", new Blob([new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n"))]), "cv.pdf");
    expect((await fetch(`${server.url}/api/jobs/${id}/applications`, { method: "POST", body: form })).status).toBe(201);
    // Expired five days ago: a listing cannot be posted with that date, so it is aged in the database.
    await db()
      .update(jobs)
      .set({ postingDate: new Date(Date.now() - 35 * DAY_MS) })
      .where(eq(jobs.id, id));
    server.services.stats.countViewOfPage({
      jobId: id,
      request: new Request(server.url, { headers: { [CLIENT_IP_HEADER]: "198.51.100.21", "user-agent": BROWSER } }),
    });
    await server.services.stats.flush();
    expect((await api(server.url, "/api/jobs?search=Back%20Again%20Role")).json).toHaveLength(0);

    const renewed = await api(server.url, `/api/jobs/${id}/renew`, { method: "POST", session: owner });
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.json.expiresAt) - Date.parse(renewed.json.postingDate)).toBe(30 * DAY_MS);
    const found = (await api(server.url, "/api/jobs?search=Back%20Again%20Role")).json;
    expect(found.map((job: { _id: string }) => job._id)).toEqual([id]);
    const { totals } = (await api(server.url, `/api/jobs/${id}/stats`, { session: owner })).json;
    expect(totals).toMatchObject({ views: 1, applications: 1 });

    await server.services.renewals.sendDueReminders({ now: new Date(Date.now() + 28 * DAY_MS) });
    expect(await remindersOf(id)).toHaveLength(1);
  });

  test("an owner cannot renew a listing with more than 3 days left, nor another employer's, and nothing changes", async () => {
    const fresh = await postListing(5);
    const ending = await postListing(29);
    const freshBefore = await postingDateOf(fresh);
    const early = await api(server.url, `/api/jobs/${fresh}/renew`, { method: "POST", session: owner });
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("CONFLICT");
    expect(await postingDateOf(fresh)).toEqual(freshBefore);
    const endingBefore = await postingDateOf(ending);
    expect((await api(server.url, `/api/jobs/${ending}/renew`, { method: "POST", session: other })).status).toBe(403);
    expect((await api(server.url, `/api/jobs/${ending}/renew`, { method: "POST" })).status).toBe(401);
    expect(await postingDateOf(ending)).toEqual(endingBefore);
  });

  test("an expired listing's other openings are its own company's, not another employer's company of the same name", async () => {
    const expired = await postListing(10, "Expired Role", { companyName: "Twin Name Co" });
    const live = await postListing(2, "Live Role", { companyName: "Twin Name Co" });
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: "Rival Role", companyName: "twin name co", postingDate: dateDaysAgo(1) }),
      session: other,
    });
    expect(status).toBe(201);
    await db()
      .update(jobs)
      .set({ postingDate: new Date(Date.now() - 40 * DAY_MS) })
      .where(eq(jobs.id, expired));
    const [{ companyId } = { companyId: "" }] = await db()
      .select({ companyId: jobs.companyId })
      .from(jobs)
      .where(eq(jobs.id, expired));
    const openings = await server.services.jobs.listOtherOpenings({ companyId, exceptId: expired });
    expect(openings.map((job) => job._id)).toEqual([live]);
    expect(openings.map((job) => job._id)).not.toContain(json.insertedId);
  });

  test("an expired renewal link, or one whose signature was changed, renews nothing", async () => {
    const id = await postListing(28);
    await server.services.renewals.sendDueReminders();
    const link = renewLinkIn((await remindersOf(id))[0]?.textBody ?? "");
    const token = link.split("/").at(-1) as string;
    const before = await postingDateOf(id);
    const later = new Date(Date.now() + 11 * DAY_MS);
    expect(await server.services.renewals.renewByToken({ token, now: later })).toBeUndefined();
    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await fetch(`${server.url}/renew/${forged}`, { method: "POST" })).status).toBe(410);
    expect(await postingDateOf(id)).toEqual(before);
  });

  test.runIf(engine === "postgres")(
    "while another instance runs the reminder pass, this one skips it and mails nothing",
    async () => {
      const id = await postListing(28);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const other = db().transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(727032, 0)`);
        locked();
        await held;
      });
      await lockTaken;
      expect(await server.services.renewals.sendDueReminders()).toBeNull();
      expect(await remindersOf(id)).toHaveLength(0);
      release();
      await other;
      expect(await server.services.renewals.sendDueReminders()).toBeGreaterThan(0);
      expect(await remindersOf(id)).toHaveLength(1);
    },
  );
});
