import { formatLongDate } from "#shared/dates.ts";
import type { Job } from "#shared/job.ts";
import { expiresAt } from "#shared/stats.ts";

/**
 * What My Listings says about a row's buttons. With scripts the page says it at once from the API's answer; without,
 * the page's action redirects with `?done=` and the page says it from the listing as it now is: one table, so both
 * say the same.
 */

/** A row's buttons: the `intent` of the form posted without scripts, the API call with them. */
export const LISTING_INTENTS = ["close", "reopen", "renew", "delete"] as const;
export type ListingIntent = (typeof LISTING_INTENTS)[number];

/** Reopened, a listing of an employer whose edits are reviewed goes to review first ("reviewed"). */
export const LISTING_OUTCOMES = ["closed", "reopened", "reviewed", "renewed", "deleted"] as const;
export type ListingOutcome = (typeof LISTING_OUTCOMES)[number];

type Listing = Pick<Job, "jobTitle" | "postingDate">;

const DONE: Record<Exclude<ListingOutcome, "deleted">, (job: Listing) => string> = {
  closed: () => "is closed: it is off the board and keeps its applications.",
  reopened: () => "is back on the board.",
  reviewed: () => "is reopened, and goes back on the board once it has been reviewed.",
  renewed: (job) => `is renewed until ${formatLongDate(expiresAt(job.postingDate))}.`,
};

/** Spec §3 and §4: the delete flow's dialogs, asked and answered the same way without scripts. */
export const DELETE_QUESTION = "Are you sure you want to delete this job?";
export const DELETED = "Job deleted successfully!";
export const NOT_DELETED = "The job was not deleted";
export const deleteWarning = (job: Pick<Job, "jobTitle" | "companyName">) =>
  `“${job.jobTitle}” at ${job.companyName} will be removed for good.`;
export const deletedText = (job: Pick<Job, "jobTitle">) => `“${job.jobTitle}” is no longer listed.`;

/** What a change came to, said of the listing as it is afterwards (a renewed one's new posting date). */
export const doneText = (outcome: Exclude<ListingOutcome, "deleted">, job: Listing) =>
  `“${job.jobTitle}” ${DONE[outcome](job)}`;

const NOT_DONE: Record<ListingIntent, string> = {
  close: "was not closed",
  reopen: "was not reopened",
  renew: "was not renewed",
  delete: "was not deleted",
};

/** A refusal, with the server's reason; a listing that is not among the user's own is not named. */
export const refusedText = (intent: ListingIntent, title: string | undefined, reason: string) =>
  `${title === undefined ? "The listing" : `“${title}”`} ${NOT_DONE[intent]}: ${reason}`;
