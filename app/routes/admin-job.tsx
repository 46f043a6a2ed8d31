import { useId, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { AdminErrorPage, AdminPage } from "#app/components/admin-page.tsx";
import { loadForAdmin } from "#app/context.server.ts";
import { unlisted } from "#app/lib/meta.ts";
import { api, type ApiResult } from "#app/lib/api-client.ts";
import {
  REPORT_REASONS,
  statusLabel,
  type JobStatus,
  type ModerationAction,
  type ReportReason,
} from "#shared/moderation.ts";
import type { Route } from "./+types/admin-job";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  unlisted(matches, loaderData ? `Review: ${loaderData.review.job.jobTitle}` : "Page not found");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const review = await loadForAdmin(context, request, (moderation, viewer) =>
    moderation.getReview({ viewer, id: params.id }),
  );
  return { review };
}

/** The decisions open to an admin in each status (the server checks the same). */
const ACTIONS: Record<JobStatus, ModerationAction[]> = {
  pending: ["approve", "reject", "hide"],
  published: ["hide", "reject"],
  hidden: ["restore", "reject"],
  rejected: ["restore", "hide"],
};

const LABELS: Record<ModerationAction, string> = {
  approve: "Approve",
  reject: "Reject",
  hide: "Hide",
  restore: "Restore",
};

/** The one account action open at a time: suspend an employer in good standing, or lift a suspension. */
const ACCOUNT_ACTIONS = {
  suspend: {
    label: "Suspend the employer",
    done: "The account is suspended.",
    call: api.suspendAccount,
    className: "border-red-700 text-red-800 hover:bg-red-50",
  },
  lift: {
    label: "Lift the suspension",
    done: "The suspension is lifted.",
    call: api.liftSuspension,
    className: "border-brand-600 text-brand-700 hover:bg-brand-50",
  },
};

const HISTORY_WORDS: Record<string, string> = {
  submitted: "Submitted for review",
  resubmitted: "Changed and submitted again",
  approve: "Approved",
  reject: "Rejected",
  hide: "Hidden",
  restore: "Restored",
  "auto-hide": "Hidden after reports",
};

/** One of the review's panels: a section named by its heading. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminJob({ loaderData }: Route.ComponentProps) {
  const { review } = loaderData;
  const { job } = review;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const reasonId = useId();

  const run = async (call: () => Promise<ApiResult<void>>, doneText: string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await call();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setReason("");
    setDone(doneText);
    await revalidator.revalidate();
  };
  const decide = (action: ModerationAction) =>
    run(() => api.decideOnListing(job._id, action, reason), `${HISTORY_WORDS[action]}.`);
  const owner = review.owner;
  const accountAction = owner ? ACCOUNT_ACTIONS[owner.suspended ? "lift" : "suspend"] : null;

  return (
    <AdminPage
      title={`${job.jobTitle} at ${job.companyName}`}
      intro={
        <>
          Status: <strong>{statusLabel(review.status, review.statusReason)}</strong>
          {review.ownerEmail ? ` · Posted by ${review.ownerEmail}` : ""}
          {review.owner?.suspended ? " · Account suspended" : ""}
        </>
      }
      backToQueue
      narrow
    >
      <Panel id="listing-heading" title="The listing">
        <p className="mt-2 text-slate-700">{job.jobLocation}</p>
        <p className="mt-2 whitespace-pre-line text-slate-700">{job.description}</p>
        <p className="mt-2 break-all text-slate-700">Apply link: {job.applyLink}</p>
      </Panel>

      <Panel id="decision-heading" title="Decision">
        <label htmlFor={reasonId} className="mt-3 block font-medium">
          Reason (required to reject, mailed to the employer; required to suspend)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={1000}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
        />
        <div className="mt-3 flex flex-wrap gap-2">
          {ACTIONS[review.status].map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy}
              onClick={() => void decide(action)}
              className={
                action === "reject" || action === "hide"
                  ? "rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60"
                  : "rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
              }
            >
              {LABELS[action]}
            </button>
          ))}
          {owner && accountAction ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(() => accountAction.call(owner.id, reason), accountAction.done)}
              className={`rounded-md border px-4 py-2 font-medium disabled:opacity-60 ${accountAction.className}`}
            >
              {accountAction.label}
            </button>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="mt-3 text-red-800">
            {error}
          </p>
        ) : null}
        <p role="status" className="mt-3 text-green-800">
          {done}
        </p>
      </Panel>

      <Panel id="reports-heading" title="Reports">
        {review.reports.length === 0 ? (
          <p className="mt-2 text-slate-700">No reports.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {review.reports.map((report, index) => (
              <li key={index} className="text-slate-700">
                <strong>{REPORT_REASONS[report.reason as ReportReason] ?? report.reason}</strong> ({report.status}) ·{" "}
                <time dateTime={report.at}>{new Date(report.at).toUTCString()}</time>
                {report.comment ? <p className="whitespace-pre-line">{report.comment}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel id="history-heading" title="History">
        {review.history.length === 0 ? (
          <p className="mt-2 text-slate-700">No moderation yet.</p>
        ) : (
          <ol aria-label="History" className="mt-2 space-y-2">
            {review.history.map((event, index) => (
              <li key={index} className="text-slate-700">
                <time dateTime={event.at}>{new Date(event.at).toUTCString()}</time>:{" "}
                {HISTORY_WORDS[event.action] ?? event.action}
                {event.actorEmail ? ` by ${event.actorEmail}` : " by the system"}
                {event.reason ? `: ${event.reason}` : ""}
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
