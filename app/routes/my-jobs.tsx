import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Dialog } from "~/components/dialog";
import { Protected } from "~/components/protected";
import { Toast } from "~/components/toast";
import { servicesContext } from "~/context";
import { isExpired, type Job } from "~/lib/job";
import { callJobApi } from "~/lib/job-api";
import { requireUser } from "~/lib/require-user.server";
import { listMyJobs } from "../../server/jobs/service";
import type { Route } from "./+types/my-jobs";

export const meta: Route.MetaFunction = () => [
  { title: "My Listings | Job Board" },
  { name: "description", content: "Your job listings: search, edit or delete them." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { database } = context.get(servicesContext);
  return { jobs: await listMyJobs(database.db, user, user.email) };
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
  const [jobs, setJobs] = useState<Job[]>(loaderData.jobs);
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Job | null>(null);
  const [stage, setStage] = useState<"confirm" | "done" | null>(null);
  const [error, setError] = useState<string | null>(null);
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
  };

  /** Spec §4 delete flow: the success dialog shows at once; the row goes only when the server acknowledges. */
  const confirmDelete = async () => {
    const job = selected;
    if (!job) return;
    setStage("done");
    const result = await callJobApi("DELETE", `/api/job/${job._id}`);
    if (result.ok && result.acknowledged) {
      setJobs((list) => list.filter((item) => item._id !== job._id));
    } else {
      setError(
        result.ok
          ? `“${job.jobTitle}” was not deleted: the server did not confirm it. Please try again.`
          : `“${job.jobTitle}” was not deleted: ${result.message}`,
      );
    }
  };

  return (
    <Protected>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
          All My Listings
        </h1>
        <p className="mt-2 text-slate-600">You can find your job listings here, and edit or delete them as needed.</p>

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
            <button type="submit" className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
              <Search aria-hidden="true" className="size-4" />
              Search
            </button>
          </form>
          <Link to="/post-job" className="rounded-md border border-brand-600 px-4 py-2 text-center font-medium text-brand-700 hover:bg-brand-50">
            Post A New Job
          </Link>
        </div>

        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Your job listings, page {current} of {pages}</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">No.</th>
                <th scope="col" className="px-4 py-3">Title</th>
                <th scope="col" className="px-4 py-3">Company Name</th>
                <th scope="col" className="px-4 py-3">Salary (min - max)</th>
                <th scope="col" className="px-4 py-3">Edit</th>
                <th scope="col" className="px-4 py-3">Delete</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((job, index) => (
                <tr key={job._id} className="border-t border-slate-200">
                  <td className="px-4 py-3">{(current - 1) * PAGE_SIZE + index + 1}</td>
                  <td className="px-4 py-3 font-medium">
                    {job.jobTitle}
                    {isExpired(job.postingDate, now) ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Expired</span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">{job.companyName}</td>
                  <td className="px-4 py-3">
                    {job.minPrice} - {job.maxPrice}
                  </td>
                  <td className="px-4 py-3">
                    <Link to={`/edit-job/${job._id}`} aria-label={`Edit ${job.jobTitle}`} className="font-medium text-brand-700 underline">
                      Edit
                    </Link>
                  </td>
                  <td className="px-4 py-3">
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
              <button type="button" onClick={cancel} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
                Cancel
              </button>
              <button type="button" onClick={confirmDelete} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
                Delete
              </button>
            </>
          }
        >
          <p>{selected ? `“${selected.jobTitle}” at ${selected.companyName} will be removed for good.` : null}</p>
        </Dialog>
        <Dialog
          open={stage === "done"}
          title="Job deleted successfully!"
          onClose={cancel}
          fallbackFocus={headingRef}
          actions={
            <button type="button" onClick={cancel} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              Close
            </button>
          }
        >
          <p>{selected ? `“${selected.jobTitle}” is no longer listed.` : null}</p>
        </Dialog>
        <Toast message={error} tone="error" durationMs={6000} onDismiss={() => setError(null)} />
      </main>
    </Protected>
  );
}
