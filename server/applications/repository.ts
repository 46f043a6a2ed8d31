import { and, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { ApplicationStage, ApplicationSummary, ApplicationCounts } from "#shared/applications.ts";
import type { Db } from "#server/db/client.ts";
import { applications, jobs } from "#server/db/schema.ts";
import type { OutgoingMail } from "#server/mail.ts";
import { enqueueMail, enqueueMails, forgetMails } from "#server/mail.ts";
import { mailKeysOf } from "#server/applications/mails.ts";
import { checkRateLimit, type RateLimit } from "#server/rate-limit.ts";
import { LISTING_LIFETIME_DAYS } from "#shared/job.ts";

export type NewApplication = {
  jobId: string;
  name: string;
  email: string;
  phone: string | null;
  coverNote: string | null;
  cv: Buffer;
  cvFileName: string;
  cvContentType: string;
  clientIp: string;
};

export type InsertOutcome =
  { stored: true; id: string } | { stored: false; reason: "duplicate" | "rate-limited"; retryAfterSeconds?: number };

/** Thrown inside the transaction to undo an application the client's limit does not allow. */
class OverLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("over the applications limit");
  }
}

/**
 * Stores the application and its CV and queues both mails, in one transaction: either all of it is there or none.
 * A second application to the listing from the same address (any case) meets the unique index and stores nothing.
 * The per-client limit is checked last, under its lock: the 1 MB write happens before it, beside other clients' writes,
 * and a transaction waits on that lock only for a count and its commit, not holding a pooled connection through another
 * request's upload (ADR 40). Over the limit, everything is rolled back.
 */
export async function insertApplication(
  db: Db,
  application: NewApplication,
  limit: RateLimit,
  mails: (id: string) => OutgoingMail[],
): Promise<InsertOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({ ...application, cvBytes: application.cv.length })
        .onConflictDoNothing()
        .returning({ id: applications.id });
      if (!row) return { stored: false, reason: "duplicate" } as const;
      await enqueueMails(tx, mails(row.id));
      const rows = { table: applications, key: applications.clientIp, createdAt: applications.createdAt };
      const verdict = await checkRateLimit(tx, {
        bucket: "applications",
        key: application.clientIp,
        limit,
        rows,
        added: true,
      });
      if (!verdict.allowed) throw new OverLimit(verdict.retryAfterSeconds);
      return { stored: true, id: row.id } as const;
    });
  } catch (error) {
    if (error instanceof OverLimit)
      return { stored: false, reason: "rate-limited", retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

const summaryColumns = {
  id: applications.id,
  jobId: applications.jobId,
  name: applications.name,
  email: applications.email,
  phone: applications.phone,
  coverNote: applications.coverNote,
  stage: applications.stage,
  note: applications.note,
  cvFileName: applications.cvFileName,
  cvBytes: applications.cvBytes,
  withdrawnAt: applications.withdrawnAt,
  erasedAt: applications.erasedAt,
  createdAt: applications.createdAt,
};

type SummaryRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

function toSummary(row: SummaryRow, jobId: string): ApplicationSummary {
  return {
    id: row.id,
    jobId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    coverNote: row.coverNote,
    stage: row.stage,
    note: row.note,
    hasCv: row.cvBytes !== null,
    cvFileName: row.cvFileName,
    withdrawn: row.withdrawnAt !== null,
    erased: row.erasedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A listing's applications, newest first, without their files. */
export async function listApplications(db: Db, jobId: string, stage?: ApplicationStage): Promise<ApplicationSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(applications)
    // An erased application keeps its place in the count of all, but no longer stands at a stage.
    .where(
      and(
        eq(applications.jobId, jobId),
        stage ? and(eq(applications.stage, stage), isNull(applications.erasedAt)) : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map((row) => toSummary(row, jobId));
}

export async function findApplication(db: Db, id: string) {
  const [row] = await db.select(summaryColumns).from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

export async function readCv(db: Db, id: string) {
  const [row] = await db
    .select({ cv: applications.cv, fileName: applications.cvFileName, contentType: applications.cvContentType })
    .from(applications)
    .where(eq(applications.id, id))
    .limit(1);
  return row;
}

/** New and total per listing of one owner, for My Listings; a listing with none is absent from the answer. */
export async function countApplicationsOfOwner(db: Db, ownerId: string): Promise<Record<string, ApplicationCounts>> {
  const rows = await db
    .select({
      jobId: jobs.id,
      total: count(),
      // The inbox's "New (n)" counts the same: at New and not erased (a withdrawn one shows there, marked Withdrawn).
      new: sql<number>`(count(*) FILTER (WHERE ${applications.stage} = 'new' AND ${applications.erasedAt} IS NULL))::int`,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(jobs.ownerId, ownerId))
    .groupBy(jobs.id);
  return Object.fromEntries(rows.map((row) => [row.jobId, { total: row.total, new: row.new }]));
}

/** How many applications each of these listings received (erased and withdrawn ones too: they were sent). */
export async function countApplicationsOfListings(db: Db, jobIds: readonly string[]): Promise<Record<string, number>> {
  if (jobIds.length === 0) return {};
  const rows = await db
    .select({ jobId: applications.jobId, total: count() })
    .from(applications)
    .where(inArray(applications.jobId, [...jobIds]))
    .groupBy(applications.jobId);
  return Object.fromEntries(rows.map((row) => [row.jobId, row.total]));
}

/** How many applications one listing received on each UTC day it received any, oldest first (erased ones too). */
export async function countApplicationsByDay(db: Db, jobId: string): Promise<{ day: string; total: number }[]> {
  const day = sql<string>`to_char(${applications.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, total: count() })
    .from(applications)
    .where(eq(applications.jobId, jobId))
    .groupBy(day)
    .orderBy(day);
}

/** Stage and note, and the rejection mail if asked for, together. */
export async function changeApplication(
  db: Db,
  id: string,
  change: { stage?: ApplicationStage; note?: string | null },
  mail?: OutgoingMail,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(applications)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(applications.id, id), isNull(applications.erasedAt)));
    if (mail) await enqueueMail(tx, mail);
  });
}

export async function markWithdrawn(db: Db, id: string) {
  await db
    .update(applications)
    .set({ withdrawnAt: sql`coalesce(${applications.withdrawnAt}, now())`, updatedAt: sql`now()` })
    .where(eq(applications.id, id));
}

/** Every personal column emptied (the CV included); the row stays so the listing's count is kept. */
const ERASED = {
  name: null,
  email: null,
  phone: null,
  coverNote: null,
  cv: null,
  cvFileName: null,
  cvContentType: null,
  cvBytes: null,
  note: null,
  clientIp: null,
  erasedAt: sql`coalesce(${applications.erasedAt}, now())`,
  updatedAt: sql`now()`,
};

/** The application's personal fields and CV, and its mails in the outbox: a confirmation not sent yet never goes. */
export async function eraseApplication(db: Db, id: string) {
  await db.transaction(async (tx) => {
    await tx.update(applications).set(ERASED).where(eq(applications.id, id));
    await forgetMails(tx, mailKeysOf(id));
  });
}

/**
 * Retention: applications to listings expired, closed by their owner or deleted more than `days` ago (whichever came
 * first). Expired and closed listings keep their rows, erased; a deleted listing's go. Returns how many of each.
 */
export async function applyRetention(db: Db, days: number): Promise<{ erased: number; deleted: number }> {
  const expiredListings = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        lt(jobs.postingDate, sql`now() - make_interval(days => ${LISTING_LIFETIME_DAYS + days})`),
        and(eq(jobs.status, "closed"), lt(jobs.closedAt, sql`now() - make_interval(days => ${days})`)),
      ),
    );
  // One transaction: an application erased with its mails left in the outbox would never be looked at again.
  return db.transaction(async (tx) => {
    const erased = await tx
      .update(applications)
      .set(ERASED)
      .where(and(isNull(applications.erasedAt), inArray(applications.jobId, expiredListings)))
      .returning({ id: applications.id });
    const deleted = await tx
      .delete(applications)
      .where(
        and(isNull(applications.jobId), lt(applications.listingDeletedAt, sql`now() - make_interval(days => ${days})`)),
      )
      .returning({ id: applications.id });
    await forgetMails(
      tx,
      [...erased, ...deleted].flatMap(({ id }) => mailKeysOf(id)),
    );
    return { erased: erased.length, deleted: deleted.length };
  });
}
