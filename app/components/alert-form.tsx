import { BellRing } from "#app/components/icons.tsx";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Honeypot } from "#app/components/honeypot.tsx";
import { ALERT_FORM_ERRORS, ALERT_FREQUENCIES, type AlertFormRefusal, type AlertFrequency } from "#shared/alerts.ts";
import { api } from "#app/lib/api-client.ts";

const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  instant: "As soon as they are posted",
};

export const ALERT_SENT =
  "Almost done: we sent you a link to confirm the alert. Nothing is mailed until you follow it.";

type Status = { tone: "success" | "error"; message: string } | null;

/** The search as hidden fields, so a form the browser sends itself (no JavaScript) carries it. */
function SearchFields({ search }: { search: Record<string, string> }) {
  return Object.entries(search).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * "Email me new jobs like these": the current search and filters as an email alert. The server mails a
 * confirmation link (double opt-in); this form only says so. With scripts the button opens the form and it is sent
 * to the API with a proof of work (ADR 41). Without them the button asks for the same search with `?alert=open`,
 * which shows the form, and the browser posts it, with the search, to the home page's path; the outcome comes back
 * in `?alert=`.
 */
export function AlertForm({ search }: { search: Record<string, string> }) {
  const [searchParams] = useSearchParams();
  const fromAddress = searchParams.get("alert");
  const refused = ALERT_FORM_ERRORS[fromAddress as AlertFormRefusal] as string | undefined;
  const [open, setOpen] = useState(fromAddress === "open" || refused !== undefined);
  const [status, setStatus] = useState<Status>(
    fromAddress === "sent"
      ? { tone: "success", message: ALERT_SENT }
      : refused
        ? { tone: "error", message: refused }
        : null,
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const formId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setStatus(null);
    setFieldErrors({});
    const result = await api.subscribeToAlert({
      email: String(form.get("email") ?? ""),
      frequency: ALERT_FREQUENCIES.find((frequency) => frequency === form.get("frequency")) ?? "daily",
      search,
    });
    setSending(false);
    if (result.ok) {
      setStatus({ tone: "success", message: ALERT_SENT });
      return;
    }
    setFieldErrors(result.fields ?? {});
    setStatus({ tone: "error", message: result.message });
  }

  // A form opened from the address is sent by the API too once scripts run.
  const openedFromAddress = fromAddress === "open" || refused !== undefined;
  useEffect(() => {
    if (openedFromAddress) api.prepareChallenge();
  }, [openedFromAddress]);

  return (
    <div id="job-alert" className="mt-3">
      {/* A GET form's button: without scripts it asks for this search with the alert form shown. */}
      <form method="get" action="/#job-alert">
        <SearchFields search={search} />
        <input type="hidden" name="alert" value="open" />
        <button
          type="submit"
          aria-expanded={open}
          aria-controls={formId}
          onClick={(event) => {
            event.preventDefault();
            // The proof of work (ADR 41) is solved while the reader types the address.
            if (!open) api.prepareChallenge();
            setOpen((value) => !value);
          }}
          className="inline-flex items-center gap-2 rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <BellRing aria-hidden="true" className="h-4 w-4" />
          Email me new jobs like these
        </button>
      </form>
      <form
        id={formId}
        hidden={!open}
        method="post"
        action="/"
        onSubmit={submit}
        aria-label="Job alert"
        className="mt-3 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
      >
        <SearchFields search={search} />
        <Honeypot />
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Email address
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            aria-invalid={fieldErrors.email ? true : undefined}
            className="rounded-md border border-slate-300 px-3 py-2"
          />
          {fieldErrors.email ? <span className="text-red-700">{fieldErrors.email}</span> : null}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          How often
          <select name="frequency" defaultValue="daily" className="rounded-md border border-slate-300 px-3 py-2">
            {ALERT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={sending}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Create alert
        </button>
      </form>
      {status ? (
        <p
          role={status.tone === "error" ? "alert" : "status"}
          className={`mt-2 text-sm ${status.tone === "error" ? "text-red-700" : "text-green-800"}`}
        >
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
