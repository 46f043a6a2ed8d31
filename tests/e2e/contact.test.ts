import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox } from "#server/db/schema.ts";
import { startMailSender } from "#server/mail/sender.ts";
import { FakeSmtp } from "#tests/fakes/smtp.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";
import {
  DESKTOP,
  expectAccessible,
  flowTest,
  hydrated,
  type PageOptions,
  pauseClock,
  useE2e,
  VIEWPORTS,
} from "#tests/e2e/fixtures.ts";

const CONTACT_TO = "team@jobboard.test";

let smtp: FakeSmtp;
let sender: ReturnType<typeof startMailSender>;

beforeAll(async () => {
  smtp = await FakeSmtp.start();
});
afterAll(() => smtp?.stop());
const e2e = useE2e(() => ({ env: { SMTP_URL: smtp.url, CONTACT_TO } }));
beforeAll(() => {
  const { database, env, logger } = e2e.server.services;
  sender = startMailSender({ db: database.db, env, logger, pollIntervalMs: 100, retryBaseMs: 200, retryMaxMs: 1000 });
});
afterAll(() => sender?.stop());

/** A fresh page on /contact, hydrated. */
async function openContact(options: PageOptions) {
  const page = await e2e.open("/contact", options);
  return { page, context: page.context(), close: () => page.context().close() };
}

const field = (page: Page, label: string) => page.getByRole("textbox", { name: new RegExp(`^${label}`) });
const popup = (page: Page, text: string) => page.getByText(text, { exact: true });

async function fill(
  page: Page,
  values: { name?: string; email?: string; phone?: string; subject?: string; message?: string },
) {
  if (values.name !== undefined) await field(page, "Name").fill(values.name);
  if (values.email !== undefined) await field(page, "Email").fill(values.email);
  if (values.phone !== undefined) await field(page, "Phone number").fill(values.phone);
  if (values.subject !== undefined) await field(page, "Subject").fill(values.subject);
  if (values.message !== undefined) await field(page, "Message").fill(values.message);
}

async function formValues(page: Page) {
  return Promise.all(
    ["Name", "Email", "Phone number", "Subject", "Message"].map((label) => field(page, label).inputValue()),
  );
}

/** Spec §4: the result popup shows, then goes away by itself after 1.5 s. */
async function expectPopupComesAndGoes(page: Page, text: string) {
  await popup(page, text).waitFor({ state: "visible" });
  await popup(page, text).waitFor({ state: "hidden", timeout: 5_000 });
}

async function storedCount() {
  return (await e2e.server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "contact"))).length;
}

describe.each(VIEWPORTS)("contact form on %s", (viewportName, viewport) => {
  const flow = flowTest(viewport);
  flow(
    "name, email and message are required, email is typed as email, and phone and subject are optional",
    async () => {
      const { page, close } = await openContact({ viewport });
      expect(await field(page, "Name").getAttribute("required")).not.toBeNull();
      expect(await field(page, "Email").getAttribute("required")).not.toBeNull();
      expect(await field(page, "Email").getAttribute("type")).toBe("email");
      expect(await field(page, "Message").getAttribute("required")).not.toBeNull();
      expect(await field(page, "Phone number").getAttribute("required")).toBeNull();
      expect(await field(page, "Subject").getAttribute("required")).toBeNull();

      const before = await storedCount();
      const sends: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/sendEmail") sends.push(request.method());
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      // The browser refuses the empty form and focuses its first required field.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
      const missing = (label: string) =>
        field(page, label).evaluate((input: HTMLInputElement) => input.validity.valueMissing);
      expect([await missing("Name"), await missing("Email"), await missing("Message")]).toEqual([true, true, true]);
      expect([await missing("Phone number"), await missing("Subject")]).toEqual([false, false]);

      // With the required fields filled the same button sends: one request and one stored message, so the refused click sent nothing.
      await fill(page, { name: "Ira", email: "ira@example.com", message: `Required fields on ${viewportName}` });
      await page.getByRole("button", { name: "Send Message" }).click();
      await popup(page, "Email sent successfully").waitFor();
      expect(sends).toEqual(["POST"]);
      expect(await storedCount()).toBe(before + 1);
      await close();
    },
  );

  test("the 'Email sent successfully' toast does not cover the header", async () => {
    const page = await e2e.newPage({ viewport });
    // The clock stands still, so the 1.5 s toast is still there to be measured on a slow machine.
    await pauseClock(page);
    await page.goto(`${e2e.url}/contact`);
    await hydrated(page);
    await fill(page, { name: "Ravi Kumar", email: "ravi@example.com", message: "Where is the toast?" });
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = popup(page, "Email sent successfully");
    await toast.waitFor();
    const [box, header] = [await toast.boundingBox(), await page.getByRole("banner").boundingBox()];
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    await page.context().close();
  });

  flow(
    "a sent message shows 'Email sent successfully', clears every field and arrives by mail with reply-to the visitor",
    async () => {
      const { page, close } = await openContact({ viewport });
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

      await expect
        .poll(() => smtp.mails.filter((mail) => mail.headers.subject === `Contact form: ${subject}`).length, {
          timeout: 15_000,
        })
        .toBe(1);
      const mail = smtp.mails.find((m) => m.headers.subject === `Contact form: ${subject}`);
      expect(mail?.envelopeTo).toEqual([CONTACT_TO]);
      expect(mail?.headers["reply-to"]).toBe("Meera Iyer <meera.iyer@example.com>");
      expect(mail?.text).toContain("Phone: +91 99000 11223");
      expect(mail?.text).toContain("Can I post the same job in two cities?");
      await close();
    },
  );

  flow("while sending, the button reads 'Submitting...' and is dimmed", async () => {
    const { page, close } = await openContact({ viewport });
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
    const { page, close } = await openContact({ viewport });
    const before = await storedCount();
    // Both pass the browser's own checks (a blank-only name is not empty; user@host is a valid email type value).
    await fill(page, { name: "   ", email: "ravi@localhost", message: "Hello there" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPopupComesAndGoes(page, "Failed to send email. Please try again.");
    const name = field(page, "Name");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await name.getAttribute("aria-describedby")}`).innerText()).toBe(
      "Please enter your name",
    );
    expect(await page.getByText("Please enter a valid email address, like name@example.com").count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await field(page, "Message").inputValue()).toBe("Hello there");
    expect(await storedCount()).toBe(before);
    await expectAccessible(page);
    await close();
  });

  test("when the network fails the popup says 'Error sending email. Please try again.' and the message stays in the form", async () => {
    const { page, context, close } = await openContact({ viewport });
    await fill(page, { name: "Anu", email: "anu@example.com", message: "Offline question" });
    await context.setOffline(true);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectPopupComesAndGoes(page, "Error sending email. Please try again.");
    expect(await page.getByText("Could not reach the server. Check your connection and try again.").count()).toBe(1);
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
    const { page, close } = await openContact({ viewport: DESKTOP, baseUrl: limited.url });
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
