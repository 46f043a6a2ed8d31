import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { jobReports, jobs, user } from "#server/db/schema.ts";
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
