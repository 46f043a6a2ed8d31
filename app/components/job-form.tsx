import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { fieldErrors, messagesByField } from "#shared/errors.ts";
import type { FormRefusal } from "#shared/form-post.ts";
import type { Company } from "#shared/companies.ts";
import { jobInputSchema, jobPostSchema } from "#shared/job.ts";
import { Honeypot } from "#app/components/honeypot.tsx";
import { CompanyChoice } from "#app/components/job-form-company.tsx";
import { Field, Section } from "#app/components/job-form-controls.tsx";
import {
  ApplyFields,
  DescriptionFields,
  EmploymentFields,
  JobFields,
  SalaryFields,
  type RenderField,
} from "#app/components/job-form-fields.tsx";
import { SkillsField } from "#app/components/job-form-skills.tsx";
import { formFromPost, withCompany, type JobFormState } from "#app/lib/job-form-values.ts";

/** What the page reports back after sending the form: success, or why not (with per-field messages). */
export type SubmitOutcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

export type JobFormProps = {
  initial: JobFormState;
  /**
   * The employer's companies (issue 32): with any, the form asks which one the listing is for, or "A new company"; a
   * company's details are edited on the company, so the form shows them only for a new one.
   */
  companies?: Company[];
  /**
   * The listing's company when another employer owns it (an admin merged the employer's company into theirs): it
   * stays a choice, picked, so an edit keeps the listing there; its details are its owner's to edit.
   */
  otherCompany?: Company;
  /** The account the listing is posted under (spec §6: always the signed-in user's email). */
  postedByEmail: string;
  submitLabel: string;
  busyLabel: string;
  /** Spec §5: the update form allows an openings step of 0.01. */
  openingsStep: "1" | "0.01";
  resetOnSuccess: boolean;
  onSubmit: (job: JobFormState) => Promise<SubmitOutcome>;
  /**
   * The form a browser without JavaScript posts itself (ADR 41), to this path: plain controls where the script's
   * would need it (the skills as one text), the company's fields always shown, and the honeypot. `refused` is that
   * post refused, its messages shown as the script shows the API's.
   */
  withoutScripts?: { postTo: string; refused?: FormRefusal };
};

export function JobForm({
  initial,
  companies = [],
  otherCompany,
  postedByEmail,
  submitLabel,
  busyLabel,
  openingsStep,
  resetOnSuccess,
  onSubmit,
  withoutScripts,
}: JobFormProps) {
  const refused = withoutScripts?.refused;
  const [values, setValues] = useState<JobFormState>(refused ? formFromPost(refused.values) : initial);
  const [errors, setErrors] = useState<Record<string, string>>(refused ? messagesByField(refused.fields) : {});
  // A no-JS post refused for its fields reads as the same mistakes do with scripts, where the form itself finds them.
  const [formError, setFormError] = useState<string | null>(
    refused && Object.keys(refused.fields).length > 0
      ? "Please correct the highlighted fields."
      : (refused?.message ?? null),
  );
  const [busy, setBusy] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const prefix = useId();
  const idOf = (field: string) => `${prefix}-${field}`;

  const validate = (next: JobFormState) => {
    // The same rule as the API: a date the employer sets must fall in the posting window; one kept from before need not.
    const schema = next.postingDate === initial.postingDate ? jobInputSchema : jobPostSchema;
    const result = schema.safeParse(next);
    return result.success ? {} : messagesByField(fieldErrors(result.error.issues));
  };

  const update = <K extends keyof JobFormState>(field: K, value: JobFormState[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the user has tried to submit, messages follow their corrections as they type.
    if (attempted) setErrors(validate(next));
  };

  const pickCompany = (company: Company | undefined) => {
    const next = withCompany(values, company);
    setValues(next);
    if (attempted) setErrors(validate(next));
  };

  const form = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // Once the messages have rendered: the first invalid control in the page's order (skills sit mid-form), scrolled
  // to the middle of the screen so its label and message show, clear of the sticky header on a phone.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: "center", behavior: "instant" });
  }, [focusRequest]);
  const focusFirstError = (fields: Record<string, string>) => {
    if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    setFormError(null);
    const clientErrors = validate(values);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length) {
      setFormError("Please correct the highlighted fields.");
      focusFirstError(clientErrors);
      return;
    }
    setBusy(true);
    const outcome = await onSubmit({ ...values });
    setBusy(false);
    if (outcome.ok) {
      if (resetOnSuccess) {
        setValues(initial);
        setAttempted(false);
      }
      setErrors({});
      return;
    }
    // Refused or failed: say why and keep everything the user typed.
    setFormError(outcome.message);
    if (outcome.fields) {
      // The API keys a message by its path (`skills.0.value`); the form shows it on the field it belongs to.
      const byField = messagesByField(outcome.fields);
      setErrors(byField);
      focusFirstError(byField);
    }
  };

  const field: RenderField = (name, label, control, hint) => (
    <Field key={name} id={idOf(name)} label={label} error={errors[name]} hint={hint}>
      {control({
        id: idOf(name),
        name,
        value: values[name],
        invalid: Boolean(errors[name]),
        describedBy:
          [errors[name] ? `${idOf(name)}-error` : "", hint ? `${idOf(name)}-hint` : ""].filter(Boolean).join(" ") ||
          undefined,
        onChange: (value: string) => update(name, value),
      })}
    </Field>
  );

  return (
    <form
      ref={form}
      onSubmit={submit}
      {...(withoutScripts ? { method: "post", action: withoutScripts.postTo } : {})}
      noValidate
      aria-busy={busy}
      className="grid gap-8"
    >
      {withoutScripts ? <Honeypot /> : null}
      <div role="alert" className="empty:hidden">
        {formError ? (
          <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">{formError}</p>
        ) : null}
      </div>

      <Section title="The job">
        <JobFields field={field} openingsStep={openingsStep} />
        <SalaryFields field={field} />
        <EmploymentFields field={field} />
        <div className="sm:col-span-2">
          <SkillsField
            id={idOf("skills")}
            instanceId={`${prefix}-skills-select`}
            skills={values.skills}
            error={errors.skills}
            withoutScripts={Boolean(withoutScripts)}
            onChange={(skills) => update("skills", skills)}
          />
        </div>
      </Section>

      <Section title="Description">
        <DescriptionFields field={field} />
      </Section>

      <Section title="The company">
        <CompanyChoice
          id={idOf("companyId")}
          field={field}
          companies={companies}
          otherCompany={otherCompany}
          companyId={values.companyId}
          onPick={pickCompany}
          withoutScripts={Boolean(withoutScripts)}
        />
      </Section>

      <Section title="How to apply">
        <ApplyFields field={field} id={idOf("postedByEmail")} postedByEmail={postedByEmail} />
      </Section>

      <div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
        >
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
