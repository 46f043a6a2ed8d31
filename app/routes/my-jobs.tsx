import { ChevronLeft, ChevronRight, Search } from "#app/components/icons.tsx";
import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Dialog } from "#app/components/dialog.tsx";
import { Protected } from "#app/components/protected.tsx";
import { isExpired, type Job } from "#shared/job.ts";
import { postedNotice, statusLabel, type JobStatus, type OwnedJob, type PostedOutcome } from "#shared/moderation.ts";
import { api } from "#app/lib/api-client.ts";
import { requireUser, servicesContext } from "#app/context.server.ts";
import { titled } from "#app/lib/meta.ts";
import { formatLongDate } from "#shared/dates.ts";
import { formatAmount } from "#shared/money.ts";
import type { ApplicationCounts } from "#shared/applications.ts";
import { isRenewable, type StatsTotals } from "#shared/stats.ts";
import type { Route } from "./+types/my-jobs";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "My Listings") },
  { name: "description", content: "Your job listings: search, edit or delete them." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { jobs, applications, stats } = context.get(servicesContext);
  const [mine, { mustVerifyEmail }, applicationCounts] = await Promise.all([
    jobs.listMyJobs({ user, email: user.email }),
    jobs.postingStatus({ user }),
    applications.countApplicationsByListing({ user }),
  ]);
  // What each of the user's own listings earned (issue 32).
  const totals = await stats.totalsOf({ jobIds: mine.map((job) => job._id) });
  const query = new URL(request.url).searchParams;
  // Back from the verification link (VERIFIED_LANDING): say it worked, once the address really is verified.
  const justVerified = query.has("verified") && !mustVerifyEmail;
  return { jobs: mine, justVerified, applicationCounts, totals, justSent: sentWithoutScripts(query, user.email) };
}

const POSTED_OUTCOMES: readonly string[] = ["published", "pending", "held"] satisfies PostedOutcome[];

/**
 * Back from the job form posted without JavaScript (ADR 41): what the page's script says in its dialog and toast,
 * said here, where it lands (`?posted=` with where the listing stands, or `?updated`).
 */
function sentWithoutScripts(query: URLSearchParams, email: string): { title: string; detail: string | null } | null {
  const posted = query.get("posted");
  if (posted && POSTED_OUTCOMES.includes(posted))
    return { title: "✔ Congratulations Job Posted Successfully", detail: postedNotice(posted as PostedOutcome, email) };
  return query.has("updated") ? { title: "✔ Job Updated Successfully", detail: null } : null;
}

/** Only the owner sees a listing that is not published; the badge says why nobody else does. */
const STATUS_BADGE: Record<JobStatus, string> = {
  pending: "bg-sky-100 text-sky-900",
  published: "",
  rejected: "bg-red-100 text-red-900",
  hidden: "bg-slate-200 text-slate-900",
  closed: "bg-slate-200 text-slate-900",
};

/** A listing that takes applications here, or has some, links to its inbox with its new and total counts. */
function ApplicationsLink({ job, counts }: { job: Job; counts: ApplicationCounts | undefined }) {
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
function StatsLink({ job, totals }: { job: Job; totals: StatsTotals | undefined }) {
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

/** Spec §9: My Listings pages 5 rows at a time. */
const PAGE_SIZE = 5;

/** Title, company or location contains the query, ignoring case. */
function matches(job: Job, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [job.jobTitle, job.companyName, job.jobLocation].some((value) => value.toLowerCase().includes(needle));
}

export default function MyJobs({ loaderData }: Route.ComponentProps) {
  const [jobs, setJobs] = useState<OwnedJob[]>(loaderData.jobs);
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Job | null>(null);
  const [stage, setStage] = useState<"confirm" | "done" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "status" | "alert"; message: string } | null>(null);
  const searchId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const filtered = useMemo(() => jobs.filter((job) => matches(job, query)), [jobs, query]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const now = new Date();

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(draft);
    setPage(1);
  };

  const cancel = () => {
    setStage(null);
    setSelected(null);
    setError(null);
  };

  /**
   * Spec §4 delete flow: the success dialog shows at once; the row goes only when the server acknowledges. If it
   * refuses, the same dialog says so instead, and the row stays.
   */
  const confirmDelete = async () => {
    const job = selected;
    if (!job) return;
    setStage("done");
    const result = await api.deleteJob(job._id);
    if (result.ok) setJobs((list) => list.filter((item) => item._id !== job._id));
    else setError(`“${job.jobTitle}” was not deleted: ${result.message}`);
  };

  /** Closed or reopened, the row shows its new status; a refusal is said, and nothing changes. */
  const changeStatus = async (job: OwnedJob, change: "close" | "reopen") => {
    setNotice(null);
    const result = await (change === "close" ? api.closeJob(job._id) : api.reopenJob(job._id));
    if (!result.ok) {
      const failed = change === "close" ? "was not closed" : "was not reopened";
      setNotice({ tone: "alert", message: `“${job.jobTitle}” ${failed}: ${result.message}` });
      return;
    }
    const status = result.data.status;
    setJobs((list) => list.map((item) => (item._id === job._id ? { ...item, status, statusReason: null } : item)));
    const said =
      status === "closed"
        ? "is closed: it is off the board and keeps its applications."
        : status === "pending"
          ? "is reopened, and goes back on the board once it has been reviewed."
          : "is back on the board.";
    setNotice({ tone: "status", message: `“${job.jobTitle}” ${said}` });
  };

  /** Renewed, the row shows its new posting date and is no longer expired; a refusal is said, and nothing changes. */
  const renew = async (job: OwnedJob) => {
    setNotice(null);
    const result = await api.renewJob(job._id);
    if (result.ok) {
      setJobs((list) =>
        list.map((item) => (item._id === job._id ? { ...item, postingDate: result.data.postingDate } : item)),
      );
      setNotice({
        tone: "status",
        message: `“${job.jobTitle}” is renewed until ${formatLongDate(result.data.expiresAt)}.`,
      });
    } else setNotice({ tone: "alert", message: `“${job.jobTitle}” was not renewed: ${result.message}` });
  };

  return (
    <Protected>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
          All My Listings
        </h1>
        <p className="mt-2 text-slate-600">You can find your job listings here, and edit or delete them as needed.</p>
        <Link to="/account/security" className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
          Two-step sign-in
        </Link>
        {loaderData.justSent ? (
          <div role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
            <p className="font-medium">{loaderData.justSent.title}</p>
            {loaderData.justSent.detail ? <p className="mt-1">{loaderData.justSent.detail}</p> : null}
          </div>
        ) : null}
        {loaderData.justVerified ? (
          <p role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
            Your email address is verified: your listings can now go live.
          </p>
        ) : null}

        {notice ? (
          <p
            role={notice.tone}
            className={`mt-4 rounded-lg border p-4 ${notice.tone === "status" ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
          >
            {notice.message}
          </p>
        ) : null}

        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <form role="search" onSubmit={search} className="flex w-full max-w-lg gap-2">
            <label htmlFor={searchId} className="sr-only">
              Search your listings by title, company or location
            </label>
            <input
              id={searchId}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Search Posted Jobs..."
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2"
            />
            <button
              type="submit"
              className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
            >
              <Search aria-hidden="true" className="size-4" />
              Search
            </button>
          </form>
          <Link
            to="/post-job"
            className="rounded-md border border-brand-600 px-4 py-2 text-center font-medium text-brand-700 hover:bg-brand-50"
          >
            Post A New Job
          </Link>
        </div>

        {/* On a phone each listing is a stacked card (a label above each value), so Edit and Delete need no sideways scroll. */}
        <div className="mt-6 rounded-xl border border-slate-200 bg-white sm:overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
            <caption className="sr-only">
              Your job listings, page {current} of {pages}
            </caption>
            <thead className="bg-slate-100 text-slate-700 max-sm:sr-only">
              <tr>
                <th scope="col" className="px-4 py-3">
                  No.
                </th>
                <th scope="col" className="px-4 py-3">
                  Title
                </th>
                <th scope="col" className="px-4 py-3">
                  Company Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Salary (min - max)
                </th>
                <th scope="col" className="px-4 py-3">
                  Edit
                </th>
                <th scope="col" className="px-4 py-3">
                  Delete
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {rows.map((job, index) => (
                <tr
                  key={job._id}
                  className="border-t border-slate-200 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:p-4 max-sm:first:border-t-0"
                >
                  <td
                    data-label="No."
                    className="px-4 py-3 max-sm:col-span-2 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell"
                  >
                    {(current - 1) * PAGE_SIZE + index + 1}
                  </td>
                  <td
                    data-label="Title"
                    className="px-4 py-3 font-medium max-sm:col-span-2 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell"
                  >
                    <Link
                      to={`/jobs/${job._id}`}
                      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
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
                    <ApplicationsLink job={job} counts={loaderData.applicationCounts[job._id]} />
                    <StatsLink job={job} totals={loaderData.totals[job._id]} />
                    {job.status === "published" && isRenewable(job.postingDate, now) ? (
                      <button
                        type="button"
                        onClick={() => void renew(job)}
                        aria-label={`Renew ${job.jobTitle} for 30 more days`}
                        className="mt-2 block rounded-md border border-brand-600 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                      >
                        Renew for 30 more days
                      </button>
                    ) : null}
                    {job.status === "published" || job.status === "closed" ? (
                      <button
                        type="button"
                        onClick={() => void changeStatus(job, job.status === "closed" ? "reopen" : "close")}
                        aria-label={`${job.status === "closed" ? "Reopen listing" : "Mark as filled"}: ${job.jobTitle}`}
                        className="mt-2 block rounded-md border border-slate-400 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
                      >
                        {job.status === "closed" ? "Reopen listing" : "Mark as filled"}
                      </button>
                    ) : null}
                  </td>
                  <td data-label="Company Name" className="px-4 py-3 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell">
                    <Link
                      to={`/companies/${job.companySlug}`}
                      className="text-brand-700 underline-offset-2 hover:underline"
                    >
                      {job.companyName}
                    </Link>
                  </td>
                  <td
                    data-label="Salary (min - max)"
                    className="px-4 py-3 max-sm:block max-sm:px-0 max-sm:py-1 stacked-cell"
                  >
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
                    <button
                      type="button"
                      aria-label={`Delete ${job.jobTitle}`}
                      onClick={() => {
                        setSelected(job);
                        setStage("confirm");
                      }}
                      className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800"
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 ? (
            <p className="px-4 py-8 text-center text-slate-600">
              {jobs.length === 0 ? "You have not posted any jobs yet." : "No listings match your search."}
            </p>
          ) : null}
        </div>

        <nav aria-label="My Listings pages" className="mt-4 flex items-center justify-center gap-4">
          <button
            type="button"
            aria-label="Previous page"
            disabled={current <= 1}
            onClick={() => setPage(current - 1)}
            className="rounded-full border border-slate-300 bg-white p-2 disabled:opacity-40"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <span aria-live="polite">
            {current} / {pages}
          </span>
          <button
            type="button"
            aria-label="Next page"
            disabled={current >= pages}
            onClick={() => setPage(current + 1)}
            className="rounded-full border border-slate-300 bg-white p-2 disabled:opacity-40"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </nav>

        <Dialog
          open={stage === "confirm"}
          role="alertdialog"
          title="Are you sure you want to delete this job?"
          onClose={cancel}
          actions={
            <>
              <button
                type="button"
                onClick={cancel}
                className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="button"
                onClick={confirmDelete}
                className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
              >
                Delete
              </button>
            </>
          }
        >
          <p>{selected ? `“${selected.jobTitle}” at ${selected.companyName} will be removed for good.` : null}</p>
        </Dialog>
        <Dialog
          open={stage === "done"}
          title={error ? "The job was not deleted" : "Job deleted successfully!"}
          onClose={cancel}
          fallbackFocus={headingRef}
          actions={
            <button
              type="button"
              onClick={cancel}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Close
            </button>
          }
        >
          {error ? (
            <p role="alert">{error}</p>
          ) : (
            <p>{selected ? `“${selected.jobTitle}” is no longer listed.` : null}</p>
          )}
        </Dialog>
      </main>
    </Protected>
  );
}
