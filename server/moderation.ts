import {
  jobReportSchema,
  MODERATION_ACTIONS,
  moderationDecisionSchema,
  REPORT_FORM_ERRORS,
  REPORT_REASONS,
  type JobStatus,
  type ModerationAction,
} from "#shared/moderation.ts";
import type { Job } from "#shared/job.ts";
import {
  adminAccessOf,
  findAccount,
  isAdminAccount,
  liftSuspension,
  markTrusted,
  setAdmin,
  suspend,
} from "#server/accounts.ts";
import type { SessionUser } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import {
  DomainError,
  forbidden,
  invalid,
  notFound,
  parseOrThrow,
  rateLimited,
  secondFactorRequired,
} from "#server/errors.ts";
import {
  changeListingStatus,
  hideListingsOf,
  restoreListingsOf,
  type Jobs,
  type ReviewSubmission,
} from "#server/jobs.ts";
import { readContactMessages, type ContactMessageView } from "#server/mail.ts";
import { listEvents, recordEvent, type ModerationEvent } from "#server/moderation/events.ts";
import { mailApproval, mailRejection, notifyAdminsOfPending, notifyAdminsOfReport } from "#server/moderation/notify.ts";
import { storeReport } from "#server/moderation/reports.ts";
import {
  listQueue,
  listReports,
  resolveReports,
  type QueueItem,
  type ReportView,
  ownerRecord,
  type OwnerRecord,
} from "#server/moderation/queue.ts";

export type { ModerationEvent, OwnerRecord, QueueItem, ReportView };

export type JobReview = {
  job: Job;
  status: JobStatus;
  statusReason: string | null;
  ownerEmail: string | null;
  owner: { id: string; suspended: boolean; record: OwnerRecord } | null;
  history: ModerationEvent[];
  reports: ReportView[];
};

/** Where each decision takes a listing, and from where it may. */
const DECISIONS: Record<Exclude<ModerationAction, "dismiss">, { to: JobStatus; from: readonly JobStatus[] }> = {
  approve: { to: "published", from: ["pending"] },
  reject: { to: "rejected", from: ["pending", "published", "hidden", "closed"] },
  hide: { to: "hidden", from: ["pending", "published", "rejected", "closed"] },
  restore: { to: "published", from: ["hidden", "rejected"] },
};

const isModerationAction = (value: string): value is ModerationAction =>
  (MODERATION_ACTIONS as readonly string[]).includes(value);

/** The reason a listing hidden by its readers' reports carries, and nothing else does: dismissing them restores it. */
const HIDDEN_BY_REPORTS = "Reported by readers; waiting for review";

/**
 * The admins' domain (ADR 0011): the review queue, decisions on listings, and who is an admin. Everything here is
 * refused with a 404 to anyone who is not an admin, so the admin surface does not reveal itself.
 */
export function createModeration({ db, env, jobs }: { db: Db; env: Env; jobs: Jobs }) {
  async function isAdmin(viewer: SessionUser | null | undefined): Promise<boolean> {
    if (!viewer) return false;
    return isAdminAccount(await findAccount(db, viewer.id), env);
  }

  /**
   * Only an admin gets past, and with ADMIN_REQUIRE_2FA only one who turned on a second factor: a phished password alone
   * must not open the board's moderation. The refusal names its own code so pages can send the admin to set one up.
   */
  async function requireAdmin(viewer: SessionUser | null | undefined): Promise<SessionUser> {
    const access = viewer ? adminAccessOf(await findAccount(db, viewer.id), env) : "none";
    if (!viewer || access === "none") throw notFound("Not found");
    if (access === "needs-second-factor") throw secondFactorRequired();
    return viewer;
  }

  async function review(id: string): Promise<JobReview> {
    const row = await jobs.getListingForReview({ id });
    const owner = row.ownerId ? await findAccount(db, row.ownerId) : undefined;
    return {
      job: row.job,
      status: row.status,
      statusReason: row.statusReason,
      ownerEmail: owner?.email ?? row.postedByEmail,
      owner: owner
        ? { id: owner.id, suspended: owner.suspendedAt !== null, record: await ownerRecord(db, owner.id) }
        : null,
      history: await listEvents(db, row.id),
      reports: await listReports(db, row.id),
    };
  }

  /** Unfounded reports are settled; a listing they alone hid is published again, as it was before them. */
  async function dismissReports(admin: SessionUser, id: string, reason: string | null) {
    const { job, status, statusReason, reports } = await review(id);
    if (!reports.some((report) => report.status === "open"))
      throw new DomainError("CONFLICT", "This listing has no open reports to dismiss: reload the page");
    return db.transaction(async (tx) => {
      let now = status;
      if (status === "hidden" && statusReason === HIDDEN_BY_REPORTS) {
        const restored = await changeListingStatus(tx, {
          id: job._id,
          to: "published",
          from: ["hidden"],
          reason: null,
        });
        if (!restored) throw new DomainError("CONFLICT", "This listing changed meanwhile: reload the page");
        now = "published";
      }
      await resolveReports(tx, [job._id]);
      await recordEvent(tx, { jobId: job._id, action: "dismiss", actor: admin, reason });
      return { acknowledged: true as const, status: now };
    });
  }

  return {
    isAdmin,
    requireAdmin,

    /** A listing began, or went back to, waiting for review: recorded in its history, and every admin is mailed. */
    async listingSubmitted({ job, by, again }: ReviewSubmission): Promise<void> {
      await recordEvent(db, { jobId: job.id, action: again ? "resubmitted" : "submitted", actor: by });
      await notifyAdminsOfPending(db, env, job, again ? "changed by its employer" : "new listing");
    },

    /** Whether the viewer may open the admin pages (the header offers them a link; nobody else learns they exist). */
    canModerate({ viewer }: { viewer: SessionUser | null }): Promise<boolean> {
      return isAdmin(viewer);
    },

    async listQueue({ viewer }: { viewer: SessionUser | null }): Promise<QueueItem[]> {
      await requireAdmin(viewer);
      return listQueue(db);
    },

    async getReview({ viewer, id }: { viewer: SessionUser | null; id: string }): Promise<JobReview> {
      await requireAdmin(viewer);
      return review(id);
    },

    /**
     * approve / reject / hide / restore, recorded with who, when and why. A rejection needs a reason, which is mailed
     * to the employer; an approval makes the employer trusted (MODERATION=first); any decision settles open reports.
     */
    async decide({
      viewer,
      id,
      action,
      fields,
    }: {
      viewer: SessionUser | null;
      id: string;
      action: string;
      fields: Record<string, unknown>;
    }) {
      const admin = await requireAdmin(viewer);
      if (!isModerationAction(action)) throw notFound(`No moderation action ${action}`);
      const { reason } = parseOrThrow(moderationDecisionSchema, fields);
      if (action === "dismiss") return dismissReports(admin, id, reason ?? null);
      if (action === "reject" && !reason)
        throw invalid("Say why the listing is rejected: the employer is told", { reason: "Required" });
      const { job } = await review(id);
      const decision = DECISIONS[action];
      return db.transaction(async (tx) => {
        const updated = await changeListingStatus(tx, {
          id: job._id,
          to: decision.to,
          from: decision.from,
          reason: reason ?? null,
        });
        if (!updated)
          throw new DomainError("CONFLICT", `This listing cannot be ${PAST[action]} now: it changed; reload the page`);
        await recordEvent(tx, { jobId: job._id, action, actor: admin, reason: reason ?? null });
        await resolveReports(tx, [job._id]);
        if (updated.ownerId && action === "approve") await markTrusted(tx, updated.ownerId);
        const owner = updated.ownerId ? await findAccount(tx, updated.ownerId) : undefined;
        const mailed = owner && { id: job._id, title: updated.title, ownerEmail: owner.email };
        if (action === "reject" && reason && mailed) await mailRejection(tx, env, mailed, reason);
        if (action === "approve" && mailed) await mailApproval(tx, env, mailed);
        return { acknowledged: true as const, status: decision.to };
      });
    },

    /**
     * Report this job (anonymous allowed): one open report per reader (account, else client address) per listing,
     * rate limited per client. When open reports come from REPORTS_TO_HIDE distinct client addresses, the listing is
     * hidden until an admin decides: accounts cost nothing to make, addresses do.
     */
    async reportJob({
      viewer,
      id,
      clientIp,
      fields,
    }: {
      viewer: SessionUser | null;
      id: string;
      clientIp: string;
      fields: Record<string, unknown>;
    }) {
      const row = await jobs.getListingForReview({ id });
      if (row.status !== "published")
        throw notFound("This listing is no longer on the board, so there is nothing to report.");
      if (viewer && row.ownerId === viewer.id)
        throw forbidden("This listing is yours: you cannot report your own listing. Edit or delete it in My Listings.");
      const report = parseOrThrow(jobReportSchema, fields);
      const result = await storeReport(
        db,
        { ...report, jobId: row.id, reporterKey: viewer ? `user:${viewer.id}` : `ip:${clientIp}`, clientIp },
        { max: env.REPORT_RATE_LIMIT_MAX, windowSeconds: env.REPORT_RATE_LIMIT_WINDOW_SECONDS },
      );
      if (!result.stored && result.reason === "duplicate") {
        throw new DomainError("CONFLICT", REPORT_FORM_ERRORS.duplicate);
      }
      if (!result.stored) throw rateLimited(REPORT_FORM_ERRORS.limited, result.retryAfterSeconds);
      const job = { id: row.id, title: row.title, companyName: row.companyName };
      if (
        result.openReporters >= env.REPORTS_TO_HIDE &&
        (await changeListingStatus(db, {
          id: row.id,
          to: "hidden",
          from: ["published"],
          reason: HIDDEN_BY_REPORTS,
        }))
      ) {
        await recordEvent(db, {
          jobId: row.id,
          action: "auto-hide",
          reason: `${result.openReporters} readers reported it`,
        });
        await notifyAdminsOfReport(
          db,
          env,
          job,
          `${result.openReporters} readers reported this listing, so it is hidden until you decide`,
        );
      } else if (result.firstOpen) {
        await notifyAdminsOfReport(db, env, job, `A reader reported this listing: ${REPORT_REASONS[report.reason]}`);
      }
      return { ok: true as const };
    },

    /**
     * Suspends an account: its sessions end, new sign-ins are refused (auth.ts), and its published listings are hidden,
     * each recorded in the listing's history. Admins cannot suspend themselves.
     */
    async suspendAccount({
      viewer,
      userId,
      fields,
    }: {
      viewer: SessionUser | null;
      userId: string;
      fields: Record<string, unknown>;
    }) {
      const admin = await requireAdmin(viewer);
      const { reason } = parseOrThrow(moderationDecisionSchema, fields);
      if (!reason) throw invalid("Say why the account is suspended", { reason: "Required" });
      if (userId === admin.id) throw forbidden("You cannot suspend your own account");
      return db.transaction(async (tx) => {
        if (!(await suspend(tx, userId, reason))) throw notFound("No such account, or it is already suspended");
        const hidden = await hideListingsOf(tx, userId, ACCOUNT_SUSPENDED);
        for (const jobId of hidden)
          await recordEvent(tx, {
            jobId,
            action: "hide",
            actor: admin,
            reason: `Account suspended: ${reason}`,
          });
        return { acknowledged: true as const, hiddenListings: hidden.length };
      });
    },

    /** Lifts a suspension: sign-in works again and the listings the suspension hid are published again. */
    async liftSuspension({ viewer, userId }: { viewer: SessionUser | null; userId: string }) {
      const admin = await requireAdmin(viewer);
      return db.transaction(async (tx) => {
        if (!(await liftSuspension(tx, userId))) throw notFound("No such account, or it is not suspended");
        const restored = await restoreListingsOf(tx, userId, ACCOUNT_SUSPENDED);
        for (const jobId of restored)
          await recordEvent(tx, { jobId, action: "restore", actor: admin, reason: "Suspension lifted" });
        return { acknowledged: true as const, restoredListings: restored.length };
      });
    },

    /** Contact Us messages, newest first, with their delivery state, as the mail outbox keeps them (issue 16). */
    async listContactMessages({ viewer }: { viewer: SessionUser | null }): Promise<ContactMessageView[]> {
      await requireAdmin(viewer);
      return readContactMessages(db);
    },

    /** `npm run admin -- grant|revoke EMAIL`: false when there is no account with that address. */
    setAdmin({ email, admin }: { email: string; admin: boolean }): Promise<boolean> {
      return setAdmin(db, email, admin);
    },
  };
}

/** The reason on a listing hidden by its owner's suspension: lifting the suspension restores exactly these. */
const ACCOUNT_SUSPENDED = "The employer's account is suspended";

const PAST: Record<ModerationAction, string> = {
  approve: "approved",
  reject: "rejected",
  hide: "hidden",
  restore: "restored",
  dismiss: "dismissed",
};

export type Moderation = ReturnType<typeof createModeration>;
