import { SearchX } from "#app/components/icons.tsx";
import { useEffect, useRef } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

type ErrorPageProps = {
  status: number;
  title: string;
  detail: string;
  action?: { to: string; label: string };
  /**
   * Shown in place of a screen the reader was working in (a form whose post was refused): focus goes to the title, or
   * it would be left on the page's body where the form's button was.
   */
  takeFocus?: boolean;
};

/** The one error screen (404s included): status, title, what happened, and a way back. */
export function ErrorPage({
  status,
  title,
  detail,
  action = { to: "/", label: "Back to Find Jobs" },
  takeFocus = false,
}: ErrorPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    headingRef.current?.focus();
  }, [takeFocus]);
  // Absent when the root loader itself failed: the title then goes without the board's name.
  const name = useRouteLoaderData<typeof rootLoader>("root")?.site.name;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{name ? `${title} | ${name}` : title}</title>
      {status === 404 && <SearchX aria-hidden="true" className="mx-auto mb-4 h-16 w-16 text-brand-600" />}
      <p className="text-5xl font-bold text-brand-600">{status}</p>
      <h1
        ref={headingRef}
        tabIndex={takeFocus ? -1 : undefined}
        className="mt-4 text-2xl font-semibold focus:outline-none"
      >
        {title}
      </h1>
      <p role="alert" className="mt-2 text-slate-600">
        {detail}
      </p>
      <Link
        to={action.to}
        className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        {action.label}
      </Link>
    </main>
  );
}
