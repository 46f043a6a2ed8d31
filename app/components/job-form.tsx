import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import CreatableSelect from "react-select/creatable";
import { suggestSkills } from "#shared/skills.ts";
import { APPLY_METHOD_LABELS } from "#shared/applications.ts";
import {
  APPLY_METHODS,
  EMPLOYMENT_TYPES,
  ENGLISH_LEVELS,
  EXPERIENCE_LEVELS,
  GENDERS,
  JOB_FORM_TEXT_FIELDS,
  jobInputSchema,
  jobPostSchema,
  normaliseSkillName,
  SALARY_TYPES,
  skillsFromText,
  type Job,
  type JobFormTextField,
} from "#shared/job.ts";
import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import type { Company } from "#shared/companies.ts";
import { Link } from "react-router";
import { fieldErrors, messagesByField } from "#shared/errors.ts";
import type { FormRefusal } from "#shared/form-post.ts";
import { Honeypot } from "#app/components/honeypot.tsx";
import {
  area,
  choice,
  currencyChoice,
  Field,
  inputClass,
  Section,
  text,
  type Control,
} from "#app/components/job-form-controls.tsx";

type Skill = { value: string; label: string };

type TextField = JobFormTextField;
export type JobFormState = Record<TextField, string> & { skills: Skill[] };

/** What the page reports back after sending the form: success, or why not (with per-field messages). */
export type SubmitOutcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

const asSkill = (name: string): Skill => ({ value: name, label: name });

/** A typed skill joins the list as it will be stored ("  react " → "React"), once whatever its case. */
export function addSkill(skills: Skill[], typed: string): Skill[] {
  const name = normaliseSkillName(typed);
  if (name === "" || skills.some(({ value }) => value.toLowerCase() === name.toLowerCase())) return skills;
  return [...skills, { value: name, label: name }];
}

/** The calendar date where the visitor is (in India before 05:30 the UTC date is still yesterday). */
export function localDate(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** Spec §3: a new listing starts as 'Frontend Developer', posted today (the visitor's today). */
export function emptyJobForm(today = new Date()): JobFormState {
  const blank = Object.fromEntries(JOB_FORM_TEXT_FIELDS.map((field) => [field, ""])) as Record<TextField, string>;
  return {
    ...blank,
    jobTitle: "Frontend Developer",
    postingDate: localDate(today),
    salaryCurrency: DEFAULT_CURRENCY,
    skills: [],
  };
}

export function jobToForm(job: Job): JobFormState {
  const values = Object.fromEntries(
    JOB_FORM_TEXT_FIELDS.map((field) => {
      const value = job[field];
      return [field, value === null || value === undefined ? "" : String(value)];
    }),
  ) as Record<TextField, string>;
  return {
    ...values,
    postingDate: job.postingDate.slice(0, 10),
    skills: job.skills.map(({ value }) => ({ value, label: value })),
  };
}

/** The listing's company fields as a company of the employer's fills them (or blank, for "A new company"). */
export function withCompany(values: JobFormState, company: Company | undefined): JobFormState {
  return {
    ...values,
    companyId: company?.id ?? "",
    companyName: company?.name ?? "",
    Industry: company?.industry ?? "",
    companyDec: company?.description ?? "",
    companyLogo: company?.logo ?? "",
    companySite: company?.site ?? "",
    companyLinkedin: company?.linkedin ?? "",
    companyFacebook: company?.facebook ?? "",
    companyInstgram: company?.instagram ?? "",
    companyTwitter: company?.twitter ?? "",
  };
}

/** A refused no-JS post as the form shows it again: every field as it was typed (the skills as one text). */
export function formFromPost(values: Record<string, string>): JobFormState {
  const typed = Object.fromEntries(JOB_FORM_TEXT_FIELDS.map((field) => [field, values[field] ?? ""]));
  return {
    ...(typed as Record<TextField, string>),
    skills: skillsFromText(values.skills ?? "").map(({ value }) => asSkill(value)),
  };
}

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

const lineInput = text();
const dateInput = text("date");
const urlInput = text("url", { placeholder: "https://" });
const phoneInput = text("tel", { autoComplete: "tel", placeholder: "+91 98765 43210" });
const minSalaryInput = text("text", { inputMode: "numeric", placeholder: "e.g. 40000" });
const maxSalaryInput = text("text", { inputMode: "numeric", placeholder: "e.g. 60000" });
/** Whole numbers on the post form, a step of 0.01 on the update form (spec §5). */
const wholeOpenings = text("number", { min: "0", step: "1", inputMode: "decimal" });
const partOpenings = text("number", { min: "0", step: "0.01", inputMode: "decimal" });
const salaryTypeChoice = choice(SALARY_TYPES);
const employmentChoice = choice(EMPLOYMENT_TYPES);
const experienceChoice = choice(EXPERIENCE_LEVELS);
const englishChoice = choice(ENGLISH_LEVELS);
const genderChoice = choice(GENDERS);
const applyMethodChoice = choice(APPLY_METHODS, { labelOf: (method) => APPLY_METHOD_LABELS[method] });
const longArea = area(5);
const shortArea = area(4);

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
  const [skillInput, setSkillInput] = useState("");
  const prefix = useId();
  const choices = otherCompany ? [...companies, otherCompany] : companies;
  const pickedCompany = choices.find((company) => company.id === values.companyId);
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

  const field = (name: TextField, label: string, control: Control, hint?: string) => (
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
        {field("jobTitle", "Job Title", lineInput)}
        {field("jobLocation", "Job Location", lineInput)}
        {field("postionopens", "Number of Openings", openingsStep === "1" ? wholeOpenings : partOpenings)}
        {field("postingDate", "Job Posting Date", dateInput)}
        {field("minPrice", "Minimum Salary", minSalaryInput)}
        {field("maxPrice", "Maximum Salary", maxSalaryInput)}
        {field("salaryCurrency", "Salary Currency", currencyChoice)}
        {field("salaryType", "Salary Type", salaryTypeChoice)}
        {field("employmentType", "Employment Type", employmentChoice)}
        {field("experienceLevel", "Experience Level", experienceChoice)}
        {field("englishLevel", "English Level", englishChoice)}
        {field("gender", "Gender", genderChoice)}
        {field("higherEducation", "Higher Education (optional)", lineInput)}
        <div className="sm:col-span-2">
          {/* react-select owns the input's aria-describedby, so its message is tied by aria-errormessage and announced politely. */}
          {withoutScripts ? (
            <Field
              id={idOf("skills")}
              label="Required Skill Sets"
              error={errors.skills}
              hint="Separate the skills with commas, e.g. React, Node."
            >
              <input
                id={idOf("skills")}
                name="skills"
                defaultValue={values.skills.map(({ value }) => value).join(", ")}
                aria-invalid={Boolean(errors.skills)}
                aria-describedby={[errors.skills ? `${idOf("skills")}-error` : "", `${idOf("skills")}-hint`]
                  .filter(Boolean)
                  .join(" ")}
                className={inputClass}
              />
            </Field>
          ) : (
            <Field id={idOf("skills")} label="Required Skill Sets" error={errors.skills} liveError>
              <CreatableSelect<Skill, true>
                instanceId={`${prefix}-skills-select`}
                inputId={idOf("skills")}
                isMulti
                // Ranked here (exact, then starts with, then holds what is typed); react-select's own filter would keep
                // list order and hide nothing better.
                options={suggestSkills(
                  skillInput,
                  values.skills.map(({ value }) => value),
                ).map(asSkill)}
                filterOption={null}
                value={values.skills}
                onChange={(selected) => update("skills", [...selected])}
                onCreateOption={(typed) => update("skills", addSkill(values.skills, typed))}
                inputValue={skillInput}
                onInputChange={setSkillInput}
                onKeyDown={(event) => {
                  // A skill already chosen ("react" beside React) leaves nothing to pick, and react-select would let Enter
                  // submit the half-filled form; it is taken as "already there" instead.
                  if (
                    event.key === "Enter" &&
                    skillInput !== "" &&
                    addSkill(values.skills, skillInput) === values.skills
                  ) {
                    event.preventDefault();
                    setSkillInput("");
                  }
                }}
                // Last: Enter takes the best existing skill ("Rea" → React); creating what was typed is one arrow away.
                createOptionPosition="last"
                aria-invalid={Boolean(errors.skills)}
                aria-errormessage={errors.skills ? `${idOf("skills")}-error` : undefined}
                styles={{
                  // react-select's default grey placeholder is below WCAG contrast on white.
                  placeholder: (base) => ({ ...base, color: "#475569" }),
                  control: (base) => ({ ...base, borderColor: errors.skills ? "#dc2626" : "#cbd5e1" }),
                }}
              />
            </Field>
          )}
        </div>
      </Section>

      <Section title="Description">
        <div className="sm:col-span-2">{field("description", "Job Description", longArea, "One point per line.")}</div>
        <div className="sm:col-span-2">
          {field("responsibilities", "Responsibilities (optional)", shortArea, "One numbered point per line.")}
        </div>
        <div className="sm:col-span-2">
          {field("requirements", "Requirements (optional)", shortArea, "One numbered point per line.")}
        </div>
      </Section>

      <Section title="The company">
        {choices.length > 0 ? (
          <div className="sm:col-span-2">
            <Field
              id={idOf("companyId")}
              label="Company"
              hint="Your listings show their company's details, which you edit once, on the company."
            >
              <select
                id={idOf("companyId")}
                name="companyId"
                value={values.companyId}
                aria-describedby={`${idOf("companyId")}-hint`}
                onChange={(event) => {
                  const next = withCompany(
                    values,
                    choices.find((company) => company.id === event.target.value),
                  );
                  setValues(next);
                  if (attempted) setErrors(validate(next));
                }}
                className={inputClass}
              >
                {companies.map((company) => (
                  <option key={company.id} value={company.id}>
                    {company.name}
                  </option>
                ))}
                {otherCompany ? (
                  <option value={otherCompany.id}>{otherCompany.name} (another employer&apos;s)</option>
                ) : null}
                <option value="">A new company</option>
              </select>
            </Field>
          </div>
        ) : null}
        {withoutScripts && companies.length > 0 ? (
          <p className="text-sm text-slate-700 sm:col-span-2">
            For a new company, give its details below; a company picked above keeps its own.
          </p>
        ) : null}
        {pickedCompany && pickedCompany.id === otherCompany?.id ? (
          <p className="text-sm text-slate-700 sm:col-span-2">
            An admin merged this listing&apos;s company into {pickedCompany.name}, which another employer owns: the
            listing shows its details, which that employer edits. It stays there unless you pick another company.
          </p>
        ) : null}
        {pickedCompany && !withoutScripts ? (
          pickedCompany.id === otherCompany?.id ? null : (
            <p className="text-sm text-slate-700 sm:col-span-2">
              This listing shows {pickedCompany.name}&apos;s details.{" "}
              <Link to={`/companies/${pickedCompany.slug}/edit`} className="font-medium text-brand-700 underline">
                Edit the company
              </Link>{" "}
              to change them on every listing of it.
            </p>
          )
        ) : (
          <CompanyFields field={field} />
        )}
      </Section>

      <Section title="How to apply">
        {field(
          "applyMethod",
          "Applications arrive",
          applyMethodChoice,
          "Not chosen: Apply opens the apply link, as before.",
        )}
        {field("applyLink", "Apply Link", urlInput, "Not needed when applications arrive on this board or by email.")}
        {field("postedByNumber", "Contact Number (optional)", phoneInput)}
        <Field
          id={idOf("postedByEmail")}
          label="Posted By (email)"
          hint="Listings are always posted under your account's email."
        >
          <input
            id={idOf("postedByEmail")}
            type="email"
            value={postedByEmail}
            readOnly
            aria-describedby={`${idOf("postedByEmail")}-hint`}
            className={`${inputClass} bg-slate-100 text-slate-700`}
          />
        </Field>
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

/** The company's own fields, for a listing of a new company (or an employer with none yet). */
function CompanyFields({ field }: { field: (name: TextField, label: string, control: Control) => ReactNode }) {
  return (
    <>
      {field("companyName", "Company Name", lineInput)}
      {field("Industry", "Industry", lineInput)}
      {field("companyLogo", "Company Logo URL (optional)", urlInput)}
      {field("companySite", "Company Website (optional)", urlInput)}
      <div className="sm:col-span-2">{field("companyDec", "Company Description", shortArea)}</div>
      {field("companyLinkedin", "LinkedIn (optional)", urlInput)}
      {field("companyFacebook", "Facebook (optional)", urlInput)}
      {field("companyInstgram", "Instagram (optional)", urlInput)}
      {field("companyTwitter", "Twitter (optional)", urlInput)}
    </>
  );
}
