import type { FormEvent } from "react";
import { Link } from "react-router";
import { DELETE_QUESTION_ID } from "#app/components/delete-listing-question.tsx";
import { formatAmount } from "#shared/money.ts";
import { isExpired } from "#shared/job.ts";
import { statusLabel, type JobStatus, type OwnedJob } from "#shared/moderation.ts";
import type { ApplicationCounts } from "#shared/applications.ts";
import { isRenewable, type StatsTotals } from "#shared/stats.ts";

/** What My Listings shows: the search and the page, both in its address so they survive a reload and Back. */
export type ListingsView = { q: string; page: number };

export const listingsHref = ({ q, page }: ListingsView) => {
  const search = new URLSearchParams();
  if (q.trim()) search.set("q", q.trim());
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return `/my-job${query ? `?${query}` : ""}`;
};

/** Only the owner sees a listing that is not published; the badge says why nobody else does. */
const STATUS_BADGE: Record<JobStatus, string> = {
  pending: "bg-sky-100 text-sky-900",
  published: "",
  rejected: "bg-red-100 text-red-900",
  hidden: "bg-slate-200 text-slate-900",
  closed: "bg-slate-200 text-slate-900",
};

/** A listing that takes applications here, or has some, links to its inbox with its new and total counts. */
function ApplicationsLink({ job, counts }: { job: OwnedJob; counts: ApplicationCounts | undefined }) {
  if (job.applyMethod !== "board" && !counts) return null;
  const total = counts?.total ?? 0;
  const fresh = counts?.new ?? 0;
  return (
    <Link
      to={`/my-jobs/${job._id}/applications`}
      className="mt-1 block text-sm font-normal text-brand-700 underline"
      aria-label={`Applications for ${job.jobTitle}: ${fresh} new, ${total} in all`}
    >
      Applications: {fresh} new, {total} in all
    </Link>
  );
}

/** What the listing earned, linking to its stats page (issue 32). */
function StatsLink({ job, totals }: { job: OwnedJob; totals: StatsTotals | undefined }) {
  const { views = 0, applyClicks = 0, impressions = 0 } = totals ?? {};
  return (
    <Link
      to={`/my-jobs/${job._id}/stats`}
      className="mt-1 block text-sm font-normal text-brand-700 underline"
      aria-label={`Stats for ${job.jobTitle}: ${views} views, ${applyClicks} apply clicks, shown ${impressions} times in search results`}
    >
      Stats: {views} views, {applyClicks} apply clicks, {impressions} impressions
    </Link>
  );
}

/** A submit the page's script handles once it runs; before that (or without it) the browser sends the form. */
const handled = (handle: () => unknown) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  void handle();
};

/**
 * One of the owner's listings. Its buttons are forms: Renew, Mark as filled and Reopen post to the page's action, and
 * Delete asks its question at `?delete=ID` (the view kept); with scripts, the page's handlers do the same through the
 * API and Delete opens the dialog.
 */
export function MyListingRow({
  job,
  number,
  counts,
  totals,
  view,
  now,
  onRenew,
  onChangeStatus,
  onDelete,
}: {
  job: OwnedJob;
  /** Its place in the search's results, counted across pages. */
  number: number;
  counts: ApplicationCounts | undefined;
  totals: StatsTotals | undefined;
  view: ListingsView;
  now: Date;
  onRenew: (job: OwnedJob) => unknown;
  onChangeStatus: (job: OwnedJob, change: "close" | "reopen") => unknown;
  onDelete: (job: OwnedJob) => void;
}) {
  const change = job.status === "closed" ? "reopen" : "close";
  return (
    <tr className="border-t border-slate-200 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:p-4 max-sm:first:border-t-0">
      <td data-label="No." className="px-4 py-3 max-sm:col-span-2 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell">
        {number}
      </td>
      <td
        data-label="Title"
        className="px-4 py-3 font-medium max-sm:col-span-2 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell"
      >
        <Link to={`/jobs/${job._id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {job.jobTitle}
        </Link>
        {isExpired(job.postingDate, now) ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Expired
          </span>
        ) : null}
        {job.status === "published" ? null : (
          <span
            className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[job.status]}`}
          >
            {statusLabel(job.status, job.statusReason)}
          </span>
        )}
        <ApplicationsLink job={job} counts={counts} />
        <StatsLink job={job} totals={totals} />
        {job.status === "published" && isRenewable(job.postingDate, now) ? (
          <form method="post" onSubmit={handled(() => onRenew(job))}>
            <input type="hidden" name="id" value={job._id} />
            <button
              type="submit"
              name="intent"
              value="renew"
              aria-label={`Renew ${job.jobTitle} for 30 more days`}
              className="mt-2 block rounded-md border border-brand-600 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Renew for 30 more days
            </button>
          </form>
        ) : null}
        {job.status === "published" || job.status === "closed" ? (
          <form method="post" onSubmit={handled(() => onChangeStatus(job, change))}>
            <input type="hidden" name="id" value={job._id} />
            <button
              type="submit"
              name="intent"
              value={change}
              aria-label={`${change === "reopen" ? "Reopen listing" : "Mark as filled"}: ${job.jobTitle}`}
              className="mt-2 block rounded-md border border-slate-400 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {change === "reopen" ? "Reopen listing" : "Mark as filled"}
            </button>
          </form>
        ) : null}
      </td>
      <td data-label="Company Name" className="px-4 py-3 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell">
        <Link to={`/companies/${job.companySlug}`} className="text-brand-700 underline-offset-2 hover:underline">
          {job.companyName}
        </Link>
      </td>
      <td data-label="Salary (min - max)" className="px-4 py-3 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell">
        {formatAmount(job.minPrice, job.salaryCurrency)} - {formatAmount(job.maxPrice, job.salaryCurrency)}
      </td>
      <td className="px-4 py-3 max-sm:block max-sm:px-0 max-sm:pt-3">
        <Link
          to={`/edit-job/${job._id}`}
          aria-label={`Edit ${job.jobTitle}`}
          className="font-medium text-brand-700 underline"
        >
          Edit
        </Link>
      </td>
      <td className="px-4 py-3 max-sm:block max-sm:px-0 max-sm:pt-3 max-sm:text-right">
        <form method="get" action={`/my-job#${DELETE_QUESTION_ID}`} onSubmit={handled(() => onDelete(job))}>
          {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
          {view.page > 1 ? <input type="hidden" name="page" value={view.page} /> : null}
          <button
            type="submit"
            name="delete"
            value={job._id}
            aria-label={`Delete ${job.jobTitle}`}
            className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800"
          >
            Delete
          </button>
        </form>
      </td>
    </tr>
  );
}
