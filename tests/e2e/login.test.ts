import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { allowAppCallbacks, providerEnv, startOidcIssuer, type OidcIssuer } from "#tests/fakes/oidc-issuer.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { startTestServer } from "#tests/support/server.ts";
import { DESKTOP, expectAccessible, flowTest, hydrated, pauseClock, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

const TERMS_ERROR = "Please agree to the Terms and Conditions to login.";

// Each test drives several pages (and waits out the spec's 1.5 s and 2 s timers) on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

let issuer: OidcIssuer;

beforeAll(async () => {
  issuer = await startOidcIssuer();
});
afterAll(() => issuer?.close());
const e2e = useE2e(() => ({ env: providerEnv(issuer) }));
beforeAll(() => allowAppCallbacks(issuer, e2e.url));

/** Opens /login (or a protected page that sends the visitor there) and waits out the 1.5 s spinner. */
async function openLogin(page: Page, path = "/login") {
  await page.goto(`${e2e.url}${path}`);
  await page.getByRole("heading", { name: "Sign In" }).waitFor();
}

const tickTerms = (page: Page) => page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();

async function emailForm(
  page: Page,
  { mode, email, password, name }: { mode: "signIn" | "signUp"; email: string; password: string; name?: string },
) {
  await page.getByRole("button", { name: mode === "signUp" ? "Create an account" : "I have an account" }).click();
  if (name) await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: mode === "signUp" ? "Create account" : "Sign in with email" }).click();
}

async function throughIssuer(page: Page, email: string, decision: "Continue" | "Deny access" = "Continue") {
  await page.waitForURL(`${issuer.url}/interaction/**`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: decision }).click();
}

const sessionCookie = async (page: Page) =>
  (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

describe.each(VIEWPORTS)("sign-in at %s width", (_name, viewport) => {
  const flow = flowTest(viewport);
  let page: Page;
  beforeAll(async () => {
    page = await e2e.newPage({ viewport });
  });
  afterAll(() => page.context().close());

  const freshPage = async () => {
    await page.context().clearCookies();
    await page.goto(`${e2e.url}/`);
    await page.evaluate(() => localStorage.clear());
  };

  flow("a spinner shows for 1.5 s before the sign-in page", async () => {
    // A page of its own: its clock is stopped so the spinner can be seen before the 1.5 s are up.
    const own = await e2e.newPage({ viewport });
    try {
      await pauseClock(own);
      await own.goto(`${e2e.url}/login`);
      await hydrated(own);
      const spinner = own.getByRole("status").filter({ hasText: "Loading sign-in" });
      expect(await spinner.isVisible()).toBe(true);
      expect(await own.getByRole("heading", { name: "Sign In" }).count()).toBe(0);
      await own.clock.runFor(1_499);
      expect(await spinner.isVisible()).toBe(true);
      await own.clock.runFor(1);
      await own.getByRole("heading", { name: "Sign In" }).waitFor();
      expect(await spinner.count()).toBe(0);
      expect(await own.getByRole("link", { name: "Terms and Conditions" }).getAttribute("href")).toBe(
        "/terms-and-condition",
      );
      expect(await own.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
    } finally {
      await own.context().close();
    }
  });

  flow(
    "no field can take focus during the spinner, so nothing typed there is silently dropped from a field; afterwards the fields take input",
    async () => {
      const own = await e2e.newPage({ viewport });
      try {
        await pauseClock(own);
        await own.goto(`${e2e.url}/login`);
        await hydrated(own);
        expect(await own.locator("input, textarea, select").count()).toBe(0);
        await own.keyboard.press("Tab");
        expect(await own.evaluate(() => document.activeElement?.tagName ?? "BODY")).not.toMatch(
          /INPUT|TEXTAREA|SELECT/,
        );
        await own.clock.runFor(1_500);
        await own.getByRole("heading", { name: "Sign In" }).waitFor();
        await own.getByLabel("Email", { exact: true }).fill("typed@example.com");
        expect(await own.getByLabel("Email", { exact: true }).inputValue()).toBe("typed@example.com");
      } finally {
        await own.context().close();
      }
    },
  );

  test("every sign-in method needs the terms box, and ticking or unticking it clears the message", async () => {
    await freshPage();
    await openLogin(page);
    const message = page.getByText(TERMS_ERROR);
    await emailForm(page, { mode: "signIn", email: "someone@example.com", password: "whatever-password" });
    await message.waitFor();
    await tickTerms(page);
    expect(await message.count()).toBe(0);
    await page.getByRole("checkbox", { name: /I agree/ }).uncheck();
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await message.waitFor();
    await page.getByRole("button", { name: "Sign in with GitHub" }).click();
    await message.waitFor();
    await tickTerms(page);
    expect(await message.count()).toBe(0);
    expect(page.url()).toBe(`${e2e.url}/login`);
  });

  flow(
    "a new email user sees 'Welcome! Signup successful!' and after 2 s lands on the page they asked for, replacing history",
    async () => {
      await freshPage();
      await page.goto(`${e2e.url}/my-job`);
      await page.waitForURL(`${e2e.url}/login?from=%2Fmy-job`);
      await page.getByRole("heading", { name: "Sign In" }).waitFor();
      await tickTerms(page);
      const email = uniqueEmail("new");
      await emailForm(page, { mode: "signUp", email, password: "correct horse battery", name: "New Employer" });
      await page.getByText("Welcome! Signup successful!").waitFor();
      expect(page.url()).toContain("/login");
      await page.waitForURL(`${e2e.url}/my-job`);
      await page.getByRole("heading", { name: "All My Listings" }).waitFor();
      await page.goBack();
      expect(page.url()).toBe(`${e2e.url}/`);
    },
  );

  flow("the stored 'genius-token' works as a bearer token while the session cookie stays HttpOnly", async () => {
    await freshPage();
    const account = await signUp(e2e.url);
    await openLogin(page);
    await tickTerms(page);
    await emailForm(page, { mode: "signIn", email: account.email, password: account.password });
    await page.getByText("Login successful!").waitFor();
    const token = await page.evaluate(() => localStorage.getItem("genius-token"));
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
    const mine = await api(e2e.url, `/api/myJobs/${encodeURIComponent(account.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.status).toBe(200);
  });

  flow("a returning email user sees 'Login successful!' and goes to '/' when no page was asked for", async () => {
    await freshPage();
    const account = await signUp(e2e.url);
    await openLogin(page);
    await tickTerms(page);
    await emailForm(page, { mode: "signIn", email: account.email, password: account.password });
    await page.getByText("Login successful!").waitFor();
    await page.waitForURL(`${e2e.url}/`);
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session.user.email).toBe(account.email);
  });

  flow("a 'from' that points off the site is ignored and the user goes to '/'", async () => {
    await freshPage();
    const account = await signUp(e2e.url);
    await openLogin(page, "/login?from=%2F%2Fevil.example%2Fphish");
    await tickTerms(page);
    await emailForm(page, { mode: "signIn", email: account.email, password: account.password });
    await page.getByText("Login successful!").waitFor();
    await page.waitForURL(`${e2e.url}/`);
  });

  flow("a wrong password and an email that is taken get clear messages", async () => {
    await freshPage();
    const account = await signUp(e2e.url);
    await openLogin(page);
    await tickTerms(page);
    await emailForm(page, { mode: "signIn", email: account.email, password: "not the password" });
    await page.getByRole("alert").filter({ hasText: "Wrong email or password. Please try again." }).waitFor();
    await emailForm(page, { mode: "signUp", email: account.email, password: "another long password" });
    await page
      .getByRole("alert")
      .filter({ hasText: "Check your mail. If this address already has an account, we sent it a mail" })
      .waitFor();
    expect(page.url()).toContain("/login");
  });

  flow("the Google-type button signs a new user up through the OIDC issuer, then signs them in again", async () => {
    await freshPage();
    const email = uniqueEmail("google");
    await openLogin(page, "/login?from=%2Fpost-job");
    await tickTerms(page);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await throughIssuer(page, email);
    await page.getByText("Welcome! Signup successful!").waitFor();
    await page.waitForURL(`${e2e.url}/post-job`);
    expect(await page.evaluate(() => localStorage.getItem("genius-token"))).toBeTruthy();

    await page.context().clearCookies();
    await openLogin(page);
    await tickTerms(page);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await throughIssuer(page, email);
    await page.getByText("Login successful!").waitFor();
    await page.waitForURL(`${e2e.url}/`);
  });

  flow("the GitHub-type button signs in through the OIDC issuer", async () => {
    await freshPage();
    await openLogin(page);
    await tickTerms(page);
    await page.getByRole("button", { name: "Sign in with GitHub" }).click();
    await throughIssuer(page, uniqueEmail("github"));
    await page.getByText("Welcome! Signup successful!").waitFor();
    await page.waitForURL(`${e2e.url}/`);
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session.user.email).toMatch(/^github-/);
  });

  flow("a provider sign-in that fails shows 'Error signing up with social provider.'", async () => {
    await freshPage();
    await openLogin(page);
    await tickTerms(page);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await throughIssuer(page, "denied@example.com", "Deny access");
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Error signing up with social provider." }).waitFor();
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session).toBeNull();
  });

  flow(
    "anonymous visitors to /my-job, /post-job and /edit-job/{id} are sent to /login with where they were going",
    async () => {
      await freshPage();
      const owner = await signUp(e2e.url);
      const created = await api(e2e.url, "/api/post-job", { method: "POST", body: validJob(), session: owner });
      for (const path of ["/my-job", "/post-job", `/edit-job/${created.json.insertedId}`, "/my-job?tab=1"]) {
        const response = await page.goto(`${e2e.url}${path}`);
        expect(response?.ok()).toBe(true);
        expect(page.url()).toBe(`${e2e.url}/login?from=${encodeURIComponent(path)}`);
      }
      const direct = await fetch(`${e2e.url}/post-job`, { redirect: "manual" });
      expect(direct.status).toBe(302);
      expect(direct.headers.get("location")).toBe("/login?from=%2Fpost-job");
    },
  );

  test("after signing in the header shows the profile photo and Log out, which removes 'genius-token' and goes to /login", async () => {
    await freshPage();
    const account = await signUp(e2e.url);
    await openLogin(page);
    await tickTerms(page);
    await emailForm(page, { mode: "signIn", email: account.email, password: account.password });
    await page.waitForURL(`${e2e.url}/`);
    expect(await page.evaluate(() => localStorage.getItem("genius-token"))).toBeTruthy();
    if (viewport.width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("img", { name: /profile photo/ })
      .first()
      .waitFor();
    await page.locator("button:visible", { hasText: "Log out" }).click();
    await page.waitForURL(`${e2e.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem("genius-token"))).toBeNull();
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session).toBeNull();
  });

  test("a client-side move to a protected page after the session ended lands on /login with where the user was going", async () => {
    await freshPage();
    const account = await signUp(e2e.url);
    await openLogin(page);
    await tickTerms(page);
    await emailForm(page, { mode: "signIn", email: account.email, password: account.password });
    await page.waitForURL(`${e2e.url}/`);
    await page.goto(`${e2e.url}/my-job`);
    await page.getByRole("heading", { name: "All My Listings" }).waitFor();
    // The session ends elsewhere (another tab logs out); this page still believes it is signed in.
    await api(e2e.url, "/api/auth/sign-out", {
      method: "POST",
      body: {},
      headers: { cookie: await sessionCookie(page) },
    });
    await page.getByRole("link", { name: "Post A New Job" }).click();
    await page.waitForURL(`${e2e.url}/login?from=%2Fpost-job`);
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    await tickTerms(page);
    await emailForm(page, { mode: "signIn", email: account.email, password: account.password });
    await page.getByText("Login successful!").waitFor();
    await page.waitForURL(`${e2e.url}/post-job`);
  });

  test("the sign-in page has no serious or critical accessibility violations", async () => {
    await freshPage();
    await openLogin(page);
    await emailForm(page, { mode: "signIn", email: "x@example.com", password: "whatever-password" });
    await page.getByText(TERMS_ERROR).waitFor();
    await expectAccessible(page);
  });
});

test.each(VIEWPORTS)(
  "at %s width, sign-in buttons the operator has not set up are not shown, and the email form stands alone",
  async (_name, viewport) => {
    const plain = await startTestServer({ pages: true });
    const page = await e2e.newPage({ viewport, baseUrl: plain.url });
    try {
      await page.goto(`${plain.url}/login`);
      await page.getByRole("heading", { name: "Sign In" }).waitFor();
      await page.getByRole("button", { name: "Create an account" }).waitFor();
      expect(await page.getByRole("button", { name: /^Sign in with (Google|GitHub)/ }).count()).toBe(0);
      expect(await page.getByText("or use your email").count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await page.context().close();
      await plain.close();
    }
  },
);

test("the heading says what the form does: Sign In, or Create an Account on that tab", async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  try {
    await page.goto(`${e2e.url}/login`);
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Create an Account" }).waitFor();
    await page.getByRole("button", { name: "I have an account" }).click();
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
  } finally {
    await page.context().close();
  }
});
