import { z } from "zod";
import type { Job } from "#shared/job.ts";

/**
 * A listing's place in review (ADR 0011), or `closed` by its owner (issue 31: filled, or no longer hiring; it keeps
 * its applications and can be reopened). Only `published` listings are shown to anyone but their owner.
 */
export const JOB_STATUSES = ["pending", "published", "rejected", "hidden", "closed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A listing as its owner sees it in My Listings: with its review status. */
export type OwnedJob = Job & { status: JobStatus; statusReason: string | null };

/** Why a listing of an employer whose address is not verified yet is not published. */
export const AWAITING_VERIFICATION = "Not published until you verify your email address";

/** What the owner reads in My Listings. */
export function statusLabel(status: JobStatus, reason: string | null): string {
  switch (status) {
    case "pending":
      return reason ?? "Pending review";
    case "published":
      return "Published";
    case "rejected":
      return reason ? `Rejected: ${reason}` : "Rejected";
    case "hidden":
      return reason ? `Hidden: ${reason}` : "Hidden";
    case "closed":
      return "Closed";
  }
}

/** The answer to an owner closing or reopening a listing: where it stands now (reopened may mean back in review). */
export const listingStatusAnswerSchema = z
  .object({ ok: z.literal(true), status: z.enum(JOB_STATUSES) })
  .meta({ id: "ListingStatus", title: "ListingStatus" });

/** `MODERATION`: `off` publishes at once; `first` reviews an employer's listings until one is approved; `all` reviews every new one. */
export const MODERATION_MODES = ["off", "first", "all"] as const;
export type ModerationMode = (typeof MODERATION_MODES)[number];

/** `dismiss` settles unfounded reports, and puts back a listing they alone hid, without another decision on it. */
export const MODERATION_ACTIONS = ["approve", "reject", "hide", "restore", "dismiss"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What an admin sends to POST /api/admin/jobs/:id/:action. A rejection must say why: the employer is mailed it. */
export const moderationDecisionSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string({ error: "Must be text" }).trim().max(1000, "Must be at most 1000 characters").optional(),
  ),
});
export type ModerationDecision = z.output<typeof moderationDecisionSchema>;

/** Why a reader reports a listing (issue 12's fixed list), with the words the form shows. */
export const REPORT_REASONS = {
  scam: "Scam or fraud",
  spam: "Spam",
  discriminatory: "Discriminatory",
  misleading: "Wrong or misleading information",
  expired: "Expired",
  other: "Other",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** POST /api/jobs/:id/report, and the Report this job form. */
export const jobReportSchema = z.object({
  reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], { error: "Pick a reason" }),
  comment: z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    z
      .string({ error: "Must be text" })
      .trim()
      .max(1000, "Must be at most 1000 characters")
      // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold U+0000
      .regex(/^[^\u0000]*$/, "Must not contain NUL characters")
      .optional(),
  ),
});
export type JobReportInput = z.output<typeof jobReportSchema>;

/**
 * The report form sent without JavaScript (ADR 41) lands back on the job page with `?report=sent`, or with one of
 * these refusals; `?report=open` is the form itself, shown on the page rather than in a dialog.
 */
export const REPORT_FORM_ERRORS = {
  invalid: "Pick a reason, and keep the comment to 1000 characters.",
  duplicate: "You have already reported this listing. An admin will look at it.",
  limited: "You have sent several reports in a short time. Please try again later.",
} as const;
export type ReportFormRefusal = keyof typeof REPORT_FORM_ERRORS;

/** Where a listing stands once posted: live, waiting for review, or held until its poster verifies their address. */
export type PostedOutcome = "published" | "pending" | "held";

export function postedOutcome({
  status,
  awaitingVerification,
}: {
  status: JobStatus;
  awaitingVerification: boolean;
}): PostedOutcome {
  if (awaitingVerification) return "held";
  return status === "pending" ? "pending" : "published";
}

/** What the poster is told of a listing not live yet: in the post page's dialog, and on My Listings after a no-JS post. */
export function postedNotice(outcome: PostedOutcome, email: string): string | null {
  if (outcome === "held")
    return `It is not shown to job seekers until you verify your email address: follow the link we sent to ${email}.`;
  if (outcome === "pending")
    return "It is not shown to job seekers yet: new listings are reviewed first, and we will email you when it is published.";
  return null;
}
