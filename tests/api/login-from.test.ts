import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { uniqueEmail } from "#tests/support/factories.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const HOSTILE_FROM = "/\t/evil.test/phish";

describe("where a sign-in without JavaScript sends the visitor on", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: true });
  });
  afterAll(() => server?.close());

  /** The login page's form as a browser without scripts posts it, from the board's own page. */
  const postLogin = (fields: Record<string, string>) =>
    fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams(fields),
    });
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((set) => set.split(";")[0] ?? "")
      .filter((pair) => !pair.endsWith("="))
      .join("; ");
  const continueLink = (html: string) => /<a [^>]*href="([^"]*)"[^>]*>Continue<\/a>/.exec(html)?.[1];

  test("a sign-in posted with a from that a browser resolves to another host goes back to the login page without it", async () => {
    const email = uniqueEmail("from");
    const password = "correct horse battery";
    await postLogin({ terms: "yes", email, password });
    const sent = await postLogin({ intent: "sign-in", terms: "yes", email, password, from: HOSTILE_FROM });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/login?signin=existing");
  });

  test("the signed-in page's Continue link for from=/%09/evil.test/phish stays on the board", async () => {
    const email = uniqueEmail("from");
    const password = "correct horse battery";
    const made = await postLogin({ terms: "yes", email, password });
    const page = await fetch(`${server.url}/login?signin=existing&from=/%09/evil.test/phish`, {
      headers: { cookie: cookiesOf(made) },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(continueLink(html)).toBe("/");
    expect(html).not.toContain("evil.test");
  });

  test("the signed-in page's Continue link keeps a from on the board", async () => {
    const page = await fetch(`${server.url}/login?signin=existing&from=${encodeURIComponent("/my-job?posted=held")}`);
    expect(continueLink(await page.text())).toBe("/my-job?posted=held");
  });

  test("the sign-in form sends on no from a browser would resolve to another host", async () => {
    const html = await (await fetch(`${server.url}/login?from=/%0A/evil.test`)).text();
    expect(html).toMatch(/<input type="hidden" name="from" value="\/"\/>/);
    expect(html).not.toContain("evil.test");
  });
});
