import { Fragment, useId, useState, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { LocalTime } from "#app/components/local-time.tsx";
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
import type { Job } from "#shared/job.ts";
import { salaryWithType } from "#shared/money.ts";
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
  closed: ["hide", "reject"],
};

const LABELS: Record<ModerationAction, string> = {
  approve: "Approve",
  reject: "Reject",
  hide: "Hide",
  restore: "Restore",
  dismiss: "Dismiss report",
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
  dismiss: "Reports dismissed",
  "auto-hide": "Hidden after reports",
};

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Every field a reviewer weighs, as the employer gave it; a field left empty says so. */
function facts(job: Job): [string, string][] {
  const given = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === "" ? "Not given" : String(value);
  return [
    ["Company", `${job.companyName} (${job.Industry})`],
    ["Location", job.jobLocation],
    ["Salary", salaryWithType(job.minPrice, job.maxPrice, job.salaryType, job.salaryCurrency)],
    ["Employment type", job.employmentType],
    ["Experience", job.experienceLevel],
    ["English", job.englishLevel],
    ["Gender", job.gender],
    ["Higher education", given(job.higherEducation)],
    ["Openings", String(job.postionopens)],
    ["Skills", job.skills.map(({ value }) => value).join(", ") || "None listed"],
    ["Posting date", job.postingDate.slice(0, 10)],
    ["Phone", given(job.postedByNumber)],
    ["Email", given(job.postedByEmail)],
  ];
}

/** Every link in the listing, for the reviewer to see where each one goes before anyone clicks it. */
function links(job: Job): [string, string][] {
  const all: [string, string | null | undefined][] = [
    ["Apply", job.applyLink],
    ["Company site", job.companySite],
    ["LinkedIn", job.companyLinkedin],
    ["Facebook", job.companyFacebook],
    ["Instagram", job.companyInstagram],
    ["Twitter", job.companyTwitter],
  ];
  return all.filter((entry): entry is [string, string] => Boolean(entry[1]));
}

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
  // An unfounded report is settled on its own, without hiding the listing first (issue 76).
  const openReports = review.reports.some((report) => report.status === "open");
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
        {review.status === "published" ? (
          <p className="mt-2">
            <Link to={`/jobs/${job._id}`} className="font-medium text-brand-700 underline">
              Open its public page
            </Link>
          </p>
        ) : null}
        {job.companyLogo ? (
          <img
            src={job.companyLogo}
            alt={`${job.companyName} logo, from ${hostOf(job.companyLogo)}`}
            className="mt-3 h-16 w-16 rounded border border-slate-200 object-contain"
          />
        ) : null}
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-slate-700 sm:grid-cols-[10rem_1fr]">
          {facts(job).map(([term, value]) => (
            <Fragment key={term}>
              <dt className="font-medium text-slate-900">{term}</dt>
              <dd className="break-words">{value}</dd>
            </Fragment>
          ))}
        </dl>
        <h3 className="mt-4 font-semibold">Links</h3>
        <ul className="mt-1 space-y-1 text-slate-700">
          {links(job).map(([name, url]) => (
            <li key={name} className="break-all">
              {name}: <strong>{hostOf(url)}</strong> <span className="text-slate-500">({url})</span>
            </li>
          ))}
        </ul>
        {(
          [
            ["Description", job.description],
            ["Company description", job.companyDec],
            ["Responsibilities", job.responsibilities],
            ["Requirements", job.requirements],
          ] as const
        ).map(([heading, text]) =>
          text ? (
            <Fragment key={heading}>
              <h3 className="mt-4 font-semibold">{heading}</h3>
              <p className="mt-1 whitespace-pre-line text-slate-700">{text}</p>
            </Fragment>
          ) : null,
        )}
      </Panel>

      {owner ? (
        <Panel id="employer-heading" title="The employer">
          <p className="mt-2 text-slate-700">
            {review.ownerEmail}: {plural(owner.record.listings, "listing")} ({owner.record.published} published,{" "}
            {owner.record.pending} waiting, {owner.record.rejected} rejected, {owner.record.hidden} hidden);{" "}
            {plural(owner.record.approvals, "approval")} and {plural(owner.record.rejections, "rejection")} so far;{" "}
            {plural(owner.record.reports, "report")} from readers.
          </p>
        </Panel>
      ) : null}

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
          {[...ACTIONS[review.status], ...(openReports ? (["dismiss"] as const) : [])].map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy}
              onClick={() => void decide(action)}
              className={
                action === "reject" || action === "hide"
                  ? "rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60"
                  : action === "dismiss"
                    ? "rounded-md border border-slate-400 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
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
                <LocalTime at={report.at} />
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
                <LocalTime at={event.at} />: {HISTORY_WORDS[event.action] ?? event.action}
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
