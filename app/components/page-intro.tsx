import type { ReactNode } from "react";

/** The heading block every content page opens with: a small label, the page's one <h1>, and a lead line. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 pt-12 pb-10 text-center sm:pt-16">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      {children ? <div className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{children}</div> : null}
    </header>
  );
}
