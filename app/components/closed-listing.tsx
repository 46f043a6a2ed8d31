import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { OutcomeNotice, useOutcome } from "#app/components/outcome-notice.tsx";
import { api } from "#app/lib/api-client.ts";

/**
 * A closed listing's page (ADR 60): a visitor learns the employer no longer takes applications; its owner, who is the
 * only one who can act on it, gets Reopen and the way to its applications. Reopened, the page is loaded again and
 * focus goes to the outcome, as the button it was on is gone.
 */
export function ClosedListing({
  jobId,
  jobTitle,
  closed,
  owner,
  applicationsPath,
}: {
  jobId: string;
  jobTitle: string;
  /** Stays mounted once reopened, to say so where the notice was. */
  closed: boolean;
  owner: boolean;
  /** The owner's inbox, when the listing took applications on the board. */
  applicationsPath: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const { outcome, setOutcome, outcomeRef } = useOutcome();
  const revalidator = useRevalidator();

  const reopen = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await api.reopenJob(jobId);
    setBusy(false);
    if (!result.ok) {
      // Reopened or changed meanwhile (another tab): the page shows the listing as it is now, beside why.
      await revalidator.revalidate();
      setOutcome({ tone: "alert", message: `“${jobTitle}” was not reopened: ${result.message}` });
      return;
    }
    await revalidator.revalidate();
    setOutcome({
      tone: "status",
      message:
        result.data.status === "pending"
          ? `“${jobTitle}” is reopened. It goes back on the board once it has been reviewed.`
          : `“${jobTitle}” is back on the board and takes applications again.`,
    });
  };

  // A refusal shows above the notice, whose Reopen can be pressed again.
  const notice = outcome ? <OutcomeNotice outcome={outcome} outcomeRef={outcomeRef} className="mt-4" /> : null;
  if (!closed) return notice;
  return (
    <>
      {notice}
      <div role="status" className="mt-4 rounded-lg border border-slate-300 bg-slate-100 p-4 text-slate-900">
        {owner ? (
          <>
            <p>
              <strong>You closed this listing.</strong> Nobody else sees it on the board, and it takes no applications.
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <button
                type="button"
                disabled={busy}
                onClick={() => void reopen()}
                className="rounded-md border border-brand-600 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
              >
                {busy ? "Reopening…" : "Reopen listing"}
              </button>
              {applicationsPath ? (
                <Link to={applicationsPath} className="text-sm font-semibold text-brand-700 underline">
                  See its applications
                </Link>
              ) : null}
            </div>
          </>
        ) : (
          <p>
            <strong>This listing is closed</strong>. The employer is no longer taking applications for it.
          </p>
        )}
      </div>
    </>
  );
}
