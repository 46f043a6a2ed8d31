import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { blogPosts } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("blog API on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());
  // Each test starts from no posts, whichever runs first.
  beforeEach(async () => {
    await server.services.database.db.delete(blogPosts);
  });

  test("GET /api/blog-posts answers an empty array when nothing is published", async () => {
    const { status, json } = await api(server.url, "/api/blog-posts");
    expect(status).toBe(200);
    expect(json).toEqual([]);
  });

  test("GET /api/blog-posts lists every post with title, date and content, newest first", async () => {
    await server.services.database.db.insert(blogPosts).values([
      { title: "Middle", date: "2024-09-01", content: "Second oldest." },
      { title: "Newest", date: "2024-11-15", content: "Written last.\nTwo paragraphs." },
      { title: "Oldest", date: "2024-08-02", content: "Launch day." },
    ]);
    const { status, json } = await api(server.url, "/api/blog-posts");
    expect(status).toBe(200);
    expect(json).toEqual([
      { title: "Newest", date: "2024-11-15", content: "Written last.\nTwo paragraphs." },
      { title: "Middle", date: "2024-09-01", content: "Second oldest." },
      { title: "Oldest", date: "2024-08-02", content: "Launch day." },
    ]);
  });
});
