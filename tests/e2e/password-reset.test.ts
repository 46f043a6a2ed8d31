import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { signUp, type Session } from "#tests/support/http.ts";
import { uniqueEmail } from "#tests/support/factories.ts";
import { expectAccessible, hydrated, useE2e, VIEWPORTS } from "#tests/e2e/fixtures.ts";

vi.setConfig({ testTimeout: 90_000 });

let smtp: FakeSmtp;
let sender: { stop: () => Promise<void> };
beforeAll(async () => {
  smtp = await FakeSmtp.start();
});
const e2e = useE2e(() => ({ env: { SMTP_URL: smtp.url, ACCOUNT_MAIL_RATE_LIMIT_MAX: "100" } }));
beforeAll(() => {
  sender = startMailSender({
    db: e2e.server.services.database.db,
    env: e2e.server.services.env,
    logger: e2e.server.services.logger,
    pollIntervalMs: 50,
  });
});
afterAll(async () => {
  await sender?.stop();
  await smtp?.stop();
});

const sessionUser = async (session: Pick<Session, "cookie">) => {
  const response = await fetch(`${e2e.url}/api/auth/get-session`, {
    headers: { cookie: session.cookie, origin: e2e.url },
  });
  return (await response.json()) as { user?: { email: string } } | null;
};

const signIn = (email: string, password: string) =>
  fetch(`${e2e.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: e2e.url },
    body: JSON.stringify({ email, password }),
  });

const requestReset = (email: string) =>
  fetch(`${e2e.url}/api/auth/request-password-reset`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: e2e.url },
    body: JSON.stringify({ email, redirectTo: "/reset-password" }),
  });

describe.each(VIEWPORTS)("password reset at %s width", (_name, viewport) => {
  test("forgot password → mail at a real SMTP server → new password; the old sessions are signed out", async () => {
    const member = await signUp(e2e.url, { name: "Forgetful" });
    expect((await sessionUser(member))?.user?.email).toBe(member.email);

    const page = await e2e.open("/login", { viewport });
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByRole("status").filter({ hasText: "If an account uses that address, we sent it a link" }).waitFor();
    await expectAccessible(page);

    const mail = (await smtp.waitForMails(member.email, "Reset your password"))[0]!;
    const link = mail.text.match(/https?:\/\/\S+reset-password\/\S+/)?.[0] ?? "";
    expect(link).toContain(`${e2e.url}/api/auth/reset-password/`);
    await page.goto(link);
    await hydrated(page);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password").fill("a brand new passphrase");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByRole("status").filter({ hasText: "Your password is changed. Sign in with it." }).waitFor();
    await expectAccessible(page);

    expect(await sessionUser(member)).toBeNull();
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, "a brand new passphrase")).status).toBe(200);

    // The link works once.
    await page.goto(link);
    await hydrated(page);
    await page
      .getByRole("alert")
      .filter({ hasText: "This link has expired or was already used. Ask for a new one." })
      .waitFor();
    await page.context().close();
  });
});

test("the reset request answers the same whether or not the address has an account, and mails only an account", async () => {
  const member = await signUp(e2e.url, { name: "Known" });
  const stranger = uniqueEmail("nobody");
  const known = await requestReset(member.email);
  const unknown = await requestReset(stranger);
  expect([known.status, unknown.status]).toEqual([200, 200]);
  expect(await unknown.json()).toEqual(await known.json());
  const queued = await e2e.server.services.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, stranger));
  expect(queued).toHaveLength(0);
});
