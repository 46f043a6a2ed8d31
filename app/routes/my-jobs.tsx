import { ChevronLeft, ChevronRight, Search } from "#app/components/icons.tsx";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { data, Link, redirect, useNavigate, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { Dialog } from "#app/components/dialog.tsx";
import { DeleteQuestion } from "#app/components/delete-listing-question.tsx";
import { listingsHref, MyListingRow, type ListingsView } from "#app/components/my-listing-row.tsx";
import {
  DELETE_QUESTION,
  DELETED,
  deletedText,
  deleteWarning,
  doneText,
  LISTING_INTENTS,
  LISTING_OUTCOMES,
  NOT_DELETED,
  refusedText,
  type ListingIntent,
  type ListingOutcome,
} from "#app/components/my-listing-texts.ts";
import { Protected } from "#app/components/protected.tsx";
import type { Job } from "#shared/job.ts";
import { postedNotice, type JobStatus, type OwnedJob, type PostedOutcome } from "#shared/moderation.ts";
import { api } from "#app/lib/api-client.ts";
import { readPageForm, refusalOf, requireUser, servicesContext } from "#app/context.server.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/my-jobs";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "My Listings") },
  { name: "description", content: "Your job listings: search, edit or delete them." },
];

/** Where a notice said after a form sent without scripts is, for the browser to go to it. */
const NOTICE_ID = "listing-notice";

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
  return {
    jobs: mine,
    justVerified,
    applicationCounts,
    totals,
    justSent: sentWithoutScripts(query, user.email),
    done: doneWithoutScripts(query, mine),
  };
}

/**
 * A row's button pressed without scripts (with them, the page calls the API and stays put), with the same verbs as
 * the API. Done, the page comes back to the same search and page and says so (`?done=`, and which listing); refused,
 * it says why at its top, and nothing changes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readPageForm(request);
  const intent = LISTING_INTENTS.find((name) => name === form.get("intent"));
  if (!intent) throw data("This form asks for nothing My Listings does.", { status: 400 });
  const id = String(form.get("id") ?? "");
  const { jobs, renewals } = context.get(servicesContext);
  const back = new URL(request.url);
  for (const name of ["done", "listing", "delete"]) back.searchParams.delete(name);
  const ref = { user, id };
  const perform: Record<ListingIntent, () => Promise<ListingOutcome>> = {
    close: () => jobs.closeListing(ref).then(() => "closed"),
    reopen: () => jobs.reopenListing(ref).then(({ status }) => (status === "pending" ? "reviewed" : "reopened")),
    renew: () => renewals.renewOwnListing(ref).then(() => "renewed"),
    delete: () => jobs.deleteJob(ref).then(() => "deleted"),
  };
  try {
    const outcome = await perform[intent]();
    back.searchParams.set("done", outcome);
    if (outcome !== "deleted") back.searchParams.set("listing", id);
    return redirect(`${back.pathname}${back.search}#${NOTICE_ID}`, 303);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ intent, id, reason: refusal.message }, { status: refusal.status });
  }
}

/**
 * What the page reads from its address itself (the search, the page, the delete question), or once as it loads (what a
 * form sent without scripts came to): with scripts, changing them needs no reload.
 */
const VIEW_PARAMS = ["q", "page", "delete", "done", "listing"];

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const name of VIEW_PARAMS) search.delete(name);
    return search.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
};

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

/** Where each change leaves a listing: an address can be typed, so a notice is said only of a listing that is so. */
const STATUS_AFTER: Record<Exclude<ListingOutcome, "deleted">, JobStatus> = {
  closed: "closed",
  reopened: "published",
  reviewed: "pending",
  renewed: "published",
};

/** Back from the page's action: what the script says at once, said of the listing as it now is. */
function doneWithoutScripts(query: URLSearchParams, mine: OwnedJob[]): string | null {
  const outcome = LISTING_OUTCOMES.find((name) => name === query.get("done"));
  if (outcome === "deleted") return DELETED;
  const job = mine.find((listing) => listing._id === query.get("listing"));
  return outcome && job?.status === STATUS_AFTER[outcome] ? doneText(outcome, job) : null;
}

/** Spec §9: My Listings pages 5 rows at a time. */
const PAGE_SIZE = 5;

/** Title, company or location contains the query, ignoring case. */
function matches(job: Job, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [job.jobTitle, job.companyName, job.jobLocation].some((value) => value.toLowerCase().includes(needle));
}

/** The page the address asks for; anything but a page number is the first. */
const pageIn = (search: URLSearchParams) => Math.max(1, Number.parseInt(search.get("page") ?? "", 10) || 1);

type Notice = { tone: "status" | "alert"; message: string };

export default function MyJobs({ loaderData, actionData }: Route.ComponentProps) {
  const [jobs, setJobs] = useState<OwnedJob[]>(loaderData.jobs);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Job | null>(null);
  const [stage, setStage] = useState<"confirm" | "done" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() => {
    if (actionData) {
      const title = loaderData.jobs.find((job) => job._id === actionData.id)?.jobTitle;
      return { tone: "alert", message: refusedText(actionData.intent, title, actionData.reason) };
    }
    return loaderData.done ? { tone: "status", message: loaderData.done } : null;
  });
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const q = searchParams.get("q") ?? "";
  const filtered = useMemo(() => jobs.filter((job) => matches(job, q)), [jobs, q]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(pageIn(searchParams), pages);
  const view: ListingsView = { q, page: current };
  const rows = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const asked = jobs.find((job) => job._id === searchParams.get("delete"));
  const now = new Date();

  // The box is the browser's, so what is typed before the scripts run stays; Back and Forward put their search in it.
  const shown = useRef(q);
  useEffect(() => {
    if (shown.current === q) return;
    shown.current = q;
    if (searchRef.current) searchRef.current.value = q;
  }, [q]);

  /** Search and paging change the address, so Back returns to them; the list is already here, so nothing is loaded. */
  const show = (next: ListingsView) => void navigate(listingsHref(next), { preventScrollReset: true });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    show({ q: String(new FormData(event.currentTarget).get("q") ?? ""), page: 1 });
  };

  const turnTo = (page: number) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    show({ q, page });
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
    else setError(refusedText("delete", job.jobTitle, result.message));
  };

  /** Closed or reopened, the row shows its new status; a refusal is said, and nothing changes. */
  const changeStatus = async (job: OwnedJob, change: "close" | "reopen") => {
    setNotice(null);
    const result = await (change === "close" ? api.closeJob(job._id) : api.reopenJob(job._id));
    if (!result.ok) return setNotice({ tone: "alert", message: refusedText(change, job.jobTitle, result.message) });
    const status = result.data.status;
    setJobs((list) => list.map((item) => (item._id === job._id ? { ...item, status, statusReason: null } : item)));
    const outcome = status === "closed" ? "closed" : status === "pending" ? "reviewed" : "reopened";
    setNotice({ tone: "status", message: doneText(outcome, job) });
  };

  /** Renewed, the row shows its new posting date and is no longer expired; a refusal is said, and nothing changes. */
  const renew = async (job: OwnedJob) => {
    setNotice(null);
    const result = await api.renewJob(job._id);
    if (!result.ok) return setNotice({ tone: "alert", message: refusedText("renew", job.jobTitle, result.message) });
    const { postingDate } = result.data;
    setJobs((list) => list.map((item) => (item._id === job._id ? { ...item, postingDate } : item)));
    setNotice({ tone: "status", message: doneText("renewed", { ...job, postingDate }) });
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
            id={NOTICE_ID}
            role={notice.tone}
            tabIndex={-1}
            className={`mt-4 scroll-mt-24 rounded-lg border p-4 focus:outline-none ${notice.tone === "status" ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
          >
            {notice.message}
          </p>
        ) : null}
        {asked ? <DeleteQuestion job={asked} cancel={listingsHref(view)} /> : null}

        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <form role="search" method="get" action="/my-job" onSubmit={search} className="flex w-full max-w-lg gap-2">
            <label htmlFor={searchId} className="sr-only">
              Search your listings by title, company or location
            </label>
            <input
              ref={searchRef}
              id={searchId}
              name="q"
              type="search"
              defaultValue={q}
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
                <MyListingRow
                  key={job._id}
                  job={job}
                  number={(current - 1) * PAGE_SIZE + index + 1}
                  counts={loaderData.applicationCounts[job._id]}
                  totals={loaderData.totals[job._id]}
                  view={view}
                  now={now}
                  onRenew={renew}
                  onChangeStatus={changeStatus}
                  onDelete={(listing) => {
                    setSelected(listing);
                    setStage("confirm");
                  }}
                />
              ))}
            </tbody>
          </table>
          {rows.length === 0 ? (
            <p className="px-4 py-8 text-center text-slate-600">
              {jobs.length === 0 ? "You have not posted any jobs yet." : "No listings match your search."}
            </p>
          ) : null}
        </div>

        <nav aria-label="My Listings pages">
          <form method="get" action="/my-job" className="mt-4 flex items-center justify-center gap-4">
            {q ? <input type="hidden" name="q" value={q} /> : null}
            <button
              type="submit"
              name="page"
              value={current - 1}
              aria-label="Previous page"
              disabled={current <= 1}
              onClick={turnTo(current - 1)}
              className="rounded-full border border-slate-300 bg-white p-2 disabled:opacity-40"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <span aria-live="polite">
              {current} / {pages}
            </span>
            <button
              type="submit"
              name="page"
              value={current + 1}
              aria-label="Next page"
              disabled={current >= pages}
              onClick={turnTo(current + 1)}
              className="rounded-full border border-slate-300 bg-white p-2 disabled:opacity-40"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </form>
        </nav>

        <Dialog
          open={stage === "confirm"}
          role="alertdialog"
          title={DELETE_QUESTION}
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
          <p>{selected ? deleteWarning(selected) : null}</p>
        </Dialog>
        <Dialog
          open={stage === "done"}
          title={error ? NOT_DELETED : DELETED}
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
          {error ? <p role="alert">{error}</p> : <p>{selected ? deletedText(selected) : null}</p>}
        </Dialog>
      </main>
    </Protected>
  );
}
