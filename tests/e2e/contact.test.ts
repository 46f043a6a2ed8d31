import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contactMessages } from "../../server/db/schema";
import { startOutboxSender, type OutboxSender } from "../../server/mail/sender";
import { FakeSmtp } from "../fakes/smtp";
import { launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { expectAccessible, openPage, VIEWPORTS } from "./content-fixtures";

const CONTACT_TO = "team@jobboard.test";

let server: TestServer;
let smtp: FakeSmtp;
let sender: OutboxSender;
let browser: Browser;

beforeAll(async () => {
  smtp = await FakeSmtp.start();
  [server, browser] = await Promise.all([
    startTestServer({ pages: true, env: { SMTP_URL: smtp.url, CONTACT_TO } }),
    launchBrowser(),
  ]);
  sender = startOutboxSender(server.services, { pollIntervalMs: 100, retryBaseMs: 200, retryMaxMs: 1000 });
});
afterAll(async () => {
  await sender?.stop();
  await browser?.close();
  await server?.close();
  await smtp?.stop();
});

const field = (page: Page, label: string) => page.getByRole("textbox", { name: new RegExp(`^${label}`) });
const popup = (page: Page, text: string) => page.getByText(text, { exact: true });

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; subject?: string; message?: string }) {
  if (values.name !== undefined) await field(page, "Name").fill(values.name);
  if (values.email !== undefined) await field(page, "Email").fill(values.email);
  if (values.phone !== undefined) await field(page, "Phone number").fill(values.phone);
  if (values.subject !== undefined) await field(page, "Subject").fill(values.subject);
  if (values.message !== undefined) await field(page, "Message").fill(values.message);
}

async function formValues(page: Page) {
  return Promise.all(["Name", "Email", "Phone number", "Subject", "Message"].map((label) => field(page, label).inputValue()));
}

/** Spec §4: the result popup shows, then goes away by itself after 1.5 s. */
async function expectPopupComesAndGoes(page: Page, text: string) {
  await popup(page, text).waitFor({ state: "visible" });
  await popup(page, text).waitFor({ state: "hidden", timeout: 5_000 });
}

async function storedCount() {
  return (await server.services.database.db.select().from(contactMessages)).length;
}

describe.each(VIEWPORTS)("contact form on %s", (viewportName, viewport) => {
  test("name, email and message are required, email is typed as email, and phone and subject are optional", async () => {
    const { page, close } = await openPage(browser, server.url, "/contact", viewport);
    expect(await field(page, "Name").getAttribute("required")).not.toBeNull();
    expect(await field(page, "Email").getAttribute("required")).not.toBeNull();
    expect(await field(page, "Email").getAttribute("type")).toBe("email");
    expect(await field(page, "Message").getAttribute("required")).not.toBeNull();
    expect(await field(page, "Phone number").getAttribute("required")).toBeNull();
    expect(await field(page, "Subject").getAttribute("required")).toBeNull();

    const before = await storedCount();
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await field(page, "Name").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(await storedCount()).toBe(before);
    await close();
  });

  test("a sent message shows 'Email sent successfully', clears every field and arrives by mail with reply-to the visitor", async () => {
    const { page, close } = await openPage(browser, server.url, "/contact", viewport);
    const subject = `Question from the ${viewportName} page`;
    await fill(page, {
      name: "Meera Iyer",
      email: "meera.iyer@example.com",
      phone: "+91 99000 11223",
      subject,
      message: "Can I post the same job in two cities?",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPopupComesAndGoes(page, "Email sent successfully");
    expect(await formValues(page)).toEqual(["", "", "", "", ""]);

    await expect.poll(() => smtp.mails.filter((mail) => mail.headers.subject === `Contact form: ${subject}`).length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.mails.find((m) => m.headers.subject === `Contact form: ${subject}`);
    expect(mail?.envelopeTo).toEqual([CONTACT_TO]);
    expect(mail?.headers["reply-to"]).toBe("Meera Iyer <meera.iyer@example.com>");
    expect(mail?.text).toContain("Phone: +91 99000 11223");
    expect(mail?.text).toContain("Can I post the same job in two cities?");
    await close();
  });

  test("while sending, the button reads 'Submitting...' and is dimmed", async () => {
    const { page, close } = await openPage(browser, server.url, "/contact", viewport);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the request in the network layer so the in-between state can be seen; it then reaches the real server.
    await page.route("**/api/sendEmail", async (route) => {
      await held;
      await route.continue();
    });
    await fill(page, { name: "Kabir", email: "kabir@example.com", message: "Is there a mobile app?" });
    await page.getByRole("button", { name: "Send Message" }).click();
    const busy = page.getByRole("button", { name: "Submitting..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(Number(await busy.evaluate((button) => getComputedStyle(button).opacity))).toBeLessThan(1);
    release();
    await expectPopupComesAndGoes(page, "Email sent successfully");
    expect(await page.getByRole("button", { name: "Send Message" }).isEnabled()).toBe(true);
    await close();
  });

  test("a message the server refuses shows 'Failed to send email. Please try again.' and each field's reason, keeping what was typed", async () => {
    const { page, close } = await openPage(browser, server.url, "/contact", viewport);
    const before = await storedCount();
    // Both pass the browser's own checks (a blank-only name is not empty; user@host is a valid email type value).
    await fill(page, { name: "   ", email: "ravi@localhost", message: "Hello there" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPopupComesAndGoes(page, "Failed to send email. Please try again.");
    const name = field(page, "Name");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await name.getAttribute("aria-describedby")}`).innerText()).toBe("Please enter your name");
    expect(await page.getByText("Please enter a valid email address, like name@example.com").count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await field(page, "Message").inputValue()).toBe("Hello there");
    expect(await storedCount()).toBe(before);
    await expectAccessible(page);
    await close();
  });

  test("when the network fails the popup says 'Error sending email. Please try again.' and the message stays in the form", async () => {
    const { page, context, close } = await openPage(browser, server.url, "/contact", viewport);
    await fill(page, { name: "Anu", email: "anu@example.com", message: "Offline question" });
    await context.setOffline(true);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPopupComesAndGoes(page, "Error sending email. Please try again.");
    expect(await page.getByText(/could not reach the server/).count()).toBe(1);
    expect(await formValues(page)).toEqual(["Anu", "anu@example.com", "", "", "Offline question"]);
    await context.setOffline(false);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPopupComesAndGoes(page, "Email sent successfully");
    await close();
  });
});

describe("contact form over the rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ pages: true, env: { CONTACT_RATE_LIMIT_MAX: "1" } });
  });
  afterAll(() => limited?.close());

  test("a refused (429) send shows 'Failed to send email. Please try again.' and says why", async () => {
    const { page, close } = await openPage(browser, limited.url, "/contact", VIEWPORTS[0][1]);
    await fill(page, { name: "Sam", email: "sam@example.com", message: "First message" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await popup(page, "Email sent successfully").waitFor();
    await fill(page, { name: "Sam", email: "sam@example.com", message: "Second message" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPopupComesAndGoes(page, "Failed to send email. Please try again.");
    await page.getByText(/You have sent several messages in a short time/).waitFor();
    expect(await field(page, "Message").inputValue()).toBe("Second message");
    await close();
  });
});
