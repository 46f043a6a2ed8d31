import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { jobReports, jobs, moderationEvents, user } from "#server/db/schema.ts";
import type { JobStatus } from "#shared/moderation.ts";

export type QueueItem = {
  id: string;
  title: string;
  companyName: string;
  status: JobStatus;
  statusReason: string | null;
  ownerEmail: string | null;
  openReports: number;
  /** When it started waiting: posted or last changed for a pending listing; latest open report otherwise. */
  since: string;
};

/** What waits for an admin: pending listings, and listings with open reports; newest first. */
export async function listQueue(db: Db, limit = 200): Promise<QueueItem[]> {
  const reports = db
    .select({
      jobId: jobReports.jobId,
      n: count().as("n"),
      latest: sql<Date>`max(${jobReports.createdAt})`.as("latest"),
    })
    .from(jobReports)
    .where(eq(jobReports.status, "open"))
    .groupBy(jobReports.jobId)
    .as("reports");
  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      companyName: jobs.companyName,
      status: jobs.status,
      statusReason: jobs.statusReason,
      ownerEmail: user.email,
      openReports: sql<number>`coalesce(${reports.n}, 0)::int`,
      since: sql<Date>`greatest(${jobs.updatedAt}, coalesce(${reports.latest}, ${jobs.updatedAt}))`,
    })
    .from(jobs)
    .leftJoin(reports, eq(reports.jobId, jobs.id))
    .leftJoin(user, eq(user.id, jobs.ownerId))
    .where(sql`(${jobs.status} = 'pending' AND NOT ${jobs.heldForVerification}) OR ${reports.n} > 0`)
    .orderBy(desc(sql`greatest(${jobs.updatedAt}, coalesce(${reports.latest}, ${jobs.updatedAt}))`), desc(jobs.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, since: new Date(row.since).toISOString() }));
}

export type ReportView = { reason: string; comment: string | null; status: "open" | "resolved"; at: string };

export async function listReports(db: Db, jobId: string): Promise<ReportView[]> {
  const rows = await db
    .select()
    .from(jobReports)
    .where(eq(jobReports.jobId, jobId))
    .orderBy(desc(jobReports.createdAt));
  return rows.map((row) => ({
    reason: row.reason,
    comment: row.comment,
    status: row.status,
    at: row.createdAt.toISOString(),
  }));
}

/** A decision settles the listing's open reports. */
export async function resolveReports(db: Db, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .update(jobReports)
    .set({ status: "resolved", resolvedAt: sql`now()` })
    .where(and(inArray(jobReports.jobId, jobIds), eq(jobReports.status, "open")));
}

/** What a reviewer weighs about the employer: their listings by status, past decisions, and reports against them. */
export type OwnerRecord = {
  listings: number;
  published: number;
  pending: number;
  rejected: number;
  hidden: number;
  approvals: number;
  rejections: number;
  reports: number;
};

export async function ownerRecord(db: Db, ownerId: string): Promise<OwnerRecord> {
  const [row] = await db
    .select({
      listings: sql<number>`count(*)::int`,
      published: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'published')::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'pending')::int`,
      rejected: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'rejected')::int`,
      hidden: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'hidden')::int`,
      approvals: sql<number>`(SELECT count(*)::int FROM ${moderationEvents} e JOIN ${jobs} j ON j.id = e.job_id
        WHERE j.owner_id = ${ownerId} AND e.action = 'approve')`,
      rejections: sql<number>`(SELECT count(*)::int FROM ${moderationEvents} e JOIN ${jobs} j ON j.id = e.job_id
        WHERE j.owner_id = ${ownerId} AND e.action = 'reject')`,
      reports: sql<number>`(SELECT count(*)::int FROM ${jobReports} r JOIN ${jobs} j ON j.id = r.job_id
        WHERE j.owner_id = ${ownerId})`,
    })
    .from(jobs)
    .where(eq(jobs.ownerId, ownerId));
  return {
    listings: row?.listings ?? 0,
    published: row?.published ?? 0,
    pending: row?.pending ?? 0,
    rejected: row?.rejected ?? 0,
    hidden: row?.hidden ?? 0,
    approvals: row?.approvals ?? 0,
    rejections: row?.rejections ?? 0,
    reports: row?.reports ?? 0,
  };
}
