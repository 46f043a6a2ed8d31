import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "#app/lib/api-client.ts";
import { formatLongDate } from "#shared/dates.ts";
import { telHref } from "#shared/phone.ts";
import {
  APPLICATION_LIMITS,
  APPLICATION_STAGES,
  STAGE_LABELS,
  type ApplicationStage,
  type ApplicationSummary,
} from "#shared/applications.ts";

/** What a card's form holds, as the action got it. */
type CardValues = { stage: string; note: string; notifyRejection: boolean };

export const savedText = (mailed: boolean) =>
  mailed ? "Saved. The applicant will get a short, polite mail." : "Saved.";

/** One application: who, when, the CV, and the employer's stage and private note. */
export function ApplicationCard({
  application,
  canChange,
  filter,
  outcome,
  onHired,
  onLeft,
}: {
  application: ApplicationSummary;
  /** A Save sent without scripts came back: saved (whether a mail went), or refused with what was chosen. */
  outcome?: { saved: { mailed: boolean } } | { refused: { message: string; values: CardValues } };
  /** The listing's owner changes the stage and note; an admin reading for moderation gets no form. */
  canChange: boolean;
  /** The stage the list is filtered by: an application saved at another one leaves the list. */
  filter: ApplicationStage | undefined;
  /** Hired just now: the page offers to close the listing, and gives focus back to `returnTo` when declined. */
  onHired: (returnTo: HTMLElement | null) => void;
  /** Saved at a stage the filter hides: the page says so, since this card is about to go. */
  onLeft: (message: string) => void;
}) {
  const revalidator = useRevalidator();
  const saveRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLSelectElement>(null);
  const refused = outcome && "refused" in outcome ? outcome.refused : undefined;
  const chosen = APPLICATION_STAGES.find((s) => s === refused?.values.stage) ?? application.stage;
  const [stage, setStage] = useState<ApplicationStage>(chosen);
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(
    outcome && "saved" in outcome
      ? { tone: "ok", text: savedText(outcome.saved.mailed) }
      : refused
        ? { tone: "error", text: refused.message }
        : null,
  );
  const [saving, setSaving] = useState(false);
  const id = application.id;
  // The form's fields are the browser's (uncontrolled): what is chosen or typed before the scripts run stays, and the
  // stage chosen then is read once they do.
  useEffect(() => {
    setHydrated(true);
    const selected = APPLICATION_STAGES.find((s) => s === stageRef.current?.value);
    if (selected) setStage(selected);
  }, []);
  const rejecting = stage === "rejected" && application.stage !== "rejected";
  // Without scripts the box cannot follow the stage as it is chosen: it is there whenever Rejected can be chosen.
  const offersMail = application.stage !== "rejected" && (rejecting || !hydrated);

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    setStatus(null);
    const result = await api.changeApplication(id, {
      stage,
      note: String(form.get("note") ?? ""),
      ...(rejecting ? { notifyRejection: form.get("notifyRejection") === "true" } : {}),
    });
    setSaving(false);
    if (!result.ok) {
      setStatus({ tone: "error", text: result.message });
      return;
    }
    const saved = savedText(result.data.rejectionMailed);
    const leaves = filter !== undefined && result.data.stage !== filter;
    if (leaves) onLeft(`${saved} ${application.name} is now at ${STAGE_LABELS[result.data.stage]}.`);
    else setStatus({ tone: "ok", text: saved });
    if (result.data.stage === "hired" && application.stage !== "hired") onHired(leaves ? null : saveRef.current);
    void revalidator.revalidate();
  };

  if (application.erased) {
    return (
      <li className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600 shadow-sm">
        An application erased by the applicant ({formatLongDate(application.createdAt)}). Nothing about them is kept.
      </li>
    );
  }
  return (
    <li id={`application-${id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900">{application.name}</h2>
          <p className="text-sm wrap-anywhere text-slate-700">
            <a href={`mailto:${application.email}`} className="text-brand-700 underline">
              {application.email}
            </a>
          </p>
          {application.phone ? (
            // On its own line, whole: a phone number read across two lines is misdialled.
            <p className="text-sm whitespace-nowrap text-slate-700">
              <a href={telHref(application.phone)} className="text-brand-700 underline">
                {application.phone}
              </a>
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            Applied on <time dateTime={application.createdAt}>{formatLongDate(application.createdAt)}</time> · Stage:{" "}
            <strong>{STAGE_LABELS[application.stage]}</strong>
            {application.withdrawn ? (
              <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-amber-900">Withdrawn</span>
            ) : null}
          </p>
        </div>
        {application.hasCv ? (
          <a
            href={`/api/applications/${id}/cv`}
            download
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            Download CV<span className="sr-only"> of {application.name}</span>
          </a>
        ) : null}
      </div>
      {application.coverNote ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">Cover note</summary>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{application.coverNote}</p>
        </details>
      ) : null}
      {canChange ? (
        <form method="post" onSubmit={save} className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <input type="hidden" name="application" value={id} />
          <div>
            <label htmlFor={`stage-${id}`} className="block text-sm font-medium text-slate-800">
              Stage
            </label>
            <select
              ref={stageRef}
              id={`stage-${id}`}
              name="stage"
              defaultValue={chosen}
              onChange={(event) => setStage(event.target.value as ApplicationStage)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
            >
              {APPLICATION_STAGES.map((option) => (
                <option key={option} value={option}>
                  {STAGE_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`note-${id}`} className="block text-sm font-medium text-slate-800">
              Private note <span className="font-normal text-slate-600">(only you see it)</span>
            </label>
            <input
              id={`note-${id}`}
              name="note"
              type="text"
              defaultValue={refused ? refused.values.note : (application.note ?? "")}
              maxLength={APPLICATION_LIMITS.note}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
            />
          </div>
          <button
            ref={saveRef}
            type="submit"
            disabled={saving}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {saving ? "Saving..." : "Save"}
            <span className="sr-only"> {application.name}</span>
          </button>
          {offersMail ? (
            <div className="flex items-start gap-2 sm:col-span-3">
              <input
                id={`notify-${id}`}
                name="notifyRejection"
                value="true"
                type="checkbox"
                defaultChecked={refused ? refused.values.notifyRejection : true}
                className="mt-1 h-4 w-4"
              />
              <label htmlFor={`notify-${id}`} className="text-sm text-slate-800">
                {rejecting ? "Send" : "If you move it to Rejected, send"} {application.name} a short, polite mail saying
                the application will not go further
              </label>
            </div>
          ) : null}
        </form>
      ) : null}
      <div aria-live="polite" className="mt-2 text-sm">
        {status ? <p className={status.tone === "ok" ? "text-emerald-800" : "text-red-700"}>{status.text}</p> : null}
      </div>
    </li>
  );
}
