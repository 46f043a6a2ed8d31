import { z } from "zod";
import {
  blogPostSchema,
  companySchema,
  deleteJobAnswerSchema,
  healthSchema,
  jobSchema,
  okAnswerSchema,
  ownedJobSchema,
  postJobAnswerSchema,
  updateJobAnswerSchema,
} from "#shared/api.ts";
import { alertSubscriptionSchema } from "#shared/alerts.ts";
import {
  applicationChangedSchema,
  applicationChangeSchema,
  applicationFieldsSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationSentSchema,
  CV_MAX_BYTES,
} from "#shared/applications.ts";
import { powChallengeAnswerSchema } from "#shared/challenge.ts";
import { listingStatusAnswerSchema } from "#shared/moderation.ts";
import { listingStatsSchema, RENEW_WITHIN_DAYS, renewedSchema } from "#shared/stats.ts";
import { contactMessageSchema } from "#shared/contact.ts";
import { companyEditSchema, companyPageQuerySchema, companySlugSchema } from "#shared/companies.ts";
import {
  allJobsQuerySchema,
  jobFeedQuerySchema,
  jobFieldsSchema,
  jobIdSchema,
  jobPostSchema,
  jobSearchSchema,
} from "#shared/job.ts";

/** How an answer's body is described: a JSON schema (zod), or another media type with a plain description. */
export type Answer = {
  description: string;
  json?: z.ZodType;
  media?: string;
  headers?: Record<string, string>;
};

/** One public operation: what the server validates its input with, and what it answers. */
export type Operation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: "Jobs" | "Companies" | "Applications" | "Feeds" | "Alerts" | "Blog" | "Contact" | "Service";
  query?: z.ZodObject;
  params?: Record<string, z.ZodType>;
  body?: z.ZodType;
  /** How the body is sent: JSON unless it carries a file. */
  bodyMedia?: "application/json" | "multipart/form-data";
  /** Needs a signed-in user (session cookie or bearer token). */
  auth?: boolean;
  answers: Partial<Record<number, Answer>>;
};

const PAGING_HEADERS = {
  "X-Total-Count": "Matches in all; exact when X-Total-Count-Exact is true, else the database's estimate",
  "X-Total-Count-Exact": "true or false",
  "X-Next-Cursor": "Send as cursor for the next page; absent on the last page",
  Link: 'The next page as <…>; rel="next"',
};

const jobId = { id: jobIdSchema.describe("The listing's id") };
/** Said of every post that wants a proof of work (ADR 41). */
const WITH_CHALLENGE =
  " Needs a solved proof-of-work challenge from GET /api/challenge in the X-Altcha header (unless the board has them off); without one: 400 CHALLENGE_FAILED.";
const invalidInput = { description: "A parameter or field is invalid: error.fields says which and why" };
const signedOut = { description: "No session: sign in first (cookie or Authorization: Bearer)" };
const notOwner = { description: "The listing is another employer's" };
const noJob = { description: "No listing has this id" };
const noCompany = { description: "No company has this address" };
const companySlug = { slug: companySlugSchema.describe("The company's address, as in /companies/{slug}") };

/**
 * Every public operation. The OpenAPI document, the /api/docs page, the cross-origin rule (anonymous GETs only)
 * and the contract tests all read this table. The external sources' mirrored listings (/api/sources) are not part
 * of the public API: their terms forbid redistribution.
 */
export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/jobs",
    operationId: "searchJobs",
    summary: "Search live listings",
    description:
      "Live (not expired) listings matching every filter. With `search`, each of its words must be found in the listing (title, company, skills, location, industry or description) as a word, a form of it (plurals, -ing), a prefix or a synonym, or the whole text inside the title; a place named in it stands for `location` when none is given (X-Search-Place); when nothing matches, misspelt words are corrected (X-Did-You-Mean). `sort` is `relevance` (the default with `search`: the exact title, then whole words of the title, the title, company and skills, then anywhere; newest first within each) or `newest`; without `search` the list is newest first. `minSalary` and `maxSalary` compare within `salaryCurrency` (INR when not given); without a bound the currency filters nothing. `page` reaches the first 10,000 results; `cursor` goes on.",
    tag: "Jobs",
    query: jobSearchSchema,
    answers: {
      200: {
        description: "One page of listings",
        json: z.array(jobSchema),
        headers: {
          ...PAGING_HEADERS,
          "X-Search-Place": "The place read from `search` and used as the location (URL-encoded); absent when none",
          "X-Did-You-Mean":
            "A corrected `search` (URL-encoded): when X-Did-You-Mean-Applied is true this page is its results, as nothing matched the words as typed; otherwise a suggestion for a search that found nothing",
          "X-Did-You-Mean-Applied": "true or false",
          "X-Did-You-Mean-Count": "How many listings the suggestion finds (an estimate above 1,000)",
        },
      },
      400: invalidInput,
    },
  },
  {
    method: "get",
    path: "/api/all-jobs",
    operationId: "listAllJobs",
    summary: "Every listing, expired ones too",
    tag: "Jobs",
    query: allJobsQuerySchema,
    answers: {
      200: {
        description: "One page of listings, newest first",
        json: z.array(jobSchema),
        headers: { "X-Next-Cursor": PAGING_HEADERS["X-Next-Cursor"], Link: PAGING_HEADERS.Link },
      },
      400: invalidInput,
    },
  },
  {
    method: "get",
    path: "/api/all-jobs/{id}",
    operationId: "getJob",
    summary: "One listing",
    tag: "Jobs",
    params: jobId,
    answers: { 200: { description: "The listing", json: jobSchema }, 400: invalidInput, 404: noJob },
  },
  {
    method: "get",
    path: "/api/myJobs/{email}",
    operationId: "listMyJobs",
    summary: "Your own listings",
    description: "Expired ones included. Only your own email is allowed.",
    tag: "Jobs",
    auth: true,
    params: { email: z.email().describe("The signed-in user's email") },
    answers: {
      200: { description: "Your listings", json: z.array(ownedJobSchema) },
      401: signedOut,
      403: { description: "Not your email" },
    },
  },
  {
    method: "post",
    path: "/api/post-job",
    operationId: "postJob",
    summary: "Post a listing",
    description:
      "The poster's email is the session's, whatever the body says. postingDate must fall within the last 30 days and not in the future." +
      WITH_CHALLENGE,
    tag: "Jobs",
    auth: true,
    body: jobPostSchema,
    answers: { 201: { description: "Stored", json: postJobAnswerSchema }, 400: invalidInput, 401: signedOut },
  },
  {
    method: "patch",
    path: "/api/update-job/{id}",
    operationId: "updateJob",
    summary: "Change your listing",
    description:
      "Send some fields or all; the merged listing is validated as a whole. A changed postingDate must fall within the last 30 days and not in the future.",
    tag: "Jobs",
    auth: true,
    params: jobId,
    body: jobFieldsSchema.partial(),
    answers: {
      200: { description: "Updated (modifiedCount 0 when nothing changed)", json: updateJobAnswerSchema },
      400: invalidInput,
      401: signedOut,
      403: notOwner,
      404: noJob,
    },
  },
  {
    method: "delete",
    path: "/api/job/{id}",
    operationId: "deleteJob",
    summary: "Delete your listing",
    tag: "Jobs",
    auth: true,
    params: jobId,
    answers: {
      200: { description: "Deleted", json: deleteJobAnswerSchema },
      400: invalidInput,
      401: signedOut,
      403: notOwner,
      404: noJob,
    },
  },
  {
    method: "post",
    path: "/api/jobs/{id}/applications",
    operationId: "applyToJob",
    summary: "Apply to a listing on the board",
    description: `For listings whose applyMethod is board. No account needed. The CV is a PDF or a Word .docx of at most ${CV_MAX_BYTES / 1024 / 1024} MB, judged by its bytes, not its name. One application per listing and address (in any case): a second is answered as a first, stores nothing, and counts against the client's limit; the address is mailed that it applied already, so the form tells no one who applied. The applicant is mailed a confirmation with a link to see, withdraw or erase the application; the employer is mailed a notice. Rate limited per client address.`,
    tag: "Applications",
    params: jobId,
    bodyMedia: "multipart/form-data",
    body: applicationFieldsSchema.extend({
      cv: z.string().meta({ format: "binary", description: "The CV file (PDF or .docx)" }),
    }),
    answers: {
      201: {
        description: "Stored, and both mails queued (or, for an address that applied already, its owner mailed)",
        json: applicationSentSchema,
      },
      400: { description: "A field or the CV is invalid, or the listing does not take applications on the board" },
      404: noJob,
      409: { description: "The listing has closed" },
      413: { description: `The CV is larger than ${CV_MAX_BYTES / 1024 / 1024} MB` },
      415: { description: "Not sent as multipart/form-data" },
      429: {
        description:
          "Too many applications from this client address: the same answer whichever address the application gives",
      },
    },
  },
  {
    method: "get",
    path: "/api/jobs/{id}/applications",
    operationId: "listApplications",
    summary: "Your listing's applications",
    description: "Newest first, without the CV's bytes. For the listing's owner, and admins.",
    tag: "Applications",
    auth: true,
    params: jobId,
    query: applicationListQuerySchema,
    answers: {
      200: {
        description: "The listing and its applications",
        json: applicationListSchema,
      },
      400: invalidInput,
      401: signedOut,
      403: notOwner,
      404: noJob,
    },
  },
  {
    method: "patch",
    path: "/api/applications/{id}",
    operationId: "changeApplication",
    summary: "Move an application to a stage, or change its private note",
    description:
      "notifyRejection with a move to rejected queues one short, polite mail to the applicant (never a second).",
    tag: "Applications",
    auth: true,
    params: { id: z.uuid().describe("The application's id") },
    body: applicationChangeSchema,
    answers: {
      200: { description: "Changed", json: applicationChangedSchema },
      400: invalidInput,
      401: signedOut,
      403: { description: "The application is to another employer's listing" },
      404: { description: "No application has this id" },
      409: { description: "The applicant erased it" },
    },
  },
  {
    method: "get",
    path: "/api/jobs/{id}/stats",
    operationId: "listingStats",
    summary: "What your listing earned",
    description:
      "Views of the job page (a person once a day, bots left out), clicks on Apply, search impressions and applications, as totals and per day. Counts reach the database in batches, within half a minute. For the listing's owner, and admins.",
    tag: "Jobs",
    auth: true,
    params: jobId,
    answers: {
      200: { description: "Totals and days", json: listingStatsSchema },
      401: signedOut,
      403: notOwner,
      404: noJob,
    },
  },
  {
    method: "post",
    path: "/api/jobs/{id}/renew",
    operationId: "renewListing",
    summary: "Renew your listing for 30 more days",
    description: `In its last ${RENEW_WITHIN_DAYS} days or once expired, a published listing's posting date becomes now: it keeps its id, address, stats and applications, and lives 30 days from the new date.`,
    tag: "Jobs",
    auth: true,
    params: jobId,
    answers: {
      200: { description: "Renewed", json: renewedSchema },
      401: signedOut,
      403: notOwner,
      404: noJob,
      409: { description: `Not published, or more than ${RENEW_WITHIN_DAYS} days before it expires` },
    },
  },
  {
    method: "post",
    path: "/api/jobs/{id}/close",
    operationId: "closeListing",
    summary: "Close your listing",
    description:
      "Takes a published listing off the board (filled, or no longer hiring): searches, feeds and its page no longer show it and it takes no applications, but it keeps its id, stats and applications, which are erased APPLICATION_RETENTION_DAYS after it closed. Reopen it with POST /api/jobs/{id}/reopen; DELETE /api/job/{id} removes it for good.",
    tag: "Jobs",
    auth: true,
    params: jobId,
    answers: {
      200: { description: "Closed", json: listingStatusAnswerSchema },
      401: signedOut,
      403: notOwner,
      404: noJob,
      409: { description: "Not published (pending review, rejected, hidden, or closed already)" },
    },
  },
  {
    method: "post",
    path: "/api/jobs/{id}/reopen",
    operationId: "reopenListing",
    summary: "Reopen your closed listing",
    description:
      "Puts a closed listing back on the board, with its posting date unchanged (renew it if it has expired). Where MODERATION reviews this employer's edits, it goes back to review first: the answer's status says `pending`.",
    tag: "Jobs",
    auth: true,
    params: jobId,
    answers: {
      200: { description: "Reopened, or sent to review", json: listingStatusAnswerSchema },
      401: signedOut,
      403: notOwner,
      404: noJob,
      409: { description: "Not closed" },
    },
  },
  {
    method: "post",
    path: "/api/jobs/{id}/apply-click",
    operationId: "countApplyClick",
    summary: "Count a click on Apply",
    description:
      "A click on the Apply link: the page's script sends a beacon as it is clicked; without scripts, the browser sends the link's ping as it follows the link. Any body is ignored. Counted once per client address, listing and day, whatever the user agent; bots (by user agent) are not counted. The answer is the same either way for a live listing; any other id is a 404 and nothing is written.",
    tag: "Jobs",
    params: jobId,
    answers: { 200: { description: "Received", json: z.object({ ok: z.literal(true) }) }, 404: noJob },
  },
  ...(["withdraw", "erase"] as const).map((action): Operation => ({
    method: "post",
    path: `/api/applications/by-token/{token}/${action}`,
    operationId: `${action}Application`,
    summary:
      action === "withdraw"
        ? "Withdraw an application (the applicant)"
        : "Erase an application and its CV (the applicant)",
    description:
      action === "withdraw"
        ? "The token is the last part of the link in the confirmation mail. The employer sees it withdrawn."
        : "The token is the last part of the link in the confirmation mail. The CV and every personal field are erased for good; the listing's count keeps it.",
    tag: "Applications",
    params: { token: z.string().describe("From the confirmation mail's link") },
    answers: {
      200: { description: action === "withdraw" ? "Withdrawn" : "Erased", json: z.object({ ok: z.literal(true) }) },
      404: { description: "The token is not valid, or the application is gone" },
    },
  })),
  ...(["rss", "atom", "json"] as const).map((format): Operation => ({
    method: "get",
    path: `/feeds/jobs.${format}`,
    operationId: `jobsFeed${format[0]?.toUpperCase()}${format.slice(1)}`,
    summary: `The listings of a search as ${{ rss: "RSS 2.0", atom: "Atom", json: "JSON Feed 1.1" }[format]}`,
    description: "The filters of GET /api/jobs; 50 items unless `limit` says otherwise; a next link continues.",
    tag: "Feeds",
    query: jobFeedQuerySchema,
    answers: {
      200: {
        description: "The feed",
        media: { rss: "application/rss+xml", atom: "application/atom+xml", json: "application/feed+json" }[format],
      },
      400: invalidInput,
    },
  })),
  {
    method: "get",
    path: "/feeds/indeed.xml",
    operationId: "syndicationFeed",
    summary: "Every live listing in the XML format job aggregators accept",
    tag: "Feeds",
    answers: { 200: { description: "The whole feed, streamed", media: "application/xml" } },
  },
  {
    method: "post",
    path: "/api/alerts",
    operationId: "subscribeToAlert",
    summary: "Email me new jobs like these",
    description:
      "Stores an alert for a search (`search` holds the filters of GET /api/jobs) and mails a confirmation link; nothing else is sent until it is followed. Limited per address and per client address." +
      WITH_CHALLENGE,
    tag: "Alerts",
    body: alertSubscriptionSchema,
    answers: {
      202: { description: "Stored; the confirmation mail is on its way", json: z.object({ ok: z.literal(true) }) },
      400: invalidInput,
      409: { description: "The address already has the most alerts it may have" },
      429: { description: "Too many alerts set up from this client address in the last hour" },
    },
  },
  {
    method: "get",
    path: "/api/blog-posts",
    operationId: "listBlogPosts",
    summary: "The blog's posts, newest first",
    tag: "Blog",
    answers: { 200: { description: "Every post", json: z.array(blogPostSchema) } },
  },
  {
    method: "post",
    path: "/api/sendEmail",
    operationId: "sendContactMessage",
    summary: "Send a message to the board's operator",
    description: `Rate limited per client address.${WITH_CHALLENGE}`,
    tag: "Contact",
    body: contactMessageSchema,
    answers: {
      200: { description: "Stored; delivered from the outbox", json: z.object({ ok: z.literal(true) }) },
      400: invalidInput,
      429: { description: "Too many messages from this address" },
    },
  },
  {
    method: "get",
    path: "/api/challenge",
    operationId: "challenge",
    summary: "A proof-of-work challenge for one form post",
    description:
      "Find number in 0…maxnumber with SHA-256(salt + number) = challenge, then send base64 of the JSON {algorithm, challenge, number, salt, signature} as X-Altcha with the post. Each solution is good once and until expiresAt. null when the board has challenges off.",
    tag: "Service",
    answers: { 200: { description: "A challenge, or null", json: powChallengeAnswerSchema } },
  },
  {
    method: "get",
    path: "/api/health",
    operationId: "health",
    summary: "Is the service up",
    tag: "Service",
    answers: {
      200: { description: "The database answers", json: healthSchema },
      503: { description: "The database is not answering" },
    },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "openApiDocument",
    summary: "This document",
    tag: "Service",
    answers: { 200: { description: "OpenAPI 3.1", media: "application/json" } },
  },
  {
    method: "get",
    path: "/api/companies/{slug}",
    operationId: "getCompany",
    summary: "One company",
    description: "Its details, as every listing of it shows them, and its Verified badge.",
    tag: "Companies",
    params: companySlug,
    answers: { 200: { description: "The company", json: companySchema }, 404: noCompany },
  },
  {
    method: "get",
    path: "/api/companies/{slug}/jobs",
    operationId: "listCompanyJobs",
    summary: "A company's live listings",
    description: "Newest first, 10 a page, as on its page.",
    tag: "Companies",
    params: companySlug,
    query: companyPageQuerySchema,
    answers: {
      200: {
        description: "One page of the company's live listings",
        json: z.array(jobSchema),
        headers: { "X-Total-Count": PAGING_HEADERS["X-Total-Count"], "X-Total-Count-Exact": "true or false" },
      },
      400: invalidInput,
      404: noCompany,
    },
  },
  {
    method: "get",
    path: "/api/my-companies",
    operationId: "listMyCompanies",
    summary: "Your companies",
    description: "The companies your listings are posted for; post-job's companyId picks one of them.",
    tag: "Companies",
    auth: true,
    answers: { 200: { description: "Your companies, by name", json: z.array(companySchema) }, 401: signedOut },
  },
  {
    method: "patch",
    path: "/api/companies/{slug}",
    operationId: "updateCompany",
    summary: "Change your company",
    description:
      "Send some fields or all; the merged company is validated as a whole. Every listing of the company shows the change at once. Its address (slug) stays.",
    tag: "Companies",
    auth: true,
    params: companySlug,
    body: companyEditSchema.partial(),
    answers: {
      200: { description: "The company as it now is", json: companySchema },
      400: invalidInput,
      401: signedOut,
      403: { description: "The company is another employer's" },
      404: noCompany,
    },
  },
  {
    method: "delete",
    path: "/api/companies/{slug}",
    operationId: "deleteCompany",
    summary: "Delete your company",
    description:
      "Only a company no listing is in (live, expired or waiting): delete its listings, or move them to another of your companies, first. Its page goes with it.",
    tag: "Companies",
    auth: true,
    params: companySlug,
    answers: {
      200: { description: "Deleted", json: okAnswerSchema },
      401: signedOut,
      403: { description: "The company is another employer's" },
      404: noCompany,
      409: { description: "Listings are still in the company; the message says how many" },
    },
  },
];

/** Anonymous reads: any site may call them from a browser (no cookies are involved). */
export const PUBLIC_READS = OPERATIONS.filter((op) => op.method === "get" && !op.auth).map(
  (op) => new RegExp(`^${op.path.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
);
