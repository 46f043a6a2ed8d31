import { afterAll, beforeAll, expect, test } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(() => server?.close());

test("the privacy notice says that a company's logo is fetched from the employer's own server, which sees the visitor", async () => {
  const response = await fetch(`${server.url}/privacy-policy`);
  expect(response.status).toBe(200);
  const page = (await response.text()).replace(/\s+/g, " ");
  expect(page).toContain("Company logos are loaded from the address each employer gives for them");
  expect(page).toContain("which sees your IP address and browser details");
  expect(page).toContain("We do not copy or proxy these images");
});

test("a job page asks the browser to send no referrer to the logo's host", async () => {
  const employer = await signUp(server.url);
  const posted = await api(server.url, "/api/post-job", {
    method: "POST",
    body: validJob({ companyLogo: "https://logos.acme-widgets.com/logo.png" }),
    session: employer,
  });
  expect(posted.status).toBe(201);
  const page = await (await fetch(`${server.url}/jobs/${posted.json.insertedId}`)).text();
  const logo = page.match(/<img[^>]*src="https:\/\/logos\.acme-widgets\.com\/logo\.png"[^>]*>/)?.[0];
  expect(logo).toBeDefined();
  expect(logo).toMatch(/referrerpolicy="no-referrer"/i);
});
