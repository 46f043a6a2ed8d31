import { useMemo, useState } from "react";
import { isRouteErrorResponse } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import type { SubmitOutcome } from "#app/components/job-form.tsx";
import { jobToForm, type JobFormState } from "#app/lib/job-form-values.ts";
import { JobFormPage } from "#app/components/job-form-page.tsx";
import { Toast } from "#app/components/toast.tsx";
import { api } from "#app/lib/api-client.ts";
import { formRefusal, pageError, requireUser, servicesContext } from "#app/context.server.ts";
import { useRedirectAfter } from "#app/hooks/use-redirect-after.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/edit-job";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: loaderData ? titled(matches, `Update ${loaderData.job.jobTitle}`) : titled(matches, "Update Your Job") },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const job = await context
    .get(servicesContext)
    .jobs.getJobToEdit({ user, id: params.id })
    .catch((error: unknown) => {
      throw pageError(error, {
        VALIDATION_FAILED: { status: 404, message: "There is no job at this address." },
        NOT_FOUND: "This job does not exist or has been deleted.",
        FORBIDDEN: "Only the employer who posted this job can edit it.",
      });
    });
  const { companies: companiesDomain } = context.get(servicesContext);
  const companies = await companiesDomain.listMyCompanies({ user });
  // After an admin's merge the listing may be in another employer's company: the form keeps it there (ADR 42).
  const otherCompany = companies.some((company) => company.id === job.companyId)
    ? undefined
    : await companiesDomain.getCompany({ slug: job.companySlug });
  return { job, email: user.email, companies, otherCompany };
}

/** The form posted without JavaScript is taken by the server first (ADR 41); a refusal comes here to be shown. */
export function action({ context }: Route.ActionArgs) {
  return formRefusal(context);
}

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job, email, companies, otherCompany } = loaderData;
  const initial = useMemo(() => jobToForm(job), [job]);
  const [toast, setToast] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useRedirectAfter(leaving, "/my-job");

  const submit = async (values: JobFormState): Promise<SubmitOutcome> => {
    const result = await api.updateJob(job._id, values);
    if (result.ok) {
      setToast("✔ Job Updated Successfully");
      setLeaving(true);
    }
    return result;
  };

  return (
    <JobFormPage
      title="Update Your Job"
      lead="Change any field and save. Back to"
      spinnerLabel="Loading the job"
      postTo={`/edit-job/${job._id}`}
      refused={actionData}
      initial={initial}
      companies={companies}
      otherCompany={otherCompany}
      postedByEmail={job.postedByEmail ?? email}
      submitLabel="Update Job"
      busyLabel="Saving…"
      openingsStep="0.01"
      resetOnSuccess={false}
      onSubmit={submit}
    >
      <Toast message={toast} onDismiss={() => setToast(null)} />
    </JobFormPage>
  );
}

/** 403 and 404 stay inside the site layout, with a way back to the user's own listings. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? "You cannot edit this job" : status === 404 ? "Job not found" : "Something went wrong";
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Please try again in a moment.";
  return (
    <ErrorPage status={status} title={title} detail={detail} action={{ to: "/my-job", label: "Go to My Listings" }} />
  );
}
