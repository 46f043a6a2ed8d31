import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { SITE_NAME: "Acme Careers" } });
});
afterAll(() => server?.close());

test("the search feeds are titled and authored with the operator's board name", async () => {
  const rss = await (await fetch(`${server.url}/feeds/jobs.rss?search=nurse`)).text();
  expect(rss).toContain("<title>Acme Careers jobs: nurse</title>");
  const atom = await (await fetch(`${server.url}/feeds/jobs.atom`)).text();
  expect(atom).toContain("<title>Acme Careers: latest jobs</title>");
  expect(atom).toContain("<author><name>Acme Careers</name></author>");
  for (const feed of [rss, atom]) expect(feed).not.toContain("Job Board");
});

test("the aggregators' XML names the operator's board as its publisher", async () => {
  const xml = await (await fetch(`${server.url}/feeds/indeed.xml`)).text();
  expect(xml).toContain("<publisher>Acme Careers</publisher>");
});

test("the pages alert mails link to carry the operator's board name in their title", async () => {
  const page = await (await fetch(`${server.url}/alerts/confirm/not-a-token`)).text();
  expect(page).toMatch(/<title>[^<]+ \| Acme Careers<\/title>/);
  expect(page).not.toContain("Job Board");
});
