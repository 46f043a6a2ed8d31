import { useId } from "react";
import { Link } from "react-router";
import { DELETE_QUESTION, deleteWarning } from "#app/components/my-listing-texts.ts";
import type { Job } from "#shared/job.ts";

/** Where a row's Delete sends the browser without scripts, so it lands at the question. */
export const DELETE_QUESTION_ID = "delete-listing";

/**
 * The delete dialog's question where there is no dialog: a row's Delete pressed before the scripts run (or without
 * them) opens `?delete=ID`, and this asks the same, at the top of the page. Delete posts to the page's action; Cancel
 * goes back to the same search and page, and nothing is deleted.
 */
export function DeleteQuestion({
  job,
  cancel,
}: {
  job: Pick<Job, "_id" | "jobTitle" | "companyName">;
  cancel: string;
}) {
  const headingId = useId();
  return (
    <section
      id={DELETE_QUESTION_ID}
      aria-labelledby={headingId}
      tabIndex={-1}
      className="mt-4 scroll-mt-24 rounded-lg border border-red-300 bg-white p-4 shadow-sm focus:outline-none"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {DELETE_QUESTION}
      </h2>
      <p className="mt-1 text-slate-700">{deleteWarning(job)}</p>
      <form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={job._id} />
        <Link
          to={cancel}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-900 hover:bg-slate-50"
        >
          Cancel
        </Link>
        <button
          type="submit"
          name="intent"
          value="delete"
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          Delete
        </button>
      </form>
    </section>
  );
}
