import { sql } from "drizzle-orm";
import { formatLongDate } from "#shared/dates.ts";
import { expiresAt, isRenewable, RENEW_WITHIN_DAYS, type Renewed } from "#shared/stats.ts";
import type { SessionUser } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { DomainError, forbidden, notFound } from "#server/errors.ts";
import type { Jobs } from "#server/jobs.ts";
import type { Logger } from "#server/logger.ts";
import { enqueueMail } from "#server/mail.ts";
import { repeat } from "#server/repeat.ts";
import { reminderMail } from "#server/renewals/mails.ts";
import { createRenewalTokens } from "#server/renewals/tokens.ts";
import type { Stats } from "#server/stats.ts";

export { renewalGonePage, renewedPage, renewPage } from "#server/renewals/pages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A reminder's link works until this long after the listing would have expired. */
const LINK_OUTLIVES_EXPIRY_DAYS = 7;
/** The first key of the reminder pass's advisory lock: one instance of many mails at a time. */
const REMINDER_LOCK = 727_032;
const BATCH = 100;

/** A date as the mails and pages say it: 3 December 2026 (UTC, as the 30 days are counted). */

const NOT_RENEWABLE = `A listing can be renewed in its last ${RENEW_WITHIN_DAYS} days, or once it has expired`;

/**
 * Expiry reminders and renewal (issue 32): RENEW_WITHIN_DAYS before a listing expires its owner is mailed once, with
 * what it earned and a signed, single-use, expiring link that renews it for 30 days from that moment; the owner may
 * renew from My Listings too. Listings are read and renewed through the jobs door, mail goes through the outbox.
 */
export function createRenewals({
  database,
  env,
  jobs,
  stats,
  secret,
}: {
  database: Database;
  env: Env;
  jobs: Jobs;
  stats: Pick<Stats, "totalsOf">;
  secret: string;
}) {
  const tokens = createRenewalTokens(secret);

  async function claimedListing(token: string, now: Date) {
    const claim = tokens.verify(token, now);
    const listing = claim ? await jobs.findListingForApplications({ id: claim.jobId }) : undefined;
    if (!claim || !listing || !listing.published) return undefined;
    // Renewed since the link was made (by it, or from My Listings): the link has done its work.
    if (Math.floor(Number(claim.postedMicros) / 1000) !== Date.parse(listing.postingDate)) return undefined;
    return { claim, listing };
  }

  /** One pass's mails: the due listings in batches, each mailed and then marked (the mail's key keeps it to one). */
  async function mailDueReminders(now: Date): Promise<number> {
    let sent = 0;
    const handled = new Set<string>();
    for (;;) {
      const due = await jobs.listListingsToRemind({ now, limit: BATCH });
      // A listing that could not be marked (changed meanwhile) would come back in each batch: the next pass takes it.
      if (due.every((listing) => handled.has(listing.id))) return sent;
      const totals = await stats.totalsOf({ jobIds: due.map((listing) => listing.id) });
      for (const listing of due) {
        const expiry = expiresAt(listing.postingDate);
        const renewUrl = `${env.PUBLIC_URL}/renew/${tokens.sign({ jobId: listing.id, postedMicros: listing.postedMicros }, new Date(expiry.getTime() + LINK_OUTLIVES_EXPIRY_DAYS * DAY_MS))}`;
        const mail = reminderMail({
          to: listing.email ?? "",
          listing,
          expiresOn: formatLongDate(expiry),
          totals: totals[listing.id] ?? { views: 0, applyClicks: 0, impressions: 0, applications: 0 },
          renewUrl,
          statsUrl: `${env.PUBLIC_URL}/my-jobs/${listing.id}/stats`,
        });
        if (await enqueueMail(database.db, mail)) sent += 1;
        await jobs.markReminded({ id: listing.id, postedMicros: listing.postedMicros });
        handled.add(listing.id);
      }
      if (due.length < BATCH) return sent;
    }
  }

  return {
    /**
     * Mails every reminder that is due; how many were queued. On PostgreSQL a transaction-scoped advisory lock makes
     * one instance of many do it (the others skip to their next pass); PGlite is one process. null: another instance
     * has it.
     */
    async sendDueReminders({ now = new Date() }: { now?: Date } = {}): Promise<number | null> {
      if (database.engine !== "postgres") return mailDueReminders(now);
      return database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${REMINDER_LOCK}, 0) AS locked`);
        const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
        return locked ? mailDueReminders(now) : null;
      });
    },

    /** What the reminder's link shows before its button is pressed; undefined when it no longer works. */
    async describeRenewal({ token, now = new Date() }: { token: string; now?: Date }) {
      const found = await claimedListing(token, now);
      if (!found) return undefined;
      const { listing } = found;
      return {
        title: listing.title,
        companyName: listing.companyName,
        expiresOn: formatLongDate(expiresAt(listing.postingDate)),
      };
    },

    /** The reminder's link, its button pressed: renewed once; undefined when the link no longer works. */
    async renewByToken({ token, now = new Date() }: { token: string; now?: Date }) {
      const found = await claimedListing(token, now);
      if (!found) return undefined;
      const renewedAt = await jobs.renewListing({ id: found.listing.id, postedMicros: found.claim.postedMicros, now });
      if (!renewedAt) return undefined;
      return { id: found.listing.id, title: found.listing.title, expiresOn: formatLongDate(expiresAt(renewedAt)) };
    },

    /** The owner's Renew in My Listings (and the API): their own published listing, in its last days or expired. */
    async renewOwnListing({
      user,
      id,
      now = new Date(),
    }: {
      user: SessionUser;
      id: string;
      now?: Date;
    }): Promise<Renewed> {
      const listing = await jobs.findListingForApplications({ id });
      if (!listing) throw notFound("Job not found");
      if (listing.ownerId !== user.id) throw forbidden("Only the employer who posted this job can renew it");
      if (!listing.published || !isRenewable(listing.postingDate, now))
        throw new DomainError("CONFLICT", NOT_RENEWABLE);
      const renewedAt = await jobs.renewListing({ id: listing.id, ownerId: user.id, now });
      if (!renewedAt) throw new DomainError("CONFLICT", NOT_RENEWABLE);
      return { ok: true, postingDate: renewedAt.toISOString(), expiresAt: expiresAt(renewedAt).toISOString() };
    },
  };
}

export type Renewals = ReturnType<typeof createRenewals>;

/** Hourly: the reminders that are due. Run with the other background loops, by one process per machine. */
export function startReminderLoop({
  renewals,
  logger,
  intervalMs = 60 * 60 * 1000,
}: {
  renewals: Pick<Renewals, "sendDueReminders">;
  logger: Logger;
  intervalMs?: number;
}) {
  return repeat(
    async () => {
      const sent = await renewals.sendDueReminders();
      if (sent) logger.info({ reminders: sent }, "listing expiry reminders queued");
    },
    intervalMs,
    logger,
    "expiry reminder pass",
  );
}
