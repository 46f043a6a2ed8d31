import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("posting limits on %s", (engine) => {
  let server: TestServer;
  let employer: Session;

  const owned = async (session: Session) => {
    const [row] = await server.services.database.db
      .select({ n: count() })
      .from(jobs)
      .where(eq(jobs.postedByEmail, session.email));
    return row?.n ?? 0;
  };
  const post = (session: Session, overrides: Record<string, unknown> = {}) =>
    api(server.url, "/api/post-job", { method: "POST", body: validJob(overrides), session });

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { POSTS_PER_DAY: "2" } });
    employer = await signUp(server.url, { name: "Prolific" });
  });
  afterAll(() => server.close());

  test("an account posts POSTS_PER_DAY listings a day; the next is a clear 429 and is not stored", async () => {
    expect((await post(employer)).status).toBe(201);
    expect((await post(employer)).status).toBe(201);
    const { status, json, headers } = await post(employer);
    expect(status).toBe(429);
    expect(json.error).toEqual({
      code: "RATE_LIMITED",
      message: "You can post 2 listings a day. Please try again tomorrow.",
    });
    expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await owned(employer)).toBe(2);
  });

  test("posts sent all at once cannot pass the limit together", async () => {
    const eager = await signUp(server.url, { name: "Eager" });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(eager, { jobTitle: `Burst ${i}` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(28);
    expect(await owned(eager)).toBe(2);
  });

  test("the limit counts listings created in the last 24 hours only", async () => {
    const other = await signUp(server.url, { name: "Yesterday" });
    expect((await post(other)).status).toBe(201);
    expect((await post(other)).status).toBe(201);
    await server.services.database.db
      .update(jobs)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(jobs.postedByEmail, other.email));
    expect((await post(other)).status).toBe(201);
  });

  test.each(["https://bit.ly/3xYzAbc", "https://www.tinyurl.com/jobs123", "http://T.CO/abc"])(
    "an apply link through the shortener %s is refused, naming the field",
    async (applyLink) => {
      const fresh = await signUp(server.url, { name: "Shortener" });
      const { status, json } = await post(fresh, { applyLink });
      expect(status).toBe(400);
      expect(json.error.fields).toEqual({
        applyLink: "The apply link must not use a link shortener; give the full address",
      });
      expect(await owned(fresh)).toBe(0);
    },
  );

  test("a full apply link on a domain that merely contains a shortener's name is accepted", async () => {
    const fresh = await signUp(server.url, { name: "Lookalike" });
    expect((await post(fresh, { applyLink: "https://careers.bit.ly.example.com/apply" })).status).toBe(201);
  });
});
