import { and, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { ApplicationStage, ApplicationSummary, ApplicationCounts } from "#shared/applications.ts";
import type { Db } from "#server/db/client.ts";
import { applicationAttempts, applications, jobs } from "#server/db/schema.ts";
import type { OutgoingMail } from "#server/mail.ts";
import { enqueueMail, enqueueMails, forgetMails } from "#server/mail.ts";
import { cvFileName, cvKindOfType } from "#server/applications/cv-files.ts";
import { mailKeysOf } from "#server/applications/mails.ts";
import { checkRateLimit, peekRateLimit, type RateLimit } from "#server/rate-limit.ts";
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
};

export type InsertOutcome =
  | { stored: true; id: string }
  | { stored: false; reason: "duplicate"; id: string | undefined }
  | { stored: false; reason: "rate-limited"; retryAfterSeconds: number };

/** Thrown inside the transaction to undo an application the client's limit does not allow. */
class OverLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("over the applications limit");
  }
}

const attempts = {
  table: applicationAttempts,
  key: applicationAttempts.clientKey,
  createdAt: applicationAttempts.createdAt,
};

/**
 * Stores the application and its CV and queues its mails, in one transaction: either all of it is there or none.
 * Every application a client sends counts against its limit (`clientKey`, a keyed hash of its address), a second one
 * to the listing from the same address too: it meets the unique index (any case), stores nothing and queues
 * `mails.duplicate` to that address instead. The limit is checked before either answer is given, so past it the
 * answer is the same whether or not the address applied. It is checked last, under its lock: the 1 MB write happens before
 * it, beside other clients' writes, and a transaction waits on that lock only for a count and its commit, not holding
 * a pooled connection through another request's upload (ADR 40). Over the limit, everything is rolled back.
 */
export async function insertApplication(
  db: Db,
  application: NewApplication,
  { clientKey, limit }: { clientKey: string; limit: RateLimit },
  mails: { stored: (id: string) => OutgoingMail[]; duplicate: (id: string, to: string) => OutgoingMail[] },
): Promise<InsertOutcome> {
  try {
    // Past the limit, refused before anything is written: the same work, and answer, whether or not the address applied.
    const already = await peekRateLimit(db, { key: clientKey, limit, rows: attempts });
    if (!already.allowed) throw new OverLimit(already.retryAfterSeconds);
    return await db.transaction(async (tx) => {
      await tx.insert(applicationAttempts).values({ clientKey });
      const [row] = await tx
        .insert(applications)
        .values({ ...application, cvBytes: application.cv.length })
        .onConflictDoNothing()
        .returning({ id: applications.id });
      const first = row ? undefined : await firstApplicationOf(tx, application);
      const outcome: InsertOutcome = row
        ? { stored: true, id: row.id }
        : { stored: false, reason: "duplicate", id: first?.id };
      if (row) await enqueueMails(tx, mails.stored(row.id));
      else if (first?.email) await enqueueMails(tx, mails.duplicate(first.id, first.email));
      const verdict = await checkRateLimit(tx, {
        bucket: "applications",
        key: clientKey,
        limit,
        rows: attempts,
        added: true,
      });
      if (!verdict.allowed) throw new OverLimit(verdict.retryAfterSeconds);
      // Under the key's lock, so no other transaction waits on these rows: this client's attempts past the window.
      await tx
        .delete(applicationAttempts)
        .where(
          and(
            eq(applicationAttempts.clientKey, clientKey),
            lt(applicationAttempts.createdAt, sql`now() - make_interval(secs => ${limit.windowSeconds})`),
          ),
        );
      return outcome;
    });
  } catch (error) {
    if (error instanceof OverLimit)
      return { stored: false, reason: "rate-limited", retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

/** The application the unique index found: this listing's from this address, in any case. */
async function firstApplicationOf(tx: Db, { jobId, email }: Pick<NewApplication, "jobId" | "email">) {
  const [found] = await tx
    .select({ id: applications.id, email: applications.email })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), sql`lower(${applications.email}) = lower(${email})`))
    .limit(1);
  return found;
}

/** Every client's attempts older than the limit's window: they count for nothing, and each is a trace of a client. */
export async function forgetOldAttempts(db: Db, windowSeconds: number): Promise<number> {
  const gone = await db
    .delete(applicationAttempts)
    .where(lt(applicationAttempts.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`))
    .returning({ at: applicationAttempts.createdAt });
  return gone.length;
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
  cvContentType: applications.cvContentType,
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
    // As the download names it (a row from before names followed the type may hold another).
    cvFileName: row.cvBytes === null ? null : cvFileName(row.cvFileName, cvKindOfType(row.cvContentType)),
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
