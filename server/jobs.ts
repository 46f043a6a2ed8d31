import { isDeepStrictEqual } from "node:util";
import { isExpired, jobIdSchema, jobInputSchema, jobPostSchema, postingDateProblem, type Job } from "#shared/job.ts";
import type { SessionUser } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import { primaryReads, type Reads } from "#server/db/replicas.ts";
import type { Env } from "#server/env.ts";
import { DomainError, forbidden, invalid, notFound, parseOrThrow, rateLimited } from "#server/errors.ts";
import { adminAccessOf, findAccount } from "#server/accounts.ts";
import { mustVerifyFirst, statusAfterEdit, statusOfNewListing } from "#server/jobs/review-policy.ts";
import { AWAITING_VERIFICATION, type JobStatus, type OwnedJob } from "#shared/moderation.ts";
import { COMPANY_COPIES, toJobFields, toJobValues, toWireJob } from "#server/jobs/mapper.ts";
import { findJobRow, listJobsOwnedBy, type PublishedMark } from "#server/jobs/repository.ts";
import { loadSynonyms } from "#server/jobs/query.ts";
import { visitorReads } from "#server/jobs/visitor-reads.ts";
import {
  closeJobRow,
  deleteJobRow,
  insertJob,
  isCompanyOf,
  listHeldJobs,
  releaseHeldJob,
  reopenJobRow,
  updateJobRow,
} from "#server/jobs/writes.ts";
import { listListingsToRemind, listOtherOpenings, markReminded, renewJobRow } from "#server/jobs/renewal.ts";

export type { PublishedMark };
export type { JobValues } from "#server/jobs/mapper.ts";
/**
 * Status changes other domains make to listings (moderation's decisions, hiding a suspended account's listings). They
 * take the database or a transaction, so a decision and its record in moderation's history commit together.
 */
export { changeListingStatus, hideListingsOf, moveListingsToCompany, restoreListingsOf } from "#server/jobs/writes.ts";
export { JOIN_COMPANY_BY_NAME } from "#server/jobs/mapper.ts";
export { SITEMAP_FILE_STRIDE } from "#server/jobs/visitor-reads.ts";

/** A listing that starts, or goes back to, waiting for an admin: what the moderation domain hears of it. */
export type ReviewSubmission = {
  job: { id: string; title: string; companyName: string };
  by: { id: string; email: string };
  again: boolean;
};

/** What the jobs domain announces; the other domains listen (services.ts wires them), so jobs imports none of them. */
export type JobHooks = {
  onSubmittedForReview?: (submission: ReviewSubmission) => Promise<void>;
  /** A listing's write made its company: the companies domain decides the owner's companies' badges. */
  onCompanyMade?: (company: { ownerId: string }) => Promise<void>;
};

/** `viewer`: who is looking, if anyone is signed in; the owner sees their listing whatever its status. */
const DAY_SECONDS = 24 * 60 * 60;

type JobRef = { id: string; viewer?: SessionUser | null };
type OwnedJobRef = { user: SessionUser; id: string };

/**
 * The jobs domain: every listing rule (who may change what, what is valid, what a search returns) lives behind these
 * functions, which the JSON API and the page loaders both call. `db` is the primary; `reads` takes what a visitor who
 * is not signed in reads (searches, counts, feeds, sitemaps, a listing's page), a replica when there are any (ADR 39).
 * A signed-in owner's reads and everything the loops and admins do stay on `db`, so everyone sees their own writes.
 */
export function createJobs({
  db,
  reads = primaryReads(db),
  env,
  hooks = {},
}: {
  db: Db;
  reads?: Reads;
  env: Env;
  hooks?: JobHooks;
}) {
  const synonyms = loadSynonyms(env.SEARCH_SYNONYMS_FILE);
  async function findOwnedRow({ user, id }: OwnedJobRef) {
    const row = await findJobRow(db, parseJobId(id));
    if (!row) throw notFound("Job not found");
    if (row.ownerId !== user.id) throw forbidden("Only the employer who posted this job can change it");
    return row;
  }

  /**
   * A listing that is not published is, for anyone but its owner, as absent as one that never existed (ADR 0011).
   * Signed in, the viewer may be its owner: the primary answers. Signed out, a replica does, and a listing it does not
   * have yet (published moments ago) is looked for on the primary before the visitor is told it does not exist.
   */
  async function findVisibleRow({ id, viewer }: JobRef, shown: readonly JobStatus[] = ["published"]) {
    const jobId = parseJobId(id);
    const row = viewer
      ? await findJobRow(db, jobId)
      : await reads.run(
          async (readDb) => (await findJobRow(readDb, jobId)) ?? (readDb === db ? undefined : findJobRow(db, jobId)),
        );
    if (!row || (!shown.includes(row.status) && (!viewer || row.ownerId !== viewer.id)))
      throw notFound("Job not found");
    return row;
  }

  async function accountOf(user: SessionUser) {
    const account = await findAccount(db, user.id);
    if (!account) throw forbidden("Your account no longer exists");
    if (account.suspendedAt) throw forbidden("Your account is suspended");
    // An admin's listings skip review and the daily limit only once the account has a second factor (ADR 0011's rule
    // for every admin power): a phished admin password alone must not publish unreviewed listings.
    return { account, isAdmin: adminAccessOf(account, env) === "admin" };
  }

  /** A listing may name one of its owner's companies, or none (then its owner's company of its name). */
  async function checkCompanyPick(companyId: string | undefined, user: SessionUser) {
    if (companyId && !(await isCompanyOf(db, companyId, user.id)))
      throw invalid("Pick one of your companies", { companyId: "Not one of your companies" });
  }

  async function submitForReview(job: ReviewSubmission["job"], by: ReviewSubmission["by"], again: boolean) {
    await hooks.onSubmittedForReview?.({ job, by, again });
  }

  return {
    ...visitorReads({ db, reads, synonyms }),

    /** A listing as an admin reviews it, whatever its status; not found for an id that is not a listing's. */
    async getListingForReview({ id }: { id: string }) {
      const parsed = jobIdSchema.safeParse(id);
      const row = parsed.success ? await findJobRow(db, parsed.data) : undefined;
      if (!row) throw notFound("Job not found");
      return {
        job: toWireJob(row),
        id: row.id,
        title: row.title,
        companyName: row.companyName,
        status: row.status,
        statusReason: row.statusReason,
        ownerId: row.ownerId,
        postedByEmail: row.postedByEmail,
      };
    },

    /**
     * What the applications domain needs of a listing: who owns it, where its mail goes, whether it takes applications
     * on the board and whether it is live. Undefined for an id that is not a listing's.
     */
    async findListingForApplications({ id }: { id: string }) {
      const parsed = jobIdSchema.safeParse(id);
      const row = parsed.success ? await findJobRow(db, parsed.data) : undefined;
      if (!row) return undefined;
      return {
        id: row.id,
        title: row.title,
        companyName: row.companyName,
        ownerId: row.ownerId,
        postedByEmail: row.postedByEmail,
        applyMethod: row.applyMethod,
        status: row.status,
        published: row.status === "published",
        expired: isExpired(row.postingDate),
        postingDate: row.postingDate.toISOString(),
      };
    },

    /**
     * Renews a listing for 30 more days from `now` (issue 32): by its owner (`ownerId`), or through a reminder's link
     * (`postedMicros`, the posting date the link was made for, so it renews once). The new posting date, or undefined
     * when the listing is not (or no longer) renewable that way.
     */
    renewListing({
      id,
      ownerId,
      postedMicros,
      now = new Date(),
    }: {
      id: string;
      ownerId?: string;
      postedMicros?: string;
      now?: Date;
    }): Promise<Date | undefined> {
      return renewJobRow(db, {
        id: parseJobId(id),
        now,
        ...(ownerId ? { ownerId } : {}),
        ...(postedMicros ? { postedMicros } : {}),
      });
    },

    /** Listings whose owner is due the expiry reminder, oldest first; markReminded records that it was sent. */
    listListingsToRemind: ({ now = new Date(), limit = 100 }: { now?: Date; limit?: number } = {}) =>
      listListingsToRemind(db, now, limit),

    markReminded: ({ id, postedMicros }: { id: string; postedMicros: string }) => markReminded(db, id, postedMicros),

    /** An expired listing's page: the same company's live openings instead (issue 32). */
    listOtherOpenings({ companyId, exceptId, now = new Date() }: { companyId: string; exceptId: string; now?: Date }) {
      return reads.run((readDb) => listOtherOpenings(readDb, { companyId, exceptId, now, limit: 6 }));
    },

    async getJob(ref: JobRef): Promise<Job> {
      return toWireJob(await findVisibleRow(ref));
    },

    /** The job page: the job, and its status, which only its owner can see be anything but published. */
    async getJobPage(
      ref: JobRef,
    ): Promise<{ job: Job; status: JobStatus; statusReason: string | null; viewerIsOwner: boolean }> {
      // A closed listing's page stays readable to whoever has its link, as an expired one's does (ADR 60).
      const row = await findVisibleRow(ref, ["published", "closed"]);
      const viewerIsOwner = Boolean(ref.viewer && row.ownerId === ref.viewer.id);
      return { job: toWireJob(row), status: row.status, statusReason: row.statusReason, viewerIsOwner };
    },

    /** The job as its owner edits it; anyone else is refused, as PATCH refuses them. */
    async getJobToEdit(ref: OwnedJobRef): Promise<Job> {
      return toWireJob(await findOwnedRow(ref));
    },

    /** Spec §6: the poster's email always comes from the session, whatever the fields say. */
    async postJob({ user, fields }: { user: SessionUser; fields: Record<string, unknown> }) {
      const input = parseOrThrow(jobPostSchema, fields);
      const { account, isAdmin } = await accountOf(user);
      await checkCompanyPick(input.companyId, user);
      // POSTS_PER_DAY: a stolen or throwaway account cannot flood the board. Admins are not limited.
      const limit = isAdmin ? undefined : { max: env.POSTS_PER_DAY, windowSeconds: DAY_SECONDS };
      const overLimit = () =>
        rateLimited(`You can post ${env.POSTS_PER_DAY} listings a day. Please try again tomorrow.`, 60 * 60);
      if (mustVerifyFirst(env.REQUIRE_EMAIL_VERIFICATION, account, isAdmin)) {
        // Nobody reviews it yet: it goes on once the address is verified (releaseVerifiedListings).
        const written = await insertJob(
          db,
          input,
          user,
          { status: "pending", statusReason: AWAITING_VERIFICATION, heldForVerification: true },
          limit,
        );
        if (!written) throw overLimit();
        if (written.madeCompany) await hooks.onCompanyMade?.({ ownerId: user.id });
        return {
          acknowledged: true as const,
          insertedId: written.id,
          status: "pending" as JobStatus,
          awaitingVerification: true,
        };
      }
      const status = statusOfNewListing(env.MODERATION, account, isAdmin);
      const written = await insertJob(db, input, user, { status }, limit);
      if (!written) throw overLimit();
      const insertedId = written.id;
      if (written.madeCompany) await hooks.onCompanyMade?.({ ownerId: user.id });
      if (status === "pending")
        await submitForReview({ id: insertedId, title: input.jobTitle, companyName: input.companyName }, user, false);
      return { acknowledged: true as const, insertedId, status, awaitingVerification: false };
    },

    /** A PATCH may carry some fields or all; the merged job is validated as a whole. */
    async updateJob({ user, id, changes }: OwnedJobRef & { changes: Record<string, unknown> }) {
      const row = await findOwnedRow({ user, id });
      const current = toWireJob(row);
      const input = parseOrThrow(jobInputSchema, { ...toJobFields(current), ...changes });
      // Only a new date must fall in the posting window: an expired listing can still be corrected before it is re-dated.
      const redated = new Date(input.postingDate).getTime() !== row.postingDate.getTime();
      const dateProblem = redated ? postingDateProblem(input.postingDate) : undefined;
      if (dateProblem) throw invalid("Some fields are not valid", { postingDate: dateProblem });
      const sameCompany = input.companyId === row.companyId;
      if (!sameCompany) await checkCompanyPick(input.companyId, user);
      // Staying with its company, a listing keeps the company's details: what the edit sent for them is not a change.
      const values = toJobValues(input, row.postedByEmail);
      const next = toWireJob({
        ...row,
        ...values,
        ...(sameCompany ? Object.fromEntries(COMPANY_COPIES.map((column) => [column, row[column]])) : {}),
      });
      const unchanged = isDeepStrictEqual({ ...next, updatedAt: "" }, { ...current, updatedAt: "" });
      if (unchanged) return { acknowledged: true as const, matchedCount: 1, modifiedCount: 0, status: row.status };
      const { account, isAdmin } = await accountOf(user);
      // A listing held for verification stays held; otherwise MODERATION decides.
      const status = row.heldForVerification
        ? row.status
        : statusAfterEdit(env.MODERATION, account, isAdmin, row.status);
      const { modifiedCount, madeCompany } = await updateJobRow(
        db,
        row.id,
        input,
        row.postedByEmail,
        status === row.status ? undefined : status,
      );
      if (status === "pending" && row.status !== "pending") {
        await submitForReview({ id: row.id, title: input.jobTitle, companyName: input.companyName }, user, true);
      }
      if (madeCompany) await hooks.onCompanyMade?.({ ownerId: user.id });
      return { acknowledged: true as const, matchedCount: 1, modifiedCount, status };
    },

    /** Whether this account's listings wait for its address to be verified (the UI says why, and offers a new mail). */
    async postingStatus({ user }: { user: SessionUser }): Promise<{ mustVerifyEmail: boolean }> {
      const { account, isAdmin } = await accountOf(user);
      return { mustVerifyEmail: mustVerifyFirst(env.REQUIRE_EMAIL_VERIFICATION, account, isAdmin) };
    },

    /**
     * The site-wide "verify your address" notice: whether this account's listings wait for it. Never refuses: an
     * account that is gone or suspended posts nothing, so it has nothing to verify (and a page must still render).
     */
    async mustVerifyEmail({ user }: { user: SessionUser }): Promise<boolean> {
      const account = await findAccount(db, user.id);
      if (!account || account.suspendedAt) return false;
      return mustVerifyFirst(env.REQUIRE_EMAIL_VERIFICATION, account, adminAccessOf(account, env) === "admin");
    },

    /** After better-auth verified the address: each held listing is published, or goes to review as MODERATION says. */
    async releaseVerifiedListings({ userId }: { userId: string }): Promise<void> {
      const account = await findAccount(db, userId);
      if (!account?.emailVerified) return;
      const isAdmin = adminAccessOf(account, env) === "admin";
      const status = statusOfNewListing(env.MODERATION, account, isAdmin);
      for (const job of await listHeldJobs(db, userId)) {
        if (!(await releaseHeldJob(db, job.id, status)) || status !== "pending") continue;
        await submitForReview(job, account, false);
      }
    },

    async deleteJob(ref: OwnedJobRef) {
      const row = await findOwnedRow(ref);
      const deletedCount = await deleteJobRow(db, row.id);
      return { acknowledged: true as const, deletedCount };
    },

    /**
     * Issue 31: the owner takes a published listing off the board (filled, or no longer hiring) without losing its
     * applications; it can be reopened. Deleting stays the way to remove a listing for good.
     */
    async closeListing(ref: OwnedJobRef): Promise<{ ok: true; status: JobStatus }> {
      const row = await findOwnedRow(ref);
      if (!(await closeJobRow(db, row.id))) throw new DomainError("CONFLICT", "Only a published listing can be closed");
      return { ok: true, status: "closed" };
    },

    /**
     * A closed listing back on the board. What it shows may have been edited while it was closed, so it is treated as an
     * edit of a published listing: an employer whose listings are reviewed sends it to review again.
     */
    async reopenListing(ref: OwnedJobRef): Promise<{ ok: true; status: JobStatus }> {
      const row = await findOwnedRow(ref);
      if (row.status !== "closed") throw new DomainError("CONFLICT", "Only a closed listing can be reopened");
      const { account, isAdmin } = await accountOf(ref.user);
      const status =
        statusAfterEdit(env.MODERATION, account, isAdmin, "published") === "pending" ? "pending" : "published";
      if (!(await reopenJobRow(db, row.id, status)))
        throw new DomainError("CONFLICT", "Only a closed listing can be reopened");
      if (status === "pending")
        await submitForReview({ id: row.id, title: row.title, companyName: row.companyName }, ref.user, true);
      return { ok: true, status };
    },

    /** Spec §6: a user sees their own listings by their email; nobody reads another user's list. */
    async listMyJobs({ user, email }: { user: SessionUser; email: string }): Promise<OwnedJob[]> {
      if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw forbidden("You can only list your own jobs");
      return listJobsOwnedBy(db, user.id);
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;

function parseJobId(id: string): string {
  const result = jobIdSchema.safeParse(id);
  if (!result.success) throw invalid("Not a valid job id", { id: "Not a valid job id" });
  return result.data;
}
