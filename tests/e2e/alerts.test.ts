import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ALERT_SENT } from "#app/components/alert-form.tsx";
import { jobAlerts } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createTransport, deliverDueMails } from "#server/mail/sender.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { FakeSmtp, type ReceivedMail } from "#tests/fakes/smtp.ts";
import { uniqueEmail } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { expectAccessible, MOBILE, useE2e } from "#tests/e2e/fixtures.ts";

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
});
afterAll(() => smtp?.stop());
const e2e = useE2e(() => ({ env: { SMTP_URL: smtp.url } }));

/** The mail sender's next pass, run now. */
async function deliver() {
  const { env, database } = e2e.server.services;
  const transport = createTransport(smtp.url);
  try {
    await deliverDueMails({ db: database.db, env, logger: createLogger(env), transport });
  } finally {
    transport.close();
  }
}

let seq = 0;
async function publish(...titles: [string, string][]) {
  const now = new Date();
  await insertJobsBulk(
    e2e.server.services.database.db,
    titles.map(([title, location]) => ({ ...syntheticJob(++seq, now), title, location, postingDate: now })),
  );
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.envelopeTo.includes(email));
const linkIn = (mail: ReceivedMail | undefined, path: string) =>
  mail?.text.match(new RegExp(`${e2e.url}/alerts/${path}/[A-Za-z0-9_.-]+/?`))?.[0] as string;

async function subscribe(page: Page, email: string, frequency: string) {
  await page.getByRole("button", { name: "Email me new jobs like these" }).click();
  const form = page.getByRole("form", { name: "Job alert" });
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("combobox", { name: "How often" }).selectOption(frequency);
  await form.getByRole("button", { name: "Create alert" }).click();
  await page.getByRole("status").filter({ hasText: ALERT_SENT }).waitFor();
}

test("subscribe from a search, confirm by mail, get one digest of exactly the matching job, then one-click unsubscribe", async () => {
  const email = uniqueEmail("seeker");
  const page = await e2e.open("/?search=react&location=pune");
  await subscribe(page, email, "instant");

  await deliver();
  const [confirmation] = mailsTo(email);
  expect(confirmation?.headers.subject).toBe("Confirm your job alert: react in pune");
  await page.goto(linkIn(confirmation, "confirm"));
  await page.getByRole("button", { name: "Confirm alert" }).click();
  await page.getByRole("heading", { name: "Alert confirmed" }).waitFor();

  await publish(["React Developer", "Pune"], ["Data Analyst", "Pune"]);
  await e2e.server.services.alerts.runDueAlerts();
  await deliver();
  const digests = mailsTo(email).slice(1);
  expect(digests).toHaveLength(1);
  expect(digests[0]?.text).toContain("React Developer at");
  expect(digests[0]?.text).not.toContain("Data Analyst");

  await e2e.server.services.alerts.runDueAlerts();
  await deliver();
  expect(mailsTo(email)).toHaveLength(2);

  // A mail scanner's GET shows the question and changes nothing.
  const unsubscribe = /<([^>]+)>/.exec(digests[0]?.headers["list-unsubscribe"] ?? "")?.[1] as string;
  await page.goto(unsubscribe);
  await page.getByRole("heading", { name: "Unsubscribe from this alert?" }).waitFor();
  const db = e2e.server.services.database.db;
  expect(await db.select().from(jobAlerts).where(eq(jobAlerts.email, email))).toHaveLength(1);

  // The mail client's one-click POST (RFC 8058) unsubscribes; nothing more is mailed.
  const oneClick = await fetch(unsubscribe, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  await publish(["React Architect", "Pune"]);
  await e2e.server.services.alerts.runDueAlerts();
  await deliver();
  expect(mailsTo(email)).toHaveLength(2);
  await page.context().close();
});

test("at 375 px the alert form opens beside the results, stores the search on screen, and the page stays accessible", async () => {
  const page = await e2e.open("/?search=rust", { viewport: MOBILE });
  const email = uniqueEmail("mobile");
  await subscribe(page, email, "weekly");
  await expectAccessible(page);
  const [row] = await e2e.server.services.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email));
  expect(row).toMatchObject({ frequency: "weekly", search: { search: "rust" }, confirmedAt: null });
  await page.context().close();
});

test("a signed-in user sees the alerts mailed to their address on a page of their own, and reaches the manage page from it", async () => {
  const session = await signUp(e2e.url, { email: uniqueEmail("member") });
  const subscribed = await api(e2e.url, "/api/alerts", {
    method: "POST",
    body: { email: session.email, frequency: "daily", search: { search: "golang", location: "Remote" } },
  });
  expect(subscribed.status).toBe(202);
  const page = await e2e.open("/my-alerts", { session });
  await page.getByRole("heading", { name: "My Job Alerts" }).waitFor();
  await page.getByRole("link", { name: "golang in Remote" }).waitFor();
  expect(await page.getByText("Daily · not confirmed yet").count()).toBe(1);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Change or delete these alerts" }).click();
  await page.getByRole("heading", { name: "Your job alerts" }).waitFor();
  expect(await page.getByText(`Alerts mailed to ${session.email}.`).count()).toBe(1);
  await page.context().close();

  const signedOut = await e2e.newPage();
  await signedOut.goto(`${e2e.url}/my-alerts`);
  expect(new URL(signedOut.url()).pathname).toBe("/login");
  await signedOut.context().close();
});
