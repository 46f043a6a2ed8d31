import type { ReactNode } from "react";
import { PageIntro } from "#app/components/page-intro.tsx";

export type LegalSection = { id: string; heading: string; body: ReactNode };

type LegalDocumentProps = {
  eyebrow: string;
  title: string;
  /** When this version took effect, as the page words it. */
  dated: string;
  /** What the document covers, under the date. */
  summary: ReactNode;
  sections: readonly LegalSection[];
  /** The table of contents' accessible name. */
  label: string;
};

/** Terms and Privacy: the intro with the document's date and scope, then numbered sections and a table of contents. */
export function LegalDocument({ eyebrow, title, dated, summary, sections, label }: LegalDocumentProps) {
  return (
    <main>
      <PageIntro eyebrow={eyebrow} title={title}>
        <p>{dated}</p>
        <p className="mt-2 text-base text-slate-600">{summary}</p>
      </PageIntro>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={label} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">On this page</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-8">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
