import { useId, useRef, useState, type FormEvent } from "react";
import { isRouteErrorResponse, Link, useNavigate } from "react-router";
import { DeleteCompany } from "#app/components/delete-company.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { area, Field, text, type Control } from "#app/components/job-form-controls.tsx";
import { Protected } from "#app/components/protected.tsx";
import { Toast } from "#app/components/toast.tsx";
import { pageError, requireUser, servicesContext } from "#app/context.server.ts";
import { api } from "#app/lib/api-client.ts";
import { titled } from "#app/lib/meta.ts";
import { COMPANY_FIELDS, companyEditSchema, type Company, type CompanyField } from "#shared/companies.ts";
import { fieldErrors, messagesByField } from "#shared/errors.ts";
import type { Route } from "./+types/edit-company";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: titled(matches, loaderData ? `Edit ${loaderData.company.name}` : "Edit company") },
  { name: "robots", content: "noindex" },
];

/** Only the company's owner reaches the form; anyone else gets the API's own refusal (403, or 404 for no company). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const company = await context
    .get(servicesContext)
    .companies.getCompanyToEdit({ user, slug: params.slug })
    .catch((error: unknown) => {
      throw pageError(error, {
        NOT_FOUND: "This company does not exist, or it was merged into another one.",
        FORBIDDEN: "Only the employer who owns this company can edit it.",
      });
    });
  return { company };
}

type Values = Record<CompanyField, string>;

const toValues = (company: Company): Values =>
  Object.fromEntries(COMPANY_FIELDS.map((field) => [field, company[field] ?? ""])) as Values;

const FIELDS: { name: CompanyField; label: string; control: Control; wide?: boolean }[] = [
  { name: "name", label: "Company Name", control: text() },
  { name: "industry", label: "Industry", control: text() },
  { name: "logo", label: "Company Logo URL (optional)", control: text("url", { placeholder: "https://" }) },
  { name: "site", label: "Company Website (optional)", control: text("url", { placeholder: "https://" }) },
  { name: "description", label: "Company Description", control: area(5), wide: true },
  { name: "linkedin", label: "LinkedIn (optional)", control: text("url", { placeholder: "https://" }) },
  { name: "facebook", label: "Facebook (optional)", control: text("url", { placeholder: "https://" }) },
  { name: "instagram", label: "Instagram (optional)", control: text("url", { placeholder: "https://" }) },
  { name: "twitter", label: "Twitter (optional)", control: text("url", { placeholder: "https://" }) },
];

/** The company's details, edited once for every listing of it (issue 32). */
export default function EditCompany({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  const [values, setValues] = useState<Values>(() => toValues(company));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const deletedRef = useRef<HTMLParagraphElement>(null);
  const navigate = useNavigate();
  const prefix = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const checked = companyEditSchema.safeParse(values);
    if (!checked.success) {
      setErrors(messagesByField(fieldErrors(checked.error.issues)));
      setFormError("Please correct the highlighted fields.");
      return;
    }
    setBusy(true);
    const result = await api.updateCompany(company.slug, values);
    setBusy(false);
    if (!result.ok) {
      setFormError(result.message);
      if (result.kind === "refused" && result.fields) setErrors(messagesByField(result.fields));
      return;
    }
    setErrors({});
    setToast("✔ Company updated on every listing");
    void navigate(`/companies/${company.slug}`);
  };

  if (deleted) {
    return (
      <Protected>
        <main className="mx-auto max-w-4xl px-4 py-8">
          <h1 className="text-3xl font-bold">Company deleted</h1>
          <p
            ref={deletedRef}
            role="status"
            tabIndex={-1}
            className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 focus:outline-none"
          >
            {company.name} is deleted, and its page with it.
          </p>
          <Link to="/my-job" className="mt-4 inline-block font-medium text-brand-700 underline">
            Go to My Listings
          </Link>
        </main>
      </Protected>
    );
  }

  return (
    <Protected>
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-3xl font-bold">Edit {company.name}</h1>
        <p className="mt-2 text-slate-600">
          What you save here shows on every listing of the company at once.{" "}
          <Link to={`/companies/${company.slug}`} className="font-medium text-brand-700 underline">
            See its page
          </Link>
          .
        </p>
        <form noValidate onSubmit={submit} className="mt-8 grid gap-6">
          {formError ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {formError}
            </p>
          ) : null}
          <fieldset className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <legend className="px-2 text-lg font-semibold">The company</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              {FIELDS.map(({ name, label, control, wide }) => {
                const id = `${prefix}-${name}`;
                return (
                  <div key={name} className={wide ? "sm:col-span-2" : undefined}>
                    <Field id={id} label={label} error={errors[name]}>
                      {control({
                        id,
                        name,
                        value: values[name],
                        invalid: Boolean(errors[name]),
                        describedBy: errors[name] ? `${id}-error` : undefined,
                        onChange: (value) => setValues((current) => ({ ...current, [name]: value })),
                      })}
                    </Field>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <div>
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
            >
              {busy ? "Saving…" : "Save company"}
            </button>
          </div>
        </form>
        <DeleteCompany company={company} onDeleted={() => setDeleted(true)} deletedFocus={deletedRef} />
        <Toast message={toast} onDismiss={() => setToast(null)} />
      </main>
    </Protected>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 403 ? "You cannot edit this company" : status === 404 ? "Company not found" : "Something went wrong";
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Please try again in a moment.";
  return (
    <ErrorPage status={status} title={title} detail={detail} action={{ to: "/my-job", label: "Go to My Listings" }} />
  );
}
