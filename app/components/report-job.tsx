import { Flag } from "#app/components/icons.tsx";
import { useId, useState, type FormEvent } from "react";
import { Dialog } from "#app/components/dialog.tsx";
import { REPORT_REASONS, type ReportReason } from "#shared/moderation.ts";
import { api } from "#app/lib/api-client.ts";

/** "Report this job": anyone may report a listing, with a reason from a fixed list and an optional comment. */
export function ReportJob({ jobId }: { jobId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const formId = useId();

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

  if (sent) {
    return (
      <p role="status" className="mt-6 text-sm text-slate-700">
        Thank you for your report. An admin will look at this listing.
      </p>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          // The proof of work (ADR 41) is solved while the reader picks a reason.
          api.prepareChallenge();
          setOpen(true);
        }}
        className="mt-6 inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-red-800 underline hover:bg-red-50"
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        Report this job
      </button>
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
            <button
              type="submit"
              form={formId}
              disabled={busy}
              className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              Send report
            </button>
          </>
        }
      >
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
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
            value={comment}
            maxLength={1000}
            rows={3}
            onChange={(event) => setComment(event.target.value)}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          />
          {error ? (
            <p role="alert" className="mt-2 text-red-800">
              {error}
            </p>
          ) : null}
        </form>
      </Dialog>
    </>
  );
}
