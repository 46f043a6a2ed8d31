import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { employerJobWrites } from "#tests/support/employer-writes.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** A listing's fields without an apply link, with the given choice of how to apply (none when undefined). */
const withoutLink = (applyMethod?: string, overrides: Record<string, unknown> = {}) => {
  const body: Record<string, unknown> = { ...validJob(overrides), ...(applyMethod ? { applyMethod } : {}) };
  delete body.applyLink;
  return body;
};

describe.each(engines)("the apply link follows the employer's choice on %s", (engine) => {
  let server: TestServer;
  let employer: Session;
  const { row, rowCount, post, patch, posted } = employerJobWrites(
    () => server,
    () => employer,
  );
  const read = async (id: string) => (await api(server.url, `/api/all-jobs/${id}`)).json;

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { MODERATION: "off" } });
    employer = await signUp(server.url, { name: "Chooser" });
  });
  afterAll(() => server.close());

  test.each(["board", "email"])(
    "a listing whose applications arrive %s is posted without an apply link, and reads back with none",
    async (method) => {
      const id = await posted(withoutLink(method));
      const job = await read(id);
      expect(job.applyMethod).toBe(method);
      expect(job.applyLink).toBeNull();
    },
  );

  test("a blank apply link counts as none on a board listing", async () => {
    const id = await posted({ ...validJob(), applyMethod: "board", applyLink: "  " });
    expect((await read(id)).applyLink).toBeNull();
  });

  test.each([["link"], [undefined]])(
    "a listing that opens its link (choice: %s) is still refused without one, marked Required, and nothing is stored",
    async (method) => {
      const before = await rowCount();
      const { status, json } = await post(withoutLink(method));
      expect(status).toBe(400);
      expect(json.error).toMatchObject({ code: "VALIDATION_FAILED", fields: { applyLink: "Required" } });
      expect(await rowCount()).toBe(before);
    },
  );

  test("a missing link is named together with the other wrong fields", async () => {
    const { status, json } = await post(withoutLink("link", { jobTitle: "" }));
    expect(status).toBe(400);
    expect(json.error.fields).toMatchObject({ jobTitle: "Required", applyLink: "Required" });
  });

  test("a link that is given on a board listing is still checked", async () => {
    const { status, json } = await post({ ...validJob(), applyMethod: "board", applyLink: "javascript:alert(1)" });
    expect(status).toBe(400);
    expect(json.error.fields).toHaveProperty("applyLink");
  });

  test("an edit may move a listing to the board and drop its link; moving it back to a link without one is refused", async () => {
    const id = await posted(validJob());
    const moved = await patch(id, { applyMethod: "board", applyLink: "" });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(await read(id)).toMatchObject({ applyMethod: "board", applyLink: null });

    const before = await row(id);
    const back = await patch(id, { applyMethod: "link" });
    expect(back.status).toBe(400);
    expect(back.json.error.fields).toEqual({ applyLink: "Required" });
    expect(await row(id)).toEqual(before);
  });

  test("sending back a board listing without a link as read changes nothing", async () => {
    const id = await posted(withoutLink("board"));
    const { status, json } = await patch(id, await read(id));
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.modifiedCount).toBe(0);
  });

  test("the feeds send a reader of a listing without a link to its page, and keep a listing's own link", async () => {
    const board = await posted(withoutLink("board", { jobTitle: "Feed board listing" }));
    const linked = await posted(validJob({ jobTitle: "Feed linked listing" }));
    const feed = await api(server.url, `/feeds/jobs.json?search=${encodeURIComponent("Feed listing")}`);
    const items = feed.json.items as { id: string; external_url: string; _job: { applyUrl: string } }[];
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(board)?.external_url).toBe(`${server.url}/jobs/${board}`);
    expect(byId.get(board)?._job.applyUrl).toBe(`${server.url}/jobs/${board}`);
    expect(byId.get(linked)?.external_url).toBe((await read(linked)).applyLink);
  });
});
