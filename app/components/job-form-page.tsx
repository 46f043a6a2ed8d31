import type { ReactNode } from "react";
import { Link } from "react-router";
import { JobForm, type JobFormProps } from "#app/components/job-form.tsx";
import { Protected } from "#app/components/protected.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { useElapsed } from "#app/hooks/use-elapsed.ts";
import type { FormRefusal } from "#shared/form-post.ts";

type JobFormPageProps = JobFormProps & {
  title: string;
  /** The line under the heading; it ends with the way to My Listings. */
  lead: string;
  spinnerLabel: string;
  /** Where a browser without JavaScript posts the form (the page's own path), and that post refused, if it was. */
  postTo: string;
  refused: FormRefusal | undefined;
  /** What the page shows once the form is sent: its dialog, its toast. */
  children: ReactNode;
};

/** Post a Job and Update Your Job: the heading, the way to My Listings, and the form after the spec's 1.5 s spinner. */
export function JobFormPage({ title, lead, spinnerLabel, postTo, refused, children, ...form }: JobFormPageProps) {
  const ready = useElapsed(1500);
  return (
    <Protected>
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">
          {lead}{" "}
          <Link to="/my-job" className="font-medium text-brand-700 underline">
            My Listings
          </Link>
          .
        </p>
        <div className="mt-8">
          {ready ? (
            <JobForm {...form} />
          ) : (
            <>
              <Spinner page label={spinnerLabel} />
              {/* What a browser without scripts gets instead of the form the spinner waits for (ADR 41). */}
              <noscript>
                <JobForm {...form} withoutScripts={{ postTo, refused }} />
              </noscript>
            </>
          )}
        </div>
        {children}
      </main>
    </Protected>
  );
}
