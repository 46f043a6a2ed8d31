import { useState, type RefObject } from "react";
import { Dialog } from "#app/components/dialog.tsx";
import { api } from "#app/lib/api-client.ts";

/**
 * The owner's Delete on the company's edit page (issue 32): asked once more in a dialog. A company that still has
 * listings is refused by the server, whose message says how many; the dialog closes, focus goes back to the button,
 * and the message is announced beside it. Deleted, the page says so (`deletedFocus` takes the focus then).
 */
export function DeleteCompany({
  company,
  onDeleted,
  deletedFocus,
}: {
  company: { slug: string; name: string };
  onDeleted: () => void;
  deletedFocus: RefObject<HTMLElement | null>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    const result = await api.deleteCompany(company.slug);
    setBusy(false);
    setConfirming(false);
    if (result.ok) onDeleted();
    else setRefusal(result.message);
  };

  return (
    <section aria-labelledby="delete-company" className="mt-10 rounded-xl border border-red-200 bg-white p-4 sm:p-6">
      <h2 id="delete-company" className="text-lg font-semibold">
        Delete this company
      </h2>
      <p className="mt-2 text-slate-600">
        A company can be deleted once no listing is in it, live or expired. Its page goes with it.
      </p>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => {
          setRefusal(null);
          setConfirming(true);
        }}
        className="mt-4 rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
      >
        Delete company
      </button>
      <Dialog
        open={confirming}
        role="alertdialog"
        title={`Delete ${company.name}?`}
        onClose={() => setConfirming(false)}
        fallbackFocus={deletedFocus}
        actions={
          <>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
            >
              Cancel
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void remove()}
              className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {busy ? "Deleting…" : "Delete"}
            </button>
          </>
        }
      >
        <p>Its page at /companies/{company.slug} goes too. This cannot be undone.</p>
      </Dialog>
    </section>
  );
}
