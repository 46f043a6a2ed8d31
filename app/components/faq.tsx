import { ChevronDown } from "#app/components/icons.tsx";
import { useId, useState, type ReactNode } from "react";

export type FaqEntry = { question: string; answer: ReactNode };

/**
 * Spec §4 FAQ: one answer open at a time; clicking the open question closes it. Each question is a real
 * button inside a heading, so screen readers can jump between questions and hear whether each is expanded.
 */
export function Faq({ entries }: { entries: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {entries.map((entry, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={entry.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {entry.question}
                <ChevronDown
                  aria-hidden="true"
                  className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${expanded ? "rotate-180" : ""}`}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-slate-700"
            >
              {entry.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
