import { Flag } from "#app/components/icons.tsx";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Dialog } from "#app/components/dialog.tsx";
import { Honeypot } from "#app/components/honeypot.tsx";
import { REPORT_FORM_ERRORS, REPORT_REASONS, type ReportFormRefusal, type ReportReason } from "#shared/moderation.ts";
import { api } from "#app/lib/api-client.ts";

const REPORT_SENT = "Thank you for your report. An admin will look at this listing.";

/**
 * "Report this job": anyone may report a listing, with a reason from a fixed list and an optional comment. With
 * scripts the form opens in a dialog and is sent to the API with a proof of work (ADR 41). Without them the button
 * asks for the page with `?report=open`, which shows the form on the page, and the browser posts it to the page's
 * own path; the outcome comes back in `?report=`.
 */
export function ReportJob({ jobId }: { jobId: string }) {
  const [searchParams] = useSearchParams();
  const fromAddress = searchParams.get("report");
  const refused = REPORT_FORM_ERRORS[fromAddress as ReportFormRefusal] as string | undefined;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const formId = useId();
  const onPage = fromAddress === "open" || refused !== undefined;
  // The form on the page (opened without scripts, or a link to it) is sent by the API too once scripts run.
  useEffect(() => {
    if (onPage) api.prepareChallenge();
  }, [onPage]);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError("Pick a reason.");
      return;
    }
    setBusy(true);
    const outcome = await api.reportJob(jobId, { reason, comment });
    setBusy(false);
    if (outcome.ok) {
      setSent(true);
      setOpen(false);
    } else {
      setError(outcome.message);
    }
  };

  if (sent || fromAddress === "sent") {
    return (
      <p id="report-job" role="status" className="mt-6 text-sm text-slate-700">
        {REPORT_SENT}
      </p>
    );
  }

  const shownError = error ?? refused;
  const sendButton = (
    <button
      type="submit"
      form={formId}
      disabled={busy}
      className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
    >
      Send report
    </button>
  );
  const form = (
    <form
      id={formId}
      method="post"
      action={`/jobs/${encodeURIComponent(jobId)}`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {/* Only the form on the page can be posted by the browser; in the dialog it would be the trap's first stop. */}
      {onPage ? <Honeypot /> : null}
      <fieldset>
        <legend className="font-medium text-slate-900">What is wrong with this listing?</legend>
        <div className="mt-2 space-y-1">
          {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="mt-3 block font-medium text-slate-900">
        Comment (optional)
      </label>
      <textarea
        id={commentId}
        name="comment"
        value={comment}
        maxLength={1000}
        rows={3}
        onChange={(event) => setComment(event.target.value)}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {shownError ? (
        <p role="alert" className="mt-2 text-red-800">
          {shownError}
        </p>
      ) : null}
    </form>
  );

  if (onPage) {
    return (
      <section id="report-job" aria-labelledby={`${formId}-heading`} className="mt-6 rounded-lg border p-4">
        <h2 id={`${formId}-heading`} className="text-lg font-semibold">
          Report this job
        </h2>
        <div className="mt-3">{form}</div>
        <div className="mt-4">{sendButton}</div>
      </section>
    );
  }

  return (
    <>
      <OpenReport
        onOpen={() => {
          // The proof of work (ADR 41) is solved while the reader picks a reason.
          api.prepareChallenge();
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        Report this job
      </OpenReport>
      <Dialog
        open={open}
        title="Report this job"
        onClose={close}
        actions={
          <>
            <button
              type="button"
              onClick={close}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
            >
              Cancel
            </button>
            {sendButton}
          </>
        }
      >
        {form}
      </Dialog>
    </>
  );
}

/**
 * The button that opens the dialog. It is a GET form's button, so without scripts it asks for the page with the form
 * on it (`?report=open`) instead of doing nothing.
 */
function OpenReport({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <form method="get" action="#report-job" className="mt-6">
      <input type="hidden" name="report" value="open" />
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-red-800 underline hover:bg-red-50"
      >
        {children}
      </button>
    </form>
  );
}
