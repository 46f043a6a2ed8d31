import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { BackLink } from "#app/components/back-link.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { getSessionUser, pageError, servicesContext } from "#app/context.server.ts";
import { titled } from "#app/lib/meta.ts";
import { APPLICATION_LIMITS, CV_ACCEPT, CV_MAX_BYTES, HONEYPOT_FIELD } from "#shared/applications.ts";
import { ERROR_STATUS, type ErrorCode } from "#shared/errors.ts";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: titled(matches, loaderData ? `Apply for ${loaderData.job.title} at ${loaderData.job.companyName}` : "Apply"),
  },
  { name: "robots", content: "noindex" },
];

const NOT_OPEN = "This job does not take applications here, or it has closed.";

/** A listing that takes no applications here, the form's loader and its post answer alike: no form is shown. */
const notOpenError = (error: unknown) =>
  pageError(error, {
    NOT_FOUND: "This job does not exist or has been removed by the employer.",
    VALIDATION_FAILED: { status: 404, message: NOT_OPEN },
    CONFLICT: { status: 410, message: NOT_OPEN },
  });

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { applications } = context.get(servicesContext);
  const job = await applications.listingToApplyFor({ jobId: params.id }).catch((error: unknown) => {
    throw notOpenError(error);
  });
  const viewer = await getSessionUser(context, request);
  return {
    job,
    sent: new URL(request.url).searchParams.has("sent"),
    prefill: { name: viewer?.name ?? "", email: viewer?.email ?? "" },
  };
}

type Values = { name: string; email: string; phone: string; coverNote: string; consent: boolean };

/**
 * A real form post (ADR 21's reasoning: it must work before or without the page's scripts), multipart because of the
 * CV. The domain reads the body within its limit; a refusal comes back with the fields typed and a message per field.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const { applications } = context.get(servicesContext);
  const outcome = await applications.applyFromRequest({ jobId: params.id, request }).catch((error: unknown) => {
    throw notOpenError(error);
  });
  if (outcome.ok) return redirect(`/jobs/${params.id}/apply?sent`);
  const values: Values = {
    name: outcome.values.name ?? "",
    email: outcome.values.email ?? "",
    phone: outcome.values.phone ?? "",
    coverNote: outcome.values.coverNote ?? "",
    // Given once, the consent stands: a refusal over another field must not quietly take it back.
    consent: outcome.values.consent !== undefined && !outcome.fields?.consent,
  };
  return data(
    { message: outcome.message, fields: outcome.fields ?? {}, values },
    { status: ERROR_STATUS[outcome.code as ErrorCode] },
  );
}

const FIELD_ORDER = ["name", "email", "phone", "cv", "coverNote", "consent"] as const;
type FieldName = (typeof FIELD_ORDER)[number];

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none ${
    invalid ? "border-red-600" : "border-slate-300"
  }`;

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const { job, sent, prefill } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [cvProblem, setCvProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errors: Partial<Record<FieldName, string>> = { ...actionData?.fields };
  if (cvProblem) errors.cv = cvProblem;
  const values = actionData?.values ?? { ...prefill, phone: "", coverNote: "", consent: false };

  // A refusal moves focus to the first field at fault, whose message is read with it.
  useEffect(() => {
    if (!actionData) return;
    const first = FIELD_ORDER.find((name) => actionData.fields[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [actionData]);
  useEffect(() => {
    if (sent) headingRef.current?.focus();
  }, [sent]);

  // With scripts, a CV over the limit is caught before 5 MB travel; the server checks again either way.
  const checkCv = (event: FormEvent<HTMLFormElement>) => {
    const file = new FormData(event.currentTarget).get("cv");
    if (file instanceof File && file.size > CV_MAX_BYTES) {
      event.preventDefault();
      setCvProblem(`Choose a file of at most ${CV_MAX_BYTES / 1024 / 1024} MB`);
      formRef.current?.querySelector<HTMLElement>('[name="cv"]')?.focus();
    }
  };

  const describedBy = (name: FieldName, hint?: boolean) =>
    [errors[name] ? `apply-${name}-error` : "", hint ? `apply-${name}-hint` : ""].filter(Boolean).join(" ") ||
    undefined;
  const error = (name: FieldName) =>
    errors[name] ? (
      <p id={`apply-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const label = (name: FieldName, text: string, required: boolean) => (
    <label htmlFor={`apply-${name}`} className="block text-sm font-medium text-slate-800">
      {text}
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      ) : (
        <span className="font-normal text-slate-600"> (optional)</span>
      )}
    </label>
  );

  if (sent) {
    return (
      <main className="mx-auto max-w-2xl px-4 py-8">
        <div className="rounded-xl border border-emerald-200 bg-white p-6 shadow-sm">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
            Application sent
          </h1>
          <p className="mt-3 text-slate-700">
            {job.companyName} has your application for <strong>{job.title}</strong>. We have mailed you a confirmation
            with a link where you can see where it stands, withdraw it, or erase it and your CV. If you had applied for
            this job already, the mail says so, and your first application stands.
          </p>
          <p className="mt-6 flex flex-wrap gap-3">
            <Link
              to={`/jobs/${job.id}`}
              className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100"
            >
              Back to the job
            </Link>
            <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              Find more jobs
            </Link>
          </p>
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <BackLink
        fallback={`/jobs/${job.id}`}
        className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      />
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Apply for {job.title}</h1>
        <p className="mt-1 text-slate-600">{job.companyName}</p>
        <div role="alert" className="empty:hidden">
          {actionData ? (
            <p className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
              {actionData.message}
            </p>
          ) : null}
        </div>
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          onSubmit={checkCv}
          aria-label={`Apply for ${job.title}`}
          className="mt-6 space-y-5"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              {label("name", "Full name", true)}
              <input
                id="apply-name"
                name="name"
                type="text"
                autoComplete="name"
                required
                maxLength={APPLICATION_LIMITS.name}
                defaultValue={values.name}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy("name")}
                className={inputClass(Boolean(errors.name))}
              />
              {error("name")}
            </div>
            <div>
              {label("email", "Email", true)}
              <input
                id="apply-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={APPLICATION_LIMITS.email}
                defaultValue={values.email}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy("email")}
                className={inputClass(Boolean(errors.email))}
              />
              {error("email")}
            </div>
            <div>
              {label("phone", "Phone number", false)}
              <input
                id="apply-phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={APPLICATION_LIMITS.phone}
                defaultValue={values.phone}
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={describedBy("phone")}
                className={inputClass(Boolean(errors.phone))}
              />
              {error("phone")}
            </div>
            <div>
              {label("cv", "CV", true)}
              <input
                id="apply-cv"
                name="cv"
                type="file"
                accept={CV_ACCEPT}
                required
                onChange={() => setCvProblem(null)}
                aria-invalid={errors.cv ? true : undefined}
                aria-describedby={describedBy("cv", true)}
                className={`${inputClass(Boolean(errors.cv))} text-sm file:mr-2 file:rounded file:border-0 file:bg-brand-50 file:px-2 file:py-1 file:font-semibold file:text-brand-700`}
              />
              <p id="apply-cv-hint" className="mt-1 text-sm text-slate-600">
                PDF or Word (.docx), at most {CV_MAX_BYTES / 1024 / 1024} MB.
              </p>
              {error("cv")}
            </div>
          </div>
          <div>
            {label("coverNote", "Cover note", false)}
            <textarea
              id="apply-coverNote"
              name="coverNote"
              rows={5}
              maxLength={APPLICATION_LIMITS.coverNote}
              defaultValue={values.coverNote}
              aria-invalid={errors.coverNote ? true : undefined}
              aria-describedby={describedBy("coverNote")}
              className={inputClass(Boolean(errors.coverNote))}
            />
            {error("coverNote")}
          </div>
          {/* Against bots: people never see or reach this field; anything typed in it is answered but not stored. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="apply-website">Website</label>
            <input id="apply-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <div>
            <div className="flex items-start gap-3">
              <input
                id="apply-consent"
                name="consent"
                type="checkbox"
                required
                defaultChecked={values.consent}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={describedBy("consent")}
                className="mt-1 h-4 w-4 rounded border-slate-400 text-brand-600"
              />
              <label htmlFor="apply-consent" className="text-sm text-slate-800">
                I agree that {job.companyName} and this board keep my application and CV as the{" "}
                <Link to="/privacy-policy" className="font-medium text-brand-700 underline">
                  Privacy Notice
                </Link>{" "}
                says, and I can withdraw or erase it at any time.
              </label>
            </div>
            {error("consent")}
          </div>
          <button
            type="submit"
            disabled={sending}
            className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-50 sm:w-auto"
          >
            {sending ? "Sending..." : "Send application"}
          </button>
        </Form>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 410)) {
    return (
      <ErrorPage
        status={error.status}
        title="Applications closed"
        takeFocus
        detail={typeof error.data === "string" ? error.data : NOT_OPEN}
      />
    );
  }
  return (
    <ErrorPage
      status={500}
      title="Something went wrong"
      detail="We could not open this application form. Please try again in a moment."
      action={{ to: "/", label: "Back to Find Jobs" }}
    />
  );
}
