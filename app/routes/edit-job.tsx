import { useMemo, useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { jobToForm, JobForm, type SubmitOutcome } from "~/components/job-form";
import { LoadingSpinner } from "~/components/loading-spinner";
import { Protected } from "~/components/protected";
import { Toast } from "~/components/toast";
import { servicesContext } from "~/context";
import { callJobApi } from "~/lib/job-api";
import { requireUser } from "~/lib/require-user.server";
import { useElapsed } from "~/lib/use-elapsed";
import { useRedirectAfter } from "~/lib/use-redirect-after";
import { ApiError } from "../../server/errors";
import { toWireJob } from "../../server/jobs/mapper";
import { findJobRow } from "../../server/jobs/repository";
import { parseJobId } from "../../server/jobs/service";
import type { Route } from "./+types/edit-job";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Update ${loaderData.job.jobTitle} | Job Board` : "Update Your Job | Job Board" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { database } = context.get(servicesContext);
  let id: string;
  try {
    id = parseJobId(params.id);
  } catch (error) {
    if (error instanceof ApiError) throw data("There is no job at this address.", { status: 404 });
    throw error;
  }
  const row = await findJobRow(database.db, id);
  if (!row) throw data("This job does not exist or has been deleted.", { status: 404 });
  // Same rule as PATCH /api/update-job: only the poster may change a listing.
  if (row.ownerId !== user.id) throw data("Only the employer who posted this job can edit it.", { status: 403 });
  return { job: toWireJob(row), email: user.email };
}


export default function EditJob({ loaderData }: Route.ComponentProps) {
  const { job, email } = loaderData;
  const ready = useElapsed(1500);
  const initial = useMemo(() => jobToForm(job), [job]);
  const [toast, setToast] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useRedirectAfter(leaving, "/my-job");

  const submit = async (payload: Record<string, unknown>): Promise<SubmitOutcome> => {
    const result = await callJobApi("PATCH", `/api/update-job/${job._id}`, payload);
    if (!result.ok) return result;
    if (!result.acknowledged) return { ok: false, message: "The server did not confirm the update. Please try again." };
    setToast("✔ Job Updated Successfully");
    setLeaving(true);
    return { ok: true };
  };

  return (
    <Protected>
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-3xl font-bold">Update Your Job</h1>
        <p className="mt-2 text-slate-600">
          Change any field and save. Back to{" "}
          <Link to="/my-job" className="font-medium text-brand-700 underline">
            My Listings
          </Link>
          .
        </p>
        <div className="mt-8">
          {ready ? (
            <JobForm
              initial={initial}
              postedByEmail={job.postedByEmail ?? email}
              submitLabel="Update Job"
              busyLabel="Saving…"
              openingsStep="0.01"
              resetOnSuccess={false}
              onSubmit={submit}
            />
          ) : (
            <LoadingSpinner label="Loading the job" />
          )}
        </div>
        <Toast message={toast} onDismiss={() => setToast(null)} />
      </main>
    </Protected>
  );
}

/** 403 and 404 stay inside the site layout, with a way back to the user's own listings. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? "You cannot edit this job" : status === 404 ? "Job not found" : "Something went wrong";
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Please try again in a moment.";
  return <ErrorPage status={status} title={title} detail={detail} action={{ to: "/my-job", label: "Go to My Listings" }} />;
}
