import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobAlerts, jobs, mailOutbox } from "#server/db/schema.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { invalidOriginMessage } from "#shared/session.ts";
import { engines } from "#tests/support/engines.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const EVIL = "https://evil.test";
let seq = 0;

describe.each(engines)("one origin check for every write on %s", (engine) => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine, pages: true });
    owner = await signUp(server.url, { name: "Origin Owner" });
  });
  afterAll(() => server?.close());

  const db = () => server.services.database.db;

  async function postListing(title: string) {
    const { status, json } = await api(server.url, "/api/post-job", {
      method: "POST",
      session: owner,
      body: validJob({ jobTitle: title }),
    });
    expect(status).toBe(201);
    return json.insertedId as string;
  }
  const statusOf = async (id: string) =>
    (await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;
  const titled = (title: string) => db().select({ id: jobs.id }).from(jobs).where(eq(jobs.title, title));

  /** A write as a browser sends it: the owner's cookie and whichever page-naming headers `headers` gives. */
  const send = (path: string, headers: Record<string, string>, body?: URLSearchParams) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: owner.cookie,
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...headers,
      },
      body,
    });

  /** The job form as a browser without scripts sends it. */
  const jobForm = (title: string) => {
    const { skills: _skills, ...fields } = validJob({ jobTitle: title });
    return new URLSearchParams({
      ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
      skills: "React, CSS",
    });
  };

  const refusedAsJson = async (response: Response) => {
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: "FORBIDDEN", message: invalidOriginMessage(server.env.PUBLIC_URL, "make changes") },
    });
  };
  const refusedAsPage = async (response: Response) => {
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain(`This board&#39;s address is ${server.env.PUBLIC_URL}`);
  };

  test("closing a listing from another origin with the owner's cookie is refused 403 and the listing stays open", async () => {
    const id = await postListing("Closed from elsewhere");
    await refusedAsJson(await send(`/api/jobs/${id}/close`, { origin: EVIL }));
    await refusedAsJson(await send(`/api/jobs/${id}/close`, { origin: "null" }));
    expect(await statusOf(id)).toBe("published");
  });

  test("reopening a listing from another origin with the owner's cookie is refused 403 and the listing stays closed", async () => {
    const id = await postListing("Reopened from elsewhere");
    expect((await send(`/api/jobs/${id}/close`, { origin: server.url })).status).toBe(200);
    await refusedAsJson(await send(`/api/jobs/${id}/reopen`, { origin: EVIL }));
    expect(await statusOf(id)).toBe("closed");
  });

  test("a write with the owner's cookie that names no page at all is refused, and the listing stays open", async () => {
    const id = await postListing("Closed by an unnamed page");
    await refusedAsJson(await send(`/api/jobs/${id}/close`, {}));
    expect(await statusOf(id)).toBe("published");
  });

  test("a write without Origin whose Referer or Sec-Fetch-Site names another site is refused", async () => {
    const id = await postListing("Closed by a referred page");
    await refusedAsJson(await send(`/api/jobs/${id}/close`, { referer: `${EVIL}/page` }));
    await refusedAsJson(await send(`/api/jobs/${id}/close`, { "sec-fetch-site": "same-site" }));
    expect(await statusOf(id)).toBe("published");
  });

  test("closing and reopening from the board's own origin, or its Referer alone, work", async () => {
    const id = await postListing("Closed at home");
    expect((await send(`/api/jobs/${id}/close`, { origin: server.url })).status).toBe(200);
    expect(await statusOf(id)).toBe("closed");
    expect((await send(`/api/jobs/${id}/reopen`, { referer: `${server.url}/my-job` })).status).toBe(200);
    expect(await statusOf(id)).toBe("published");
  });

  test("an API client with a Bearer token and no cookie or Origin closes its listing", async () => {
    const id = await postListing("Closed by a script");
    const response = await fetch(`${server.url}/api/jobs/${id}/close`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    expect(await statusOf(id)).toBe("closed");
  });

  test("the edit form posted from another origin with the owner's cookie is refused with a 403 page and changes nothing", async () => {
    const id = await postListing("Edited from elsewhere");
    await refusedAsPage(await send(`/edit-job/${id}`, { origin: EVIL }, jobForm("Taken over")));
    await refusedAsPage(await send(`/edit-job/${id}`, {}, jobForm("Taken over")));
    expect(await titled("Taken over")).toEqual([]);
    expect(await titled("Edited from elsewhere")).toHaveLength(1);
  });

  test("the post form sent from another origin with the owner's cookie is refused with a 403 page and lists nothing", async () => {
    await refusedAsPage(await send("/post-job", { origin: EVIL }, jobForm("Posted from elsewhere")));
    expect(await titled("Posted from elsewhere")).toEqual([]);
  });

  test("the edit and post forms sent from the board's own origin go through", async () => {
    const id = await postListing("Edited at home");
    const edited = await send(`/edit-job/${id}`, { origin: server.url }, jobForm("Edited at home, again"));
    expect(edited.headers.get("location")).toBe("/my-job?updated");
    expect(await titled("Edited at home, again")).toHaveLength(1);
    const posted = await send("/post-job", { origin: server.url }, jobForm("Posted at home"));
    expect(posted.status).toBe(303);
    expect(await titled("Posted at home")).toHaveLength(1);
  });

  test("a page action (My Listings' close button) posted from another origin, or naming none, is refused and the listing stays open", async () => {
    const id = await postListing("Closed through the page elsewhere");
    const form = () => new URLSearchParams({ intent: "close", id });
    await refusedAsPage(await send("/my-job", { origin: EVIL }, form()));
    await refusedAsPage(await send("/my-job", {}, form()));
    expect(await statusOf(id)).toBe("published");
    const closed = await send("/my-job", { origin: server.url }, form());
    expect(closed.status).toBe(303);
    expect(await statusOf(id)).toBe("closed");
  });

  test("a sign-in from another origin still gets better-auth's words, with the top-level message its client reads", async () => {
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: EVIL },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(response.status).toBe(403);
    const message = invalidOriginMessage(server.env.PUBLIC_URL);
    expect(await response.json()).toEqual({ error: { code: "FORBIDDEN", message }, message });
  });

  test("RFC 8058's one-click unsubscribe works from a mail client that names no origin, or its own, cookie and all", async () => {
    const unsubscribeLink = async () => {
      const email = uniqueEmail("one-click");
      const [alert] = await db()
        .insert(jobAlerts)
        .values({ email, search: {}, frequency: "instant", clientIp: "192.0.2.1" })
        .returning({ id: jobAlerts.id });
      await db()
        .update(jobAlerts)
        .set({ confirmedAt: new Date(0), watermarkAt: new Date(0) })
        .where(eq(jobAlerts.id, alert?.id ?? ""));
      await insertJobsBulk(db(), [
        { ...syntheticJob(++seq, new Date()), title: "COBOL Maintainer", postingDate: new Date() },
      ]);
      await server.services.alerts.runDueAlerts();
      const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      const link = /<([^>]+)>/.exec(mail?.headers["List-Unsubscribe"] ?? "")?.[1];
      expect(link).toMatch(new RegExp(`^${server.url}/alerts/unsubscribe/`));
      return { id: alert?.id ?? "", link: link ?? "" };
    };
    const alertExists = async (id: string) =>
      (await db().select().from(jobAlerts).where(eq(jobAlerts.id, id))).length === 1;

    for (const origin of [undefined, "https://mail.example"]) {
      const { id, link } = await unsubscribeLink();
      const response = await fetch(link, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: owner.cookie,
          ...(origin ? { origin } : {}),
        },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status, origin).toBe(200);
      expect(await alertExists(id), origin).toBe(false);
    }
  });
});
