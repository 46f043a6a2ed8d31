import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { enqueueMails } from "#server/mail.ts";
import { adminAddresses } from "#server/accounts.ts";

/** One mail per admin when a listing starts waiting for review, through the outbox (sent once, even if SMTP is down now). */
export async function notifyAdminsOfPending(
  db: Db,
  env: Env,
  job: { id: string; title: string; companyName: string },
  why: string,
) {
  const addresses = await adminAddresses(db, env);
  await enqueueMails(
    db,
    addresses.map((to) => ({
      to,
      subject: `Waiting for review: ${job.title} at ${job.companyName}`,
      text: [
        `A listing is waiting for review (${why}).`,
        "",
        `${job.title} at ${job.companyName}`,
        "",
        `Review it at ${env.PUBLIC_URL}/admin/jobs/${job.id}`,
      ].join("\n"),
    })),
  );
}

/** A listing readers reported: when the first open report arrives, and when enough of them hid it. */
export async function notifyAdminsOfReport(
  db: Db,
  env: Env,
  job: { id: string; title: string; companyName: string },
  what: string,
) {
  const addresses = await adminAddresses(db, env);
  await enqueueMails(
    db,
    addresses.map((to) => ({
      to,
      subject: `Reported: ${job.title} at ${job.companyName}`,
      text: [
        `${what}.`,
        "",
        `${job.title} at ${job.companyName}`,
        "",
        `Review it at ${env.PUBLIC_URL}/admin/jobs/${job.id}`,
      ].join("\n"),
    })),
  );
}

/** The employer hears that their listing passed review and is live, with its address. */
export async function mailApproval(db: Db, env: Env, job: { id: string; title: string; ownerEmail: string }) {
  await enqueueMails(db, [
    {
      to: job.ownerEmail,
      subject: `Your listing is live: ${job.title}`,
      text: [
        `Your listing "${job.title}" was reviewed and is now published.`,
        "",
        `See it at ${env.PUBLIC_URL}/jobs/${job.id}`,
        "",
        `You can edit or delete it any time from My Listings: ${env.PUBLIC_URL}/my-job`,
      ].join("\n"),
    },
  ]);
}

/** The employer hears why their listing was rejected. */
export async function mailRejection(
  db: Db,
  env: Env,
  job: { id: string; title: string; ownerEmail: string },
  reason: string,
) {
  await enqueueMails(db, [
    {
      to: job.ownerEmail,
      subject: `Your listing was not published: ${job.title}`,
      text: [
        `Your listing "${job.title}" was reviewed and not published.`,
        "",
        `Reason: ${reason}`,
        "",
        `You can change it and submit it again from My Listings: ${env.PUBLIC_URL}/my-job`,
      ].join("\n"),
    },
  ]);
}
