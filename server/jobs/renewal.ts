import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { LISTING_LIFETIME_DAYS } from "#shared/job.ts";
import { RENEW_WITHIN_DAYS } from "#shared/stats.ts";
import type { Db } from "#server/db/client.ts";
import { jobs } from "#server/db/schema.ts";
import { EVERY_LIVE_JOB } from "#server/jobs/repository.ts";
import { isPublished, LIST_ORDER, postedMicros, searchConditions } from "#server/jobs/filters.ts";
import { toWireJob } from "#server/jobs/mapper.ts";

/**
 * A listing's life past its 30 days (issue 32): who is due a reminder, the renewal itself, and the company's other
 * openings an expired listing's page shows. The reminders' mail and links are the renewals domain's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A time as the timestamptz parameter both engines read the same way (a Date is sent in local time by `pg`). */
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** Posted at or before this, a listing is in its last RENEW_WITHIN_DAYS days (or past them). */
const renewableSince = (now: Date) => daysBefore(now, LISTING_LIFETIME_DAYS - RENEW_WITHIN_DAYS);

/**
 * Its posting date becomes `now`: id, URL, stats and applications stay, and the spec's rule (a listing lives 30 days
 * from its posting date) holds unchanged from the new date. Only a published listing in its last days or expired; with
 * `postedMicros` (a renewal link), only while its posting date is still the one the link was made for, so a link
 * renews once. The published time alerts follow stays: a renewed listing is not mailed to alerts as new again.
 */
export async function renewJobRow(
  db: Db,
  { id, ownerId, postedMicros: expected, now }: { id: string; ownerId?: string; postedMicros?: string; now: Date },
): Promise<Date | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ postingDate: now, updatedAt: sql`now()` })
    .where(
      and(
        eq(jobs.id, id),
        isPublished,
        sql`${jobs.postingDate} <= ${renewableSince(now)}`,
        ownerId ? eq(jobs.ownerId, ownerId) : undefined,
        expected ? sql`${postedMicros} = ${expected}` : undefined,
      ),
    )
    .returning({ postingDate: jobs.postingDate });
  return row?.postingDate;
}

/** Live listings in their last RENEW_WITHIN_DAYS days whose owner has not been reminded for this posting date yet. */
export async function listListingsToRemind(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      companyName: jobs.companyName,
      email: jobs.postedByEmail,
      postingDate: jobs.postingDate,
      postedMicros,
    })
    .from(jobs)
    .where(
      and(
        isPublished,
        isNotNull(jobs.ownerId),
        isNotNull(jobs.postedByEmail),
        sql`${jobs.postingDate} <= ${renewableSince(now)}`,
        sql`${jobs.postingDate} >= ${daysBefore(now, LISTING_LIFETIME_DAYS)}`,
        sql`${jobs.expiryRemindedFor} IS DISTINCT FROM ${jobs.postingDate}`,
      ),
    )
    .orderBy(asc(jobs.postingDate))
    .limit(limit);
}

/** Remembers that the reminder for this posting date went out (unless the listing was renewed meanwhile). */
export async function markReminded(db: Db, id: string, postedAt: string) {
  await db
    .update(jobs)
    .set({ expiryRemindedFor: sql`${jobs.postingDate}` })
    .where(and(eq(jobs.id, id), sql`${postedMicros} = ${postedAt}`));
}

/**
 * The company's other live listings, newest first (through jobs_company_date_idx): what an expired listing's page
 * offers. By the company, not its name: two employers' companies of one name are two companies.
 */
export async function listOtherOpenings(
  db: Db,
  { companyId, exceptId, now, limit }: { companyId: string; exceptId: string; now: Date; limit: number },
) {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), searchConditions(EVERY_LIVE_JOB, now), ne(jobs.id, exceptId)))
    .orderBy(LIST_ORDER)
    .limit(limit);
  return rows.map(toWireJob);
}
