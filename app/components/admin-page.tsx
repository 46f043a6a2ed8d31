import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";

type AdminPageProps = {
  title: ReactNode;
  /** The line under the heading: what the screen lists, or the listing's state. */
  intro: ReactNode;
  /** Every screen but the queue leads back to it. */
  backToQueue?: boolean;
  narrow?: boolean;
  children: ReactNode;
};

/** The frame of every admin screen: its width, the way back to the queue, the heading and the line under it. */
export function AdminPage({ title, intro, backToQueue = false, narrow = false, children }: AdminPageProps) {
  return (
    <main className={`mx-auto ${narrow ? "max-w-4xl" : "max-w-6xl"} px-4 py-8`}>
      {backToQueue && (
        <Link to="/admin" className="mb-4 inline-block text-sm font-semibold text-brand-700 underline">
          Back to the review queue
        </Link>
      )}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      {children}
    </main>
  );
}

/**
 * What an admin screen's ErrorBoundary shows. Anyone but an admin gets the same 404 as a page that does not exist, so
 * the screens do not reveal that they exist (ADR 0011). Each route declares its own `ErrorBoundary` that renders this:
 * React Router passes `error` only to a function the route module itself exports, not to a re-exported one.
 */
export function AdminErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage
        status={404}
        title="Page not found"
        detail="The page you are looking for does not exist or has moved."
      />
    );
  }
  return (
    <ErrorPage
      status={500}
      title="Something went wrong"
      detail="We could not load this page. Please try again in a moment."
    />
  );
}
