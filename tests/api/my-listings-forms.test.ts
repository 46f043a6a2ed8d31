import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** What a browser without JavaScript sends for a row's button: the form urlencoded, to the page's own address. */
const postRow = (url: string, fields: Record<string, string>, cookie?: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(url).origin,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

describe.each(engines)("My Listings' forms sent without JavaScript on %s", (engine) => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine, pages: true });
    owner = await signUp(server.url, { name: "Form Owner" });
  });
  afterAll(() => server?.close());

  const post = async (title: string, session = owner) => {
    const { json } = await api(server.url, "/api/post-job", {
      method: "POST",
      session,
      body: validJob({ jobTitle: title }),
    });
    return json.insertedId as string;
  };
  const statusOf = async (id: string) =>
    (await server.services.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;

  test("Mark as filled closes the listing with the API's verb and goes back to the same search and page, at the notice", async () => {
    const id = await post("Closed By Form");
    const sent = await postRow(
      `${server.url}/my-job?q=form&page=2&done=renewed&delete=${id}`,
      { intent: "close", id },
      owner.cookie,
    );
    expect(sent.status).toBe(303);
    // What the last form came to and the delete question are left behind; the search and the page are kept.
    expect(sent.headers.get("location")).toBe(`/my-job?q=form&page=2&done=closed&listing=${id}#listing-notice`);
    expect(await statusOf(id)).toBe("closed");
  });

  test("without a session a row's form changes nothing and is sent to sign in, to come back to the same address", async () => {
    const id = await post("Anonymous Close");
    const sent = await postRow(`${server.url}/my-job?q=anonymous`, { intent: "close", id });
    expect([302, 303]).toContain(sent.status);
    expect(sent.headers.get("location")).toBe(`/login?from=${encodeURIComponent("/my-job?q=anonymous")}`);
    expect(await statusOf(id)).toBe("published");
  });

  test("another employer's listing is refused with 403 at the top of the page, unnamed, and stays as it was", async () => {
    const stranger = await signUp(server.url, { name: "Stranger" });
    const theirs = await post("Stranger's Own Listing", stranger);
    const sent = await postRow(`${server.url}/my-job`, { intent: "close", id: theirs }, owner.cookie);
    expect(sent.status).toBe(403);
    const page = await sent.text();
    expect(page).toContain("The listing was not closed: ");
    expect(page).not.toContain("Stranger&#x27;s Own Listing");
    expect(page).not.toContain("Stranger's Own Listing");
    expect(await statusOf(theirs)).toBe("published");
  });

  test("a form asking for something My Listings does not do is refused with 400, and nothing changes", async () => {
    const id = await post("Unknown Intent");
    const sent = await postRow(`${server.url}/my-job`, { intent: "publish", id }, owner.cookie);
    expect(sent.status).toBe(400);
    expect(await statusOf(id)).toBe("published");
  });

  test("a body that is no form at all, to My Listings or an inbox, is refused with 400, not a server error", async () => {
    const id = await post("Garbled Body");
    for (const path of ["/my-job", `/my-jobs/${id}/applications`]) {
      const sent = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "multipart/form-data; boundary=x", origin: server.url, cookie: owner.cookie },
        body: "--y\r\nnot a part",
      });
      expect(sent.status, path).toBe(400);
    }
    expect(await statusOf(id)).toBe("published");
  });
});
