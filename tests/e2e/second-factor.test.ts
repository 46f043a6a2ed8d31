import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { allowAppCallbacks, providerEnv, startOidcIssuer, type OidcIssuer } from "#tests/fakes/oidc-issuer.ts";
import { uniqueEmail } from "#tests/support/factories.ts";
import { signUp, type Session } from "#tests/support/http.ts";
import { CookieJar, finishAtIssuer, startSignIn } from "#tests/support/oauth-browser.ts";
import { enrolSecondFactor, secondFactorConfirmationLink, totp } from "#tests/support/second-factor.ts";
import { DESKTOP, expectAccessible, MOBILE, useE2e } from "#tests/e2e/fixtures.ts";

// Each test waits out the login page's 1.5 s spinner and a few server round trips on a shared two-core machine.
vi.setConfig({ testTimeout: 90_000 });

let issuer: OidcIssuer;
beforeAll(async () => {
  issuer = await startOidcIssuer();
});
afterAll(() => issuer?.close());
const e2e = useE2e(() => ({ env: { ...providerEnv(issuer), ADMIN_REQUIRE_2FA: "true" } }));
beforeAll(() => allowAppCallbacks(issuer, e2e.url));

async function signInWithPassword(page: Page, { email, password }: Session) {
  await page.goto(`${e2e.url}/login`);
  await page.getByRole("heading", { name: "Sign In" }).waitFor();
  await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in with email" }).click();
  await page.getByRole("heading", { name: "Two-step sign-in" }).waitFor();
}

describe("two-step sign-in in the browser", () => {
  let employer: Session;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    employer = await signUp(e2e.url, { name: "Employer" });
    ({ secret, recoveryCodes } = await enrolSecondFactor(e2e.url, employer));
  });

  test("an admin without a second factor is sent from /admin to enrol, scans the QR code, confirms, and gets in", async () => {
    const admin = await signUp(e2e.url, { name: "Admin" });
    await e2e.server.services.moderation.setAdmin({ email: admin.email, admin: true });
    const page = await e2e.open("/admin", { session: admin });
    await expect.poll(() => new URL(page.url()).pathname).toBe("/account/security");
    await expect
      .poll(() => page.getByText("Admin pages need two-step sign-in. Set it up to continue.").isVisible())
      .toBe(true);
    await page.getByLabel("Your password").fill(admin.password);
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();

    await page.getByRole("heading", { name: "Scan the code with your authenticator app" }).waitFor();
    expect(await page.getByRole("img", { name: "QR code for your authenticator app" }).isVisible()).toBe(true);
    const key = (await page.getByLabel("Setup key").textContent()) ?? "";
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page);

    await page.getByLabel("6-digit code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("That code is not right");

    await page.getByLabel("6-digit code from the app").fill(totp(key));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect.poll(() => codes.count()).toBe(10);
    // Enrolled with the password session alone: the admin pages wait for the link mailed to the address.
    await page.getByText(`Admin pages open once you follow the link we mailed to ${admin.email}`).waitFor();
    const link = await secondFactorConfirmationLink(e2e.url, admin.email);
    await page.goto(link ?? "");
    await page.getByText("Confirmed: with two-step sign-in, your account opens the admin pages.").waitFor();
    await page.goto(`${e2e.url}/admin`);
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.context().close();
  });

  test("signing in asks for the authenticator's code after the password", async () => {
    const page = await e2e.newPage();
    await signInWithPassword(page, employer);
    await page
      .getByLabel("6-digit code from your authenticator app")
      .fill("123456" === totp(secret) ? "654321" : "123456");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("That code is not right");
    // The next step's code: the current one confirmed the enrolment, and a code is good once.
    await page.getByLabel("6-digit code from your authenticator app").fill(totp(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Login successful!");
    await page.waitForURL(`${e2e.url}/`);
    await page.goto(`${e2e.url}/account/security`);
    await page.getByRole("heading", { name: "Two-step sign-in is on" }).waitFor();
    await page.context().close();
  });

  test("signing in with a recovery code instead of the app works once", async () => {
    const page = await e2e.newPage();
    await signInWithPassword(page, employer);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Login successful!");
    await page.context().close();

    const again = await e2e.newPage();
    await signInWithPassword(again, employer);
    await again.getByRole("button", { name: "Use a recovery code instead" }).click();
    await again.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await again.getByRole("button", { name: "Verify and sign in" }).click();
    await expect.poll(() => again.getByRole("alert").textContent()).toContain("was used already");
    await again.context().close();
  });

  test("an enrolled admin back from the Google-type provider gives the code before the admin pages open", async () => {
    const email = uniqueEmail("google-admin");
    const first = new CookieJar();
    const atIssuer = await startSignIn(e2e.server, first, "google");
    await finishAtIssuer(first, atIssuer.url, { email, name: "Provider admin", decision: "allow" }, e2e.url);
    const account = { email, password: "", name: "Provider admin", cookie: first.header(e2e.url), token: "" };
    const { secret: adminSecret } = await enrolSecondFactor(e2e.url, account);
    await e2e.server.services.moderation.setAdmin({ email, admin: true });

    const page = await e2e.newPage();
    await page.goto(`${e2e.url}/login?from=${encodeURIComponent("/admin")}`);
    await page.getByRole("heading", { name: "Sign In" }).waitFor();
    await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.waitForURL(`${issuer.url}/interaction/**`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Two-step sign-in" }).waitFor();
    expect(await page.getByText("Your account asks for a second step after signing in.").isVisible()).toBe(true);
    const adminApi = () => page.evaluate(() => fetch("/api/admin/queue").then((response) => response.status));
    expect(await adminApi()).toBe(404);
    await expectAccessible(page);

    await page.getByLabel("6-digit code from your authenticator app").fill(totp(adminSecret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Login successful!");
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(await adminApi()).toBe(200);
    await page.context().close();
  });

  test.each([
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ])("an employer turns it on from My Listings at %s width", async (name, viewport) => {
    const owner = await signUp(e2e.url, { name: `Owner ${name}` });
    const page = await e2e.open("/my-job", { session: owner, viewport });
    await page.getByRole("link", { name: "Two-step sign-in" }).click();
    await page.getByRole("heading", { name: "Two-step sign-in is off" }).waitFor();
    await page.getByLabel("Your password").fill(owner.password);
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await page.getByRole("heading", { name: "Scan the code with your authenticator app" }).waitFor();
    await page.screenshot({ path: `/tmp/second-factor-scan-${name}.png`, fullPage: true });
    await page
      .getByLabel("6-digit code from the app")
      .fill(totp((await page.getByLabel("Setup key").textContent()) ?? ""));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await page.getByRole("list", { name: "Recovery codes" }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/second-factor-codes-${name}.png`, fullPage: true });
    await page.context().close();
  });
});
