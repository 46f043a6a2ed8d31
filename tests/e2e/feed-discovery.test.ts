import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(() => server?.close());

test("the home page names an RSS, Atom and JSON feed of the search on screen, without its page number", async () => {
  const html = await (await fetch(`${server.url}/?search=react&location=pune&employmentType=Contract&page=2`)).text();
  const links = [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]+" href="([^"]+)"\/>/g)].map(
    ([, type, href]) => ({ type, href }),
  );
  const query = "?search=react&amp;location=pune&amp;employmentType=Contract";
  expect(links).toEqual([
    { type: "application/rss+xml", href: `/feeds/jobs.rss${query}` },
    { type: "application/atom+xml", href: `/feeds/jobs.atom${query}` },
    { type: "application/feed+json", href: `/feeds/jobs.json${query}` },
  ]);
});

test("each discovered feed answers with its own content type", async () => {
  for (const [file, type] of [
    ["jobs.rss", "application/rss+xml"],
    ["jobs.atom", "application/atom+xml"],
    ["jobs.json", "application/feed+json"],
  ]) {
    const response = await fetch(`${server.url}/feeds/${file}?search=react`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(type);
  }
});
