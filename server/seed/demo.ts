import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, like, or, sql } from "drizzle-orm";
import type { Auth } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import { JOIN_COMPANY_BY_NAME } from "#server/jobs.ts";
import {
  applications,
  blogPosts,
  companies,
  jobAlerts,
  jobReports,
  jobs,
  mailOutbox,
  moderationEvents,
  user,
} from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { seedDemoApplications } from "#server/seed/demo-applications.ts";
import { seedDemoStats } from "#server/seed/demo-stats.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";

/**
 * Every demo account's address is on this domain: `.local` is never delivered to, so no real person can hold one, and
 * `npm run demo -- remove` finds the accounts (and the mail queued for them) by it.
 */
const DEMO_DOMAIN = "demo.jobboard.local";

export const DEMO_EMPLOYER = { name: "Demo Employer", email: `employer@${DEMO_DOMAIN}` } as const;

/** The first start's admin, so /admin has someone to show its queue to (printed in the log like the employer). */
export const DEMO_ADMIN = { name: "Demo Admin", email: `admin@${DEMO_DOMAIN}` } as const;

/** The demo accounts' passwords as this seed made them: random, shown once in the log and never stored in clear. */
export type DemoPasswords = { employer: string; admin: string };

/**
 * A published password would let anyone sign in as the demo admin of any board started from the quick start and
 * approve, hide and read contact messages there; a random one is known only to whoever reads this start's log.
 */
function randomPassword(): string {
  return randomBytes(15).toString("base64url");
}

const DEMO_LISTINGS = 60;
const DEMO_OWNED_LISTINGS = 7;

const DEMO_POSTS = [
  {
    title: "Why we made posting a job free",
    date: "2024-08-05",
    content:
      "Small companies told us the same story: paid job boards cost more than their first hire's monthly salary. So posting here is free, with no limit on listings and no featured-slot upsell.\nEvery listing stays live for 30 days, and you can edit or delete it any time from My Listings.",
  },
  {
    title: "Five things job seekers look at before they click Apply",
    date: "2024-09-12",
    content:
      "We looked at which listings get the most Apply clicks. The winners share five habits: a salary range, a clear location (or 'Remote'), the experience level, a short description of the first three months, and a real contact email or phone number.\nListings with a salary range got twice as many clicks as those without.",
  },
  {
    title: "Remote jobs from around the web, in one place",
    date: "2024-10-21",
    content:
      "The Job Sites page now gathers openings from RemoteOK, Adzuna, Jooble and Himalayas. Search them from one box, then apply on the original posting.\nWe refresh each source on a schedule and keep within every provider's terms, so the pages stay fast and the links stay fresh.",
  },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [[jobCount], [userCount], [postCount]] = await Promise.all([
    db.select({ n: count() }).from(jobs),
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(blogPosts),
  ]);
  return (jobCount?.n ?? 0) + (userCount?.n ?? 0) + (postCount?.n ?? 0) === 0;
}

/** Demo content for the quick start: ~60 listings (some owned by the demo employer) and three blog posts. */
export async function seedDemo(db: Db, auth: Auth, logger: Logger, now = new Date()): Promise<DemoPasswords> {
  const passwords: DemoPasswords = { employer: randomPassword(), admin: randomPassword() };
  const { user: employer } = await auth.api.signUpEmail({
    body: { name: DEMO_EMPLOYER.name, email: DEMO_EMPLOYER.email, password: passwords.employer },
  });
  const rows = Array.from({ length: DEMO_LISTINGS }, (_, i) => {
    // Demo listings are spread over the last 25 days so every one of them is live on first start.
    const job = syntheticJob(i + 1, now);
    const postingDate = new Date(now.getTime() - ((i * 10) % (25 * 24)) * 60 * 60 * 1000);
    const owned = i < DEMO_OWNED_LISTINGS;
    return {
      ...job,
      postingDate,
      ownerId: owned ? employer.id : null,
      postedByEmail: owned ? DEMO_EMPLOYER.email : job.postedByEmail,
      // The demo employer's listings take applications on the board, so its inbox has something to show (and its
      // stats pages some numbers).
      applyMethod: owned ? ("board" as const) : null,
      demo: true,
    };
  });
  // The demo employer's listings are already reviewed: trusted, so what it posts next publishes at once too.
  await db.update(user).set({ trustedAt: now, emailVerified: true }).where(eq(user.id, employer.id));
  await insertJobsBulk(db, rows);
  const owned = await db
    .select({ id: jobs.id, title: jobs.title, postingDate: jobs.postingDate })
    .from(jobs)
    .where(eq(jobs.ownerId, employer.id))
    .orderBy(desc(jobs.postingDate));
  // The second newest, near the top of My Listings' first page, and posted long enough ago to have applicants.
  const applied = owned[1];
  const received = applied ? await seedDemoApplications(db, DEMO_DOMAIN, applied, now) : 0;
  await seedDemoStats(db, owned, now);
  await seedReviewQueue(db, auth, passwords.admin, now);
  // The demo accounts are verified above; their sign-up verification mails would go to addresses nobody reads.
  await deleteDemoMail(db);
  await db.insert(blogPosts).values(DEMO_POSTS.map((post) => ({ ...post, demo: true })));
  logger.info(
    { email: DEMO_EMPLOYER.email, password: passwords.employer },
    `Seeded demo content: ${DEMO_LISTINGS} listings, 3 blog posts and a demo employer with ${received} applications in its inbox (sign in with ${DEMO_EMPLOYER.email} / ${passwords.employer})`,
  );
  logger.info(
    { email: DEMO_ADMIN.email, password: passwords.admin },
    `Seeded a demo admin with one listing waiting for review and one reported listing at /admin (sign in with ${DEMO_ADMIN.email} / ${passwords.admin}). These passwords are shown only this once; before opening the board to the public, run \`npm run demo -- remove\` to delete every demo account, listing, application and post`,
  );
  return passwords;
}

/**
 * True while the demo content is on the board, until `npm run demo -- remove`: its accounts, found by their exact
 * (indexed) addresses, or its posts. A SQL condition, so a caller can fold it into a statement of its own.
 */
export const DEMO_CONTENT_PRESENT = sql`(EXISTS (SELECT 1 FROM ${user} WHERE ${user.email} IN (${DEMO_EMPLOYER.email}, ${DEMO_ADMIN.email}))
  OR EXISTS (SELECT 1 FROM ${blogPosts} WHERE ${blogPosts.demo}))`;

export type RemovedDemo = { accounts: number; listings: number; applications: number; posts: number };

/**
 * Deletes everything the demo seed made and nothing else: the demo accounts (their sessions and sign-in methods go
 * with them), the listings and posts marked as demo (their reports and moderation history go with them), the
 * applications to demo listings or from demo addresses (a deleted listing's would otherwise wait out the retention
 * period), any mail or alert addressed to a demo account, and the companies left without listings. Listings real
 * employers posted meanwhile stay, even on a demo-seeded board.
 */
export async function removeDemo(db: Db): Promise<RemovedDemo> {
  return db.transaction(async (tx) => {
    const applied = await tx
      .delete(applications)
      .where(
        or(
          inArray(applications.jobId, tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.demo, true))),
          like(applications.email, `%@${DEMO_DOMAIN}`),
        ),
      )
      .returning({ id: applications.id });
    const listings = await tx.delete(jobs).where(eq(jobs.demo, true)).returning({ id: jobs.id });
    const posts = await tx.delete(blogPosts).where(eq(blogPosts.demo, true)).returning({ id: blogPosts.id });
    await tx.delete(jobAlerts).where(like(jobAlerts.email, `%@${DEMO_DOMAIN}`));
    await deleteDemoMail(tx);
    // The companies the demo's listings made, now without a listing: the demo accounts' and the ownerless ones (only
    // seeded listings have no owner). A real employer's company stays, with or without listings.
    await tx.execute(sql`
      DELETE FROM ${companies} WHERE NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.companyId} = ${companies.id})
        AND (${companies.ownerId} IS NULL
          OR ${companies.ownerId} IN (SELECT ${user.id} FROM ${user} WHERE ${user.email} LIKE ${`%@${DEMO_DOMAIN}`}))`);
    const accounts = await tx
      .delete(user)
      .where(like(user.email, `%@${DEMO_DOMAIN}`))
      .returning({ id: user.id });
    return {
      accounts: accounts.length,
      listings: listings.length,
      applications: applied.length,
      posts: posts.length,
    };
  });
}

function deleteDemoMail(db: Db) {
  return db.delete(mailOutbox).where(like(mailOutbox.toAddress, `%@${DEMO_DOMAIN}`));
}

/** A verified admin, one listing from a newcomer waiting for review, and one reader's report of a live listing. */
async function seedReviewQueue(db: Db, auth: Auth, password: string, now: Date) {
  const { user: admin } = await auth.api.signUpEmail({
    body: { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, password },
  });
  await db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.id, admin.id));
  const waiting = {
    ...syntheticJob(DEMO_LISTINGS + 1, now),
    postingDate: now,
    postedByEmail: `newcomer@${DEMO_DOMAIN}`,
  };
  const [pending] = await db
    .insert(jobs)
    .values({ ...waiting, companyId: JOIN_COMPANY_BY_NAME, status: "pending", demo: true })
    .returning({ id: jobs.id });
  if (pending) await db.insert(moderationEvents).values({ jobId: pending.id, action: "submitted" });
  const [reported] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.ownerId), eq(jobs.status, "published")))
    .orderBy(desc(jobs.postingDate))
    .limit(1);
  if (reported) {
    await db.insert(jobReports).values({
      jobId: reported.id,
      reporterKey: "ip:192.0.2.10",
      clientIp: "192.0.2.10",
      reason: "misleading",
      comment: "The salary on the company's own site is lower than here.",
    });
  }
}
