import { randomUUID } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import { jobStatsDaily, jobs, statsSalts, statsVisits } from "#server/db/schema.ts";
import { createStats, utcDay } from "#server/stats.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { enrolSecondFactor } from "#tests/support/second-factor.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(engines)("what each listing earned on %s", (engine) => {
  let server: TestServer;
  let owner: Session;
  let other: Session;
  let admin: Session;

  const db = () => server.services.database.db;

  async function postListing(overrides: Record<string, unknown> = {}) {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob(overrides),
      session: owner,
    });
    expect(status).toBe(201);
    return json.insertedId as string;
  }

  /** A view of the job page as its loader reports it: the address app.ts set, and the browser's user agent. */
  const view = (jobId: string, ip: string, userAgent: string | null = BROWSER) =>
    server.services.stats.countViewOfPage({
      jobId,
      request: new Request(`${server.url}/jobs/${jobId}`, {
        headers: { [CLIENT_IP_HEADER]: ip, ...(userAgent ? { "user-agent": userAgent } : {}) },
      }),
    });

  const clickApply = (jobId: string, ip: string, userAgent = BROWSER) =>
    fetch(`${server.url}/api/jobs/${jobId}/apply-click`, {
      method: "POST",
      headers: { "x-forwarded-for": ip, "user-agent": userAgent, "content-type": "text/ping" },
      body: "PING",
    });

  const statsOf = async (jobId: string, session: Session = owner) =>
    api(server.url, `/api/jobs/${jobId}/stats`, { session });

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { TRUSTED_PROXY_HEADER: "x-forwarded-for" } });
    [owner, other, admin] = await Promise.all([
      signUp(server.url, { name: "Owner" }),
      signUp(server.url, { name: "Other employer" }),
      signUp(server.url, { name: "Admin" }),
    ]);
    await server.services.moderation.setAdmin({ email: admin.email, admin: true });
  });
  afterAll(() => server.close());

  test("a person who opens a job page three times in a day is one view; a second person is another", async () => {
    const id = await postListing();
    view(id, "198.51.100.1");
    view(id, "198.51.100.1");
    view(id, "198.51.100.1");
    view(id, "198.51.100.2", PHONE);
    await server.services.stats.flush();
    const { status, json } = await statsOf(id);
    expect(status).toBe(200);
    expect(json.totals.views).toBe(2);
  });

  test("forty views from one address, each with another user agent, are one view", async () => {
    const id = await postListing();
    for (let i = 0; i < 40; i += 1) view(id, "198.51.100.40", `${BROWSER} Build/${i}`);
    await server.services.stats.flush();
    expect((await statsOf(id)).json.totals.views).toBe(1);
  });

  test("Apply clicks on ids no live listing has are 404 and write no visit key", async () => {
    const hidden = await postListing();
    await db().update(jobs).set({ status: "hidden" }).where(eq(jobs.id, hidden));
    const before = (await db().select().from(statsVisits)).length;
    for (const id of [...Array.from({ length: 20 }, () => randomUUID()), hidden, "not-a-uuid"]) {
      const response = await clickApply(id, "198.51.100.41");
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("NOT_FOUND");
    }
    await server.services.stats.flush();
    expect((await db().select().from(statsVisits)).length).toBe(before);
  });

  test("two hundred Apply clicks from one address on one listing, whatever their user agents, are one click and one visit key", async () => {
    const id = await postListing();
    const before = (await db().select().from(statsVisits)).length;
    for (let i = 0; i < 200; i += 1)
      expect((await clickApply(id, "198.51.100.42", `${BROWSER} Build/${i}`)).status).toBe(200);
    await server.services.stats.flush();
    expect((await statsOf(id)).json.totals.applyClicks).toBe(1);
    expect((await db().select().from(statsVisits)).length).toBe(before + 1);
  });

  test("a crawler, and a request without a user agent, are not counted as views", async () => {
    const id = await postListing();
    view(id, "198.51.100.3", CRAWLER);
    view(id, "198.51.100.4", null);
    await server.services.stats.flush();
    expect((await statsOf(id)).json.totals.views).toBe(0);
  });

  test("clicks on Apply are counted once per person and day through the link's ping, and a bot's click is not", async () => {
    const id = await postListing();
    for (const response of [
      await clickApply(id, "198.51.100.5"),
      await clickApply(id, "198.51.100.5"),
      await clickApply(id, "198.51.100.6"),
      await clickApply(id, "198.51.100.7", CRAWLER),
    ])
      expect(response.status).toBe(200);
    await server.services.stats.flush();
    expect((await statsOf(id)).json.totals.applyClicks).toBe(2);
  });

  test("each results page a listing appears on is an impression; a search by a script is not", async () => {
    const id = await postListing({ jobTitle: "Impression Counter Engineer" });
    for (let i = 0; i < 3; i += 1)
      await api(server.url, "/api/jobs?search=Impression%20Counter", { headers: { "user-agent": BROWSER } });
    await api(server.url, "/api/jobs?search=Impression%20Counter", { headers: { "user-agent": "curl/8.5.0" } });
    await server.services.stats.flush();
    expect((await statsOf(id)).json.totals.impressions).toBe(3);
  });

  test("counts are kept per day in one row per listing, and two server processes' flushes add up", async () => {
    const id = await postListing();
    const { env, jobs, applications } = server.services;
    const second = createStats({ db: db(), env, jobs, applications });
    view(id, "198.51.100.8");
    second.countViewOfPage({
      jobId: id,
      request: new Request(server.url, { headers: { [CLIENT_IP_HEADER]: "198.51.100.9", "user-agent": BROWSER } }),
    });
    await Promise.all([server.services.stats.flush(), second.flush()]);
    view(id, "198.51.100.10");
    await server.services.stats.flush();
    const rows = await db().select().from(jobStatsDaily).where(eq(jobStatsDaily.jobId, id));
    expect(rows).toEqual([{ jobId: id, day: utcDay(new Date()), views: 3, applyClicks: 0, impressions: 0 }]);
  });

  /** Another server process on the same database: its own memory, its own clock if given. */
  const anotherProcess = (options: { now?: () => Date; db?: Db } = {}) => {
    const { env, jobs, applications } = server.services;
    return createStats({ db: options.db ?? db(), env, jobs, applications, now: options.now });
  };
  const viewIn = (stats: ReturnType<typeof createStats>, jobId: string, ip: string, userAgent = BROWSER) =>
    stats.countViewOfPage({
      jobId,
      request: new Request(`${server.url}/jobs/${jobId}`, {
        headers: { [CLIENT_IP_HEADER]: ip, "user-agent": userAgent },
      }),
    });
  const rowsOf = (jobId: string) => db().select().from(jobStatsDaily).where(eq(jobStatsDaily.jobId, jobId));

  test("two server processes count one person's view once a day", async () => {
    const id = await postListing();
    const [first, second] = [anotherProcess(), anotherProcess()];
    viewIn(first, id, "198.51.100.20");
    viewIn(second, id, "198.51.100.20");
    await Promise.all([first.flush(), second.flush()]);
    viewIn(second, id, "198.51.100.20");
    await second.flush();
    expect((await statsOf(id)).json.totals.views).toBe(1);
  });

  test("two server processes count one person's Apply click once a day", async () => {
    const id = await postListing();
    const visitor = { clientIp: "198.51.100.21", userAgent: BROWSER };
    const [first, second] = [anotherProcess(), anotherProcess()];
    await first.countApplyClick({ jobId: id, visitor });
    await first.flush();
    await second.countApplyClick({ jobId: id, visitor });
    await second.flush();
    expect((await statsOf(id)).json.totals).toMatchObject({ views: 0, applyClicks: 1 });
  });

  test("a different person's view, seen by another server process, is counted", async () => {
    const id = await postListing();
    const [first, second] = [anotherProcess(), anotherProcess()];
    viewIn(first, id, "198.51.100.22");
    viewIn(second, id, "198.51.100.23");
    viewIn(second, id, "198.51.100.22", PHONE);
    await first.flush();
    await second.flush();
    expect((await statsOf(id)).json.totals.views).toBe(2);
  });

  test("a failed flush keeps its pending visits and stores none of their keys, so the next flush counts them once", async () => {
    const id = await postListing();
    const real = db();
    let failing = true;
    // The database as it is, but the flush's transaction is lost at its commit: everything it wrote rolls back.
    const flaky = Object.assign(Object.create(real) as Db, {
      transaction: (work: Parameters<Db["transaction"]>[0]) =>
        real.transaction(async (tx) => {
          const result = await work(tx);
          if (failing) throw new Error("the connection was lost");
          return result;
        }),
    });
    const stats = anotherProcess({ db: flaky });
    viewIn(stats, id, "198.51.100.24");
    viewIn(stats, id, "198.51.100.25");
    await expect(stats.flush()).rejects.toThrow("the connection was lost");
    expect(await rowsOf(id)).toEqual([]);
    failing = false;
    viewIn(stats, id, "198.51.100.24");
    expect(await stats.flush()).toBe(1);
    expect(await stats.flush()).toBe(0);
    expect((await statsOf(id)).json.totals.views).toBe(2);
  });

  test("a view held just before midnight is checked with its own day's salt, and a flush after midnight leaves no earlier day's salt or key", async () => {
    const id = await postListing();
    const today = new Date(`${utcDay(new Date())}T00:00:10Z`);
    const yesterday = utcDay(new Date(today.getTime() - 86_400_000));
    const beforeMidnight = new Date(today.getTime() - 20_000);
    let laterNow = beforeMidnight;
    const early = anotherProcess({ now: () => beforeMidnight });
    const late = anotherProcess({ now: () => laterNow });
    viewIn(early, id, "198.51.100.26");
    await early.flush();
    expect((await db().select().from(statsSalts).where(eq(statsSalts.day, yesterday))).length).toBe(1);
    viewIn(late, id, "198.51.100.26");
    viewIn(late, id, "198.51.100.27");
    laterNow = today;
    await late.flush();
    expect(await rowsOf(id)).toEqual([{ jobId: id, day: yesterday, views: 2, applyClicks: 0, impressions: 0 }]);
    expect(
      await db()
        .select()
        .from(statsSalts)
        .where(lt(statsSalts.day, utcDay(today))),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(statsVisits)
        .where(lt(statsVisits.day, utcDay(today))),
    ).toEqual([]);
  });

  test("a process with nothing counted still deletes the earlier days' salts and keys once the day has changed", async () => {
    const id = await postListing();
    const yesterday = new Date(Date.now() - 86_400_000);
    const before = anotherProcess({ now: () => yesterday });
    viewIn(before, id, "198.51.100.28");
    await before.flush();
    const earlier = eq(statsVisits.day, utcDay(yesterday));
    expect((await db().select().from(statsVisits).where(earlier)).length).toBeGreaterThan(0);
    expect(await anotherProcess().flush()).toBe(0);
    expect(await db().select().from(statsVisits).where(earlier)).toEqual([]);
    expect(
      await db()
        .select()
        .from(statsSalts)
        .where(eq(statsSalts.day, utcDay(yesterday))),
    ).toEqual([]);
  });

  test("an Apply click sent by a script's sendBeacon, with no body or as text, is counted as a ping is", async () => {
    const id = await postListing();
    const beacon = (ip: string, init: RequestInit) =>
      fetch(`${server.url}/api/jobs/${id}/apply-click`, {
        method: "POST",
        ...init,
        headers: { "x-forwarded-for": ip, "user-agent": BROWSER, ...init.headers },
      });
    expect((await beacon("198.51.100.29", {})).status).toBe(200);
    expect(
      (await beacon("198.51.100.30", { headers: { "content-type": "text/plain;charset=UTF-8" }, body: "" })).status,
    ).toBe(200);
    await server.services.stats.flush();
    expect((await statsOf(id)).json.totals.applyClicks).toBe(2);
  });

  test("a listing deleted before the flush is skipped, and the flush still writes the others", async () => {
    const [kept, deleted] = [await postListing(), await postListing()];
    view(kept, "198.51.100.11");
    view(deleted, "198.51.100.11");
    expect((await api(server.url, `/api/job/${deleted}`, { method: "DELETE", session: owner })).status).toBe(200);
    await server.services.stats.flush();
    expect((await statsOf(kept)).json.totals.views).toBe(1);
  });

  test("the stats give totals with the applications, and one entry per day from the posting date to today, with that day's applications", async () => {
    const id = await postListing({
      postingDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      applyMethod: "board",
    });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Asha Verma",
      email: "asha-stats@example.com",
      coverNote: "Hello",
      consent: "on",
    }))
      form.set(name, value);
    form.set("cv", new Blob([new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n"))]), "cv.pdf");
    const applied = await fetch(`${server.url}/api/jobs/${id}/applications`, { method: "POST", body: form });
    expect(applied.status).toBe(201);
    const { json } = await statsOf(id);
    expect(json.totals).toEqual({ views: 0, applyClicks: 0, impressions: 0, applications: 1 });
    expect(json.days.map((day: { day: string }) => day.day)).toEqual(
      [2, 1, 0].map((ago) => utcDay(new Date(Date.now() - ago * 86_400_000))),
    );
    expect(json.days.map((day: { applications: number }) => day.applications)).toEqual([0, 0, 1]);
    expect(json.job).toEqual({ id, title: "Frontend Developer", companyName: "Acme Widgets" });
  });

  test("only the listing's owner and admins read its stats: another employer 403, a visitor 401, no such listing 404", async () => {
    const id = await postListing();
    expect((await statsOf(id, owner)).status).toBe(200);
    // ADMIN_REQUIRE_2FA is on by default: an admin reads other employers' stats only once a second factor is on.
    const withoutSecondFactor = await statsOf(id, admin);
    expect(withoutSecondFactor.status).toBe(403);
    expect(withoutSecondFactor.json.error.code).toBe("SECOND_FACTOR_REQUIRED");
    await enrolSecondFactor(server.url, admin);
    expect((await statsOf(id, admin)).status).toBe(200);
    const refused = await statsOf(id, other);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("FORBIDDEN");
    expect(refused.json.totals).toBeUndefined();
    expect((await api(server.url, `/api/jobs/${id}/stats`)).status).toBe(401);
    expect((await statsOf(crypto.randomUUID(), other)).status).toBe(404);
    expect((await statsOf("not-a-listing", owner)).status).toBe(404);
  });
});
