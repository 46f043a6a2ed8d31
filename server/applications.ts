import { createHmac, randomUUID } from "node:crypto";
import { z } from "zod";
import {
  applicationChangeSchema,
  applicationFieldsSchema,
  applicationListQuerySchema,
  CV_TYPES,
  cvKindOf,
  HONEYPOT_FIELD,
  STAGE_LABELS,
  type ApplicationCounts,
  type ApplicationList,
} from "#shared/applications.ts";
import { adminAccessOf, findAccount } from "#server/accounts.ts";
import {
  changeApplication,
  countApplicationsByDay,
  countApplicationsOfListings,
  countApplicationsOfOwner,
  eraseApplication,
  findApplication,
  insertApplication,
  listApplications,
  markWithdrawn,
  readCv,
} from "#server/applications/repository.ts";
import { readApplicationForm, type SubmittedApplication } from "#server/applications/form.ts";
import { servedCv, cvFileName } from "#server/applications/cv-files.ts";
import { alreadyAppliedMail, confirmationMail, employerNoticeMail, rejectionMail } from "#server/applications/mails.ts";
import { APPLICATION_ERASED } from "#server/applications/pages.ts";
import { createApplicationTokens } from "#server/applications/tokens.ts";
import { CLIENT_IP_HEADER, type SessionUser } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import {
  DomainError,
  forbidden,
  invalid,
  isDomainError,
  notFound,
  parseOrThrow,
  rateLimited,
  secondFactorRequired,
} from "#server/errors.ts";
import type { ErrorCode } from "#shared/errors.ts";
import { formatLongDate } from "#shared/dates.ts";
import type { Jobs } from "#server/jobs.ts";

export {
  APPLICATION_ERASED,
  applicantPage,
  applicationErasedPage,
  applicationMissingPage,
  CONFIRMATIONS,
} from "#server/applications/pages.ts";
export { runRetention, startApplicationRetention } from "#server/applications/retention.ts";
export { attachmentDisposition } from "#server/applications/cv-files.ts";

const idSchema = z.uuid();

/**
 * The applications domain (issue 31): a seeker applies to a listing that takes applications on the board; its
 * employer (or an admin) reads them, moves them through stages and downloads the CV; the applicant, through the signed
 * link in their confirmation mail, sees the stage, withdraws or erases. Listings are read through the jobs door.
 */
export function createApplications({ db, env, jobs, secret }: { db: Db; env: Env; jobs: Jobs; secret: string }) {
  const tokens = createApplicationTokens(secret);
  // What the per-client limit counts by: the address under a key of the board's, so the table holds no address.
  const clientKeyOf = (clientIp: string) =>
    createHmac("sha256", `application-limit:${secret}`).update(clientIp).digest("base64url");
  const applicantLink = (id: string) => `${env.PUBLIC_URL}/applications/${tokens.sign(id)}`;
  const inboxLink = (jobId: string) => `${env.PUBLIC_URL}/my-jobs/${jobId}/applications`;

  async function listingOpenToApplications(jobId: string) {
    const listing = await jobs.findListingForApplications({ id: jobId });
    const closed = listing?.status === "closed";
    if (!listing || (!listing.published && !closed)) throw notFound("Job not found");
    if (listing.applyMethod !== "board")
      throw invalid("This listing does not take applications on this board", { _: "Apply as the listing says" });
    if (listing.expired || closed)
      throw new DomainError("CONFLICT", "This listing has closed and no longer takes applications");
    return listing;
  }

  /**
   * The listing when `user` owns it, or when an admin reads it for moderation. An admin changes nothing (a stage
   * change can mail the applicant in the employer's name), and with ADMIN_REQUIRE_2FA reads only with a second factor
   * on. Another employer is refused, an unknown id is not found.
   */
  async function listingReadableBy(user: SessionUser, jobId: string | null, purpose: "read" | "change" = "read") {
    const listing = jobId ? await jobs.findListingForApplications({ id: jobId }) : undefined;
    if (listing && listing.ownerId === user.id) return { listing, owner: true };
    const access = adminAccessOf(await findAccount(db, user.id), env);
    if (access === "admin" && purpose === "read") return { listing, owner: false };
    if (!listing) throw notFound("Job not found");
    if (access === "needs-second-factor" && purpose === "read") throw secondFactorRequired();
    throw forbidden(`Only the employer who posted this job can ${purpose} its applications`);
  }

  async function applicationReadableBy(user: SessionUser, id: string, purpose: "read" | "change" = "read") {
    const application = idSchema.safeParse(id).success ? await findApplication(db, id) : undefined;
    if (!application) throw notFound("Application not found");
    const { listing } = await listingReadableBy(user, application.jobId, purpose);
    return { application, listing };
  }

  /**
   * Stores an application with its CV and queues the applicant's confirmation and the employer's notice, together.
   * The CV must be a PDF or a Word document by its bytes, whatever its name says.
   */
  async function apply({
    listing,
    submitted,
    clientIp,
  }: {
    listing: Awaited<ReturnType<typeof listingOpenToApplications>>;
    submitted: SubmittedApplication;
    clientIp: string;
  }): Promise<{ ok: true; id: string }> {
    if ((submitted.fields[HONEYPOT_FIELD] ?? "").trim() !== "") return { ok: true, id: randomUUID() };
    const fields = applicationFieldsSchema.safeParse(submitted.fields);
    const problems: Record<string, string> = {};
    if (!fields.success) for (const issue of fields.error.issues) problems[String(issue.path[0])] ??= issue.message;
    const kind = submitted.cv ? cvKindOf(submitted.cv.bytes) : null;
    if (!submitted.cv) problems.cv = "Please attach your CV (PDF or Word .docx)";
    else if (!kind) problems.cv = "Your CV must be a PDF or a Word document (.docx)";
    if (!fields.success || !submitted.cv || !kind) throw invalid("Some fields are not valid", problems);
    const { name, email, phone, coverNote } = fields.data;
    const outcome = await insertApplication(
      db,
      {
        jobId: listing.id,
        name,
        email,
        phone: phone ?? null,
        coverNote: coverNote ?? null,
        cv: submitted.cv.bytes,
        // The name follows the type the bytes are: `resume.html` holding a PDF is `resume.pdf`.
        cvFileName: cvFileName(submitted.cv.fileName, kind),
        cvContentType: CV_TYPES[kind],
      },
      {
        clientKey: clientKeyOf(clientIp),
        limit: { max: env.APPLICATION_RATE_LIMIT_MAX, windowSeconds: env.APPLICATION_RATE_LIMIT_WINDOW_SECONDS },
      },
      {
        stored: (id) => [
          confirmationMail(id, email, name, listing, applicantLink(id)),
          ...(listing.postedByEmail
            ? [employerNoticeMail(id, listing.postedByEmail, name, listing, inboxLink(listing.id))]
            : []),
        ],
        duplicate: (id, to) => [alreadyAppliedMail(id, to, listing, applicantLink(id))],
      },
    );
    if (outcome.stored) return { ok: true, id: outcome.id };
    // Answered as a new application, so the form tells no one who applied: the address's owner is told by mail.
    if (outcome.reason === "duplicate") return { ok: true, id: randomUUID() };
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    throw rateLimited(
      `You have sent several applications in a short time. Please wait ${minutes === 1 ? "1 minute" : `${minutes} minutes`} and try again.`,
      outcome.retryAfterSeconds,
    );
  }

  /** The application a link opens: none once erased, since erasing ends the link's use (the page says so). */
  async function openByToken(token: string) {
    const id = tokens.verify(token);
    const application = id ? await findApplication(db, id) : undefined;
    if (!application) throw notFound("Application not found");
    if (application.erasedAt) throw notFound(APPLICATION_ERASED);
    return application;
  }

  return {
    /**
     * An application posted to the API: the listing is checked first, so a closed or unknown one is refused before a
     * 5 MB body is read, and that check is the one the application is stored against (a second read of the listing
     * cost each application a statement, under load a wait for a connection too).
     */
    async applyWithForm({ jobId, request, clientIp }: { jobId: string; request: Request; clientIp: string }) {
      const listing = await listingOpenToApplications(jobId);
      return apply({ listing, submitted: await readApplicationForm(request), clientIp });
    },

    /**
     * The apply page's form post: the multipart body read within its limit, and the client address app.ts set. A
     * refusal of the application is answered, not thrown, with what was typed, so the page can show the form again
     * without scripts; a listing that takes no applications (closed meanwhile, say) is thrown, as the page's loader
     * throws it, since no form can succeed there.
     */
    async applyFromRequest({ jobId, request }: { jobId: string; request: Request }): Promise<
      | { ok: true; id: string }
      | {
          ok: false;
          code: ErrorCode;
          message: string;
          fields?: Record<string, string>;
          values: Record<string, string>;
        }
    > {
      const listing = await listingOpenToApplications(jobId);
      let values: Record<string, string> = {};
      try {
        const submitted = await readApplicationForm(request);
        values = submitted.fields;
        return await apply({ listing, submitted, clientIp: request.headers.get(CLIENT_IP_HEADER) ?? "unknown" });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return { ok: false, code: error.code, message: error.message, fields: error.fields, values };
      }
    },

    /** The apply page: the listing, when it takes applications here. */
    async listingToApplyFor({ jobId }: { jobId: string }) {
      const { id, title, companyName } = await listingOpenToApplications(jobId);
      return { id, title, companyName };
    },

    /** A listing's inbox, for its owner or an admin, optionally one stage's. */
    async listApplications({
      user,
      jobId,
      query = {},
    }: {
      user: SessionUser;
      jobId: string;
      query?: Record<string, string | undefined>;
    }): Promise<ApplicationList> {
      const { stage } = parseOrThrow(applicationListQuerySchema, query);
      const { listing, owner } = await listingReadableBy(user, jobId);
      if (!listing) throw notFound("Job not found");
      const found = await listApplications(db, listing.id, stage);
      return {
        job: { id: listing.id, title: listing.title, companyName: listing.companyName, status: listing.status },
        // The private note is the employer's own ("only you see it"): an admin reading for moderation does not get it.
        applications: owner ? found : found.map((application) => ({ ...application, note: null })),
        retentionDays: env.APPLICATION_RETENTION_DAYS,
        canChange: owner,
      };
    },

    /** New and total applications per listing of the user's own (My Listings). */
    countApplicationsByListing({ user }: { user: SessionUser }): Promise<Record<string, ApplicationCounts>> {
      return countApplicationsOfOwner(db, user.id);
    },

    /** How many applications each listing received, whoever reads it: the stats domain checks who may. */
    countApplicationsOfListings({ jobIds }: { jobIds: readonly string[] }): Promise<Record<string, number>> {
      return countApplicationsOfListings(db, jobIds);
    },

    /** One listing's applications per UTC day (YYYY-MM-DD), for its stats page's chart; the caller decides who reads. */
    countApplicationsByDay({ jobId }: { jobId: string }): Promise<{ day: string; total: number }[]> {
      return countApplicationsByDay(db, jobId);
    },

    /** Stage, note, and (when moving to Rejected and the employer asks) one polite mail to the applicant. */
    async changeApplication({ user, id, changes }: { user: SessionUser; id: string; changes: unknown }) {
      const change = parseOrThrow(applicationChangeSchema, changes);
      const { application, listing } = await applicationReadableBy(user, id, "change");
      if (application.erasedAt) throw new DomainError("CONFLICT", "This application was erased by the applicant");
      const rejecting = change.stage === "rejected" && application.stage !== "rejected";
      const mail =
        rejecting && change.notifyRejection && application.email && application.name && listing
          ? rejectionMail(application.id, application.email, application.name, listing)
          : undefined;
      await changeApplication(
        db,
        application.id,
        {
          ...(change.stage ? { stage: change.stage } : {}),
          ...(change.note !== undefined ? { note: change.note || null } : {}),
        },
        mail,
      );
      const updated = await findApplication(db, application.id);
      return {
        ok: true as const,
        stage: updated?.stage ?? application.stage,
        note: updated?.note ?? null,
        rejectionMailed: Boolean(mail),
      };
    },

    /** The CV as it was uploaded, for the listing's owner or an admin, named and typed by its bytes. */
    async downloadCv({ user, id }: { user: SessionUser; id: string }) {
      await applicationReadableBy(user, id);
      const cv = await readCv(db, id);
      if (!cv?.cv) throw notFound("This application has no CV any more");
      return { bytes: cv.cv, ...servedCv(cv.cv, cv.fileName) };
    },

    /** What the applicant's link shows. */
    async viewByToken({ token }: { token: string }) {
      const application = await openByToken(token);
      const listing = application.jobId ? await jobs.findListingForApplications({ id: application.jobId }) : undefined;
      return {
        jobTitle: listing?.title ?? null,
        companyName: listing?.companyName ?? null,
        stage: STAGE_LABELS[application.stage],
        withdrawn: application.withdrawnAt !== null,
        appliedOn: formatLongDate(application.createdAt),
      };
    },

    async withdrawByToken({ token }: { token: string }) {
      const { id } = await openByToken(token);
      await markWithdrawn(db, id);
      return { ok: true as const };
    },

    /** The CV and every personal field gone; the row stays, so the listing's count is kept. */
    async eraseByToken({ token }: { token: string }) {
      const { id } = await openByToken(token);
      await eraseApplication(db, id);
      return { ok: true as const };
    },

    applicantLink,
  };
}

export type Applications = ReturnType<typeof createApplications>;
