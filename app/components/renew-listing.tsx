import { useState } from "react";
import { useRevalidator } from "react-router";
import { OutcomeNotice, useOutcome } from "#app/components/outcome-notice.tsx";
import { api } from "#app/lib/api-client.ts";
import { formatLongDate } from "#shared/dates.ts";

/**
 * The owner's Renew on their own listing's page (issue 32): the same call, and so the same rule, as My Listings
 * (published, in its last 3 days or expired). Renewed, the page is loaded again and shows the listing live; focus goes
 * to the outcome, as the button it was on is gone.
 */
export function RenewListing({ jobId, jobTitle, renewable }: { jobId: string; jobTitle: string; renewable: boolean }) {
  const [busy, setBusy] = useState(false);
  const { outcome, setOutcome, outcomeRef } = useOutcome();
  const revalidator = useRevalidator();

  const renew = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await api.renewJob(jobId);
    setBusy(false);
    if (!result.ok) {
      setOutcome({ tone: "alert", message: `“${jobTitle}” was not renewed: ${result.message}` });
      return;
    }
    await revalidator.revalidate();
    setOutcome({ tone: "status", message: `“${jobTitle}” is renewed until ${formatLongDate(result.data.expiresAt)}.` });
  };

  if (!renewable && !outcome) return null;
  return (
    <div className="mt-4">
      {outcome ? <OutcomeNotice outcome={outcome} outcomeRef={outcomeRef} /> : null}
      {renewable ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-slate-700">
            Only you see this: renewing keeps the listing&apos;s address, stats and applications, and dates it today.
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void renew()}
            className="rounded-md border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            {busy ? "Renewing…" : "Renew for 30 more days"}
          </button>
        </div>
      ) : null}
    </div>
  );
}
