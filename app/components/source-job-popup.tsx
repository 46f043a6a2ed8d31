import { X } from "#app/components/icons.tsx";
import { useEffect, useRef } from "react";
import { formatLongDate } from "#app/lib/source-format.ts";
import type { SourcePageJob } from "#shared/sources.ts";
import { CompanyLogo } from "#app/components/company-logo.tsx";
import { ApplyLink, JobChips, type CardRules } from "#app/components/source-job-card.tsx";

/**
 * The detail popup of a card at 768 px or narrower: a modal <dialog>, so focus stays inside, Escape closes
 * it and focus returns to the card. A click on the backdrop closes it too. The description is the copy
 * sanitised on ingest; nothing else is rendered as HTML.
 */
export function SourceJobPopup({
  job,
  open,
  rules,
  onClose,
}: {
  job: SourcePageJob | null;
  open: boolean;
  rules: CardRules;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const posted = job ? formatLongDate(job.postedAt) : null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="external-job-popup-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-hidden rounded-xl p-0 shadow-xl backdrop:bg-slate-900/60"
    >
      {job && (
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-start gap-3 border-b border-slate-200 p-4">
            <CompanyLogo src={job.logo} companyName={job.company ?? "Unknown Company"} className="h-10 w-10" />
            <div className="min-w-0 flex-1">
              <p className="text-sm text-slate-600">{job.company ?? "Unknown Company"}</p>
              <h2 id="external-job-popup-title" className="text-lg font-semibold text-slate-900">
                {job.title ?? "Unknown Position"}
              </h2>
            </div>
            <button
              type="button"
              onClick={onClose}
              className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label="Close"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          <div className="flex flex-col gap-4 overflow-y-auto p-4">
            <JobChips job={job} rules={rules} />
            {posted && <p className="text-sm text-slate-600">Posted on {posted}</p>}
            {job.descriptionHtml ? (
              <div
                className="space-y-2 text-sm leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
                dangerouslySetInnerHTML={{ __html: job.descriptionHtml }}
              />
            ) : (
              <p className="text-sm text-slate-700">No description available</p>
            )}
            {job.tags.length > 0 && (
              <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
                {job.tags.map((tag) => (
                  <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {tag}
                  </li>
                ))}
              </ul>
            )}
            {rules.credit?.(job)}
          </div>
          <div className="border-t border-slate-200 p-4">
            <ApplyLink job={job} rules={rules} className="w-full" />
          </div>
        </div>
      )}
    </dialog>
  );
}
