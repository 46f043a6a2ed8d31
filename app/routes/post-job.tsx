import { useEffect, useMemo, useState } from "react";
import { Dialog } from "#app/components/dialog.tsx";
import type { SubmitOutcome } from "#app/components/job-form.tsx";
import { emptyJobForm, withCompany, type JobFormState } from "#app/lib/job-form-values.ts";
import { JobFormPage } from "#app/components/job-form-page.tsx";
import { Toast } from "#app/components/toast.tsx";
import { api } from "#app/lib/api-client.ts";
import { formRefusal, requireUser, servicesContext } from "#app/context.server.ts";
import { useRedirectAfter } from "#app/hooks/use-redirect-after.ts";
import { titled } from "#app/lib/meta.ts";
import type { PostJobAnswer } from "#shared/api.ts";
import { postedNotice, postedOutcome } from "#shared/moderation.ts";
import type { Route } from "./+types/post-job";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Post a Job for Free") },
  { name: "description", content: "Publish a job listing for free; edit or delete it any time in My Listings." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const companies = await context.get(servicesContext).companies.listMyCompanies({ user });
  return { email: user.email, companies };
}

/** The form posted without JavaScript is taken by the server first (ADR 41); a refusal comes here to be shown. */
export function action({ context }: Route.ActionArgs) {
  return formRefusal(context);
}

/** Spec §9: the app moves on to My Listings 2 s after the toast. */
export default function PostJob({ loaderData, actionData }: Route.ComponentProps) {
  // The employer's first company is picked to begin with; the select offers the others and "A new company".
  const initial = useMemo(() => withCompany(emptyJobForm(), loaderData.companies[0]), [loaderData.companies]);
  // What the server said of the listing: the dialog keeps the spec's words and adds where the listing stands.
  const [posted, setPosted] = useState<PostJobAnswer | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useRedirectAfter(leaving, "/my-job");
  // The proof of work (ADR 41) is solved while the employer fills the form.
  useEffect(() => api.prepareChallenge(), []);

  const submit = async (job: JobFormState): Promise<SubmitOutcome> => {
    const result = await api.postJob(job);
    if (result.ok) setPosted(result.data);
    return result;
  };

  const notice = posted ? postedNotice(postedOutcome(posted), loaderData.email) : null;

  const acknowledge = () => {
    setPosted(null);
    setToast("✔ Congratulations Job Posted Successfully");
    setLeaving(true);
  };

  return (
    <JobFormPage
      title="Post a Job for Free"
      lead="Once posted, you can edit or delete your listing any time in"
      spinnerLabel="Loading the job form"
      postTo="/post-job"
      refused={actionData}
      initial={initial}
      companies={loaderData.companies}
      postedByEmail={loaderData.email}
      submitLabel="Post Job"
      busyLabel="Posting…"
      openingsStep="1"
      resetOnSuccess
      onSubmit={submit}
    >
      <Dialog
        open={posted !== null}
        title="Job Posted Successfully!"
        onClose={acknowledge}
        actions={
          <button
            type="button"
            onClick={acknowledge}
            className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Ok
          </button>
        }
      >
        <p>View your listings in My Listings to edit or delete them anytime.</p>
        {notice ? <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-amber-900">{notice}</p> : null}
      </Dialog>
      <Toast message={toast} onDismiss={() => setToast(null)} />
    </JobFormPage>
  );
}
