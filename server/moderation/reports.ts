import { and, countDistinct, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { jobReports } from "#server/db/schema.ts";
import { inRateLimitedTransaction, type RateLimit } from "#server/rate-limit.ts";
import type { JobReportInput } from "#shared/moderation.ts";

export type StoreReportResult =
  | { stored: true; openReporters: number; firstOpen: boolean }
  | { stored: false; reason: "duplicate" }
  | { stored: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a report unless this client reported `max` times in the window, or this reporter already has an open report
 * on the listing (a partial unique index, so two instances cannot both insert one). Returns how many distinct readers
 * have an open report on it now, told apart by their address as well as their account: an anonymous report and
 * accounts made for the purpose, all from one address, are one reader (issue 71).
 */
export async function storeReport(
  db: Db,
  report: JobReportInput & { jobId: string; reporterKey: string; clientIp: string },
  limit: RateLimit,
): Promise<StoreReportResult> {
  const rows = { table: jobReports, key: jobReports.clientIp, createdAt: jobReports.createdAt };
  return inRateLimitedTransaction(db, { bucket: "reports", key: report.clientIp, limit, rows }, async (tx, verdict) => {
    if (!verdict.allowed) {
      return { stored: false, reason: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds } as const;
    }
    const inserted = await tx
      .insert(jobReports)
      .values({
        jobId: report.jobId,
        reporterKey: report.reporterKey,
        clientIp: report.clientIp,
        reason: report.reason,
        comment: report.comment ?? null,
      })
      .onConflictDoNothing({
        target: [jobReports.jobId, jobReports.reporterKey],
        where: sql`${jobReports.status} = 'open'`,
      })
      .returning({ id: jobReports.id });
    if (inserted.length === 0) return { stored: false, reason: "duplicate" } as const;
    const [open] = await tx
      .select({ n: countDistinct(sql`coalesce(${jobReports.clientIp}, ${jobReports.reporterKey})`) })
      .from(jobReports)
      .where(and(eq(jobReports.jobId, report.jobId), eq(jobReports.status, "open")));
    const openReporters = open?.n ?? 1;
    return { stored: true, openReporters, firstOpen: openReporters === 1 } as const;
  });
}
