import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import CreatableSelect from "react-select/creatable";
import {
  EMPLOYMENT_TYPES,
  ENGLISH_LEVELS,
  EXPERIENCE_LEVELS,
  GENDERS,
  JOB_FORM_TEXT_FIELDS,
  jobInputSchema,
  jobPostSchema,
  normaliseSkillName,
  SALARY_TYPES,
  SKILL_OPTIONS,
  type Job,
  type JobFormTextField,
} from "#shared/job.ts";
import { CURRENCY_CODES, CURRENCY_NAMES, DEFAULT_CURRENCY } from "#shared/currencies.ts";
import { fieldErrors, messagesByField } from "#shared/errors.ts";

type Skill = { value: string; label: string };

type TextField = JobFormTextField;
export type JobFormState = Record<TextField, string> & { skills: Skill[] };

/** What the page reports back after sending the form: success, or why not (with per-field messages). */
export type SubmitOutcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

const SKILL_CHOICES: Skill[] = SKILL_OPTIONS.map((skill) => ({ value: skill, label: skill }));

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
  return { ...blank, jobTitle: "Frontend Developer", postingDate: localDate(today), salaryCurrency: DEFAULT_CURRENCY, skills: [] };
}

export function jobToForm(job: Job): JobFormState {
  const values = Object.fromEntries(
    JOB_FORM_TEXT_FIELDS.map((field) => {
      const value = job[field];
      return [field, value === null || value === undefined ? "" : String(value)];
    }),
  ) as Record<TextField, string>;
  return { ...values, postingDate: job.postingDate.slice(0, 10), skills: job.skills.map(({ value }) => ({ value, label: value })) };
}

const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600 focus:outline-2 focus:outline-brand-500";

type JobFormProps = {
  initial: JobFormState;
  /** The account the listing is posted under (spec §6: always the signed-in user's email). */
  postedByEmail: string;
  submitLabel: string;
  busyLabel: string;
  /** Spec §5: the update form allows an openings step of 0.01. */
  openingsStep: "1" | "0.01";
  resetOnSuccess: boolean;
  onSubmit: (payload: Record<string, unknown>) => Promise<SubmitOutcome>;
};

export function JobForm({ initial, postedByEmail, submitLabel, busyLabel, openingsStep, resetOnSuccess, onSubmit }: JobFormProps) {
  const [values, setValues] = useState<JobFormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [skillInput, setSkillInput] = useState("");
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

  const field = (name: TextField, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => (
    <Field key={name} id={idOf(name)} label={label} error={errors[name]} hint={hint}>
      {control({
        id: idOf(name),
        name,
        value: values[name],
        invalid: Boolean(errors[name]),
        describedBy: [errors[name] ? `${idOf(name)}-error` : "", hint ? `${idOf(name)}-hint` : ""].filter(Boolean).join(" ") || undefined,
        onChange: (value: string) => update(name, value),
      })}
    </Field>
  );

  const text = (type: string = "text", extra: Record<string, string> = {}) =>
    function TextControl(props: ControlProps) {
      return (
        <input
          id={props.id}
          name={props.name}
          type={type}
          value={props.value}
          aria-invalid={props.invalid}
          aria-describedby={props.describedBy}
          onChange={(event) => props.onChange(event.target.value)}
          className={inputClass}
          {...extra}
        />
      );
    };

  const area = (rows = 4) =>
    function AreaControl(props: ControlProps) {
      return (
        <textarea
          id={props.id}
          name={props.name}
          rows={rows}
          value={props.value}
          aria-invalid={props.invalid}
          aria-describedby={props.describedBy}
          onChange={(event) => props.onChange(event.target.value)}
          className={inputClass}
        />
      );
    };

  /** A native select; `blank` offers "Choose…" first (a required choice not yet made). */
  const choice = <T extends string>(options: readonly T[], { labelOf = (option: T): string => option, blank = true } = {}) =>
    function ChoiceControl(props: ControlProps) {
      return (
        <select
          id={props.id}
          name={props.name}
          value={props.value}
          aria-invalid={props.invalid}
          aria-describedby={props.describedBy}
          onChange={(event) => props.onChange(event.target.value)}
          className={inputClass}
        >
          {blank ? <option value="">Choose…</option> : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </select>
      );
    };

  /** Every currency a salary can be in, by code: a native select jumps to "USD" as the user types it. */
  const currencyChoice = choice(CURRENCY_CODES, { labelOf: (code) => `${code} – ${CURRENCY_NAMES[code]}`, blank: false });

  return (
    <form ref={form} onSubmit={submit} noValidate aria-busy={busy} className="grid gap-8">
      <div role="alert" className="empty:hidden">
        {formError ? <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">{formError}</p> : null}
      </div>

      <Section title="The job">
        {field("jobTitle", "Job Title", text())}
        {field("jobLocation", "Job Location", text())}
        {field("postionopens", "Number of Openings", text("number", { min: "0", step: openingsStep, inputMode: "decimal" }))}
        {field("postingDate", "Job Posting Date", text("date"))}
        {field("minPrice", "Minimum Salary", text("text", { inputMode: "numeric", placeholder: "e.g. 40000" }))}
        {field("maxPrice", "Maximum Salary", text("text", { inputMode: "numeric", placeholder: "e.g. 60000" }))}
        {field("salaryCurrency", "Salary Currency", currencyChoice)}
        {field("salaryType", "Salary Type", choice(SALARY_TYPES))}
        {field("employmentType", "Employment Type", choice(EMPLOYMENT_TYPES))}
        {field("experienceLevel", "Experience Level", choice(EXPERIENCE_LEVELS))}
        {field("englishLevel", "English Level", choice(ENGLISH_LEVELS))}
        {field("gender", "Gender", choice(GENDERS))}
        {field("higherEducation", "Higher Education (optional)", text())}
        <div className="sm:col-span-2">
          {/* react-select owns the input's aria-describedby, so its message is tied by aria-errormessage and announced politely. */}
          <Field id={idOf("skills")} label="Required Skill Sets" error={errors.skills} liveError>
            <CreatableSelect<Skill, true>
              instanceId={`${prefix}-skills-select`}
              inputId={idOf("skills")}
              isMulti
              options={SKILL_CHOICES}
              value={values.skills}
              onChange={(selected) => update("skills", [...selected])}
              onCreateOption={(typed) => update("skills", addSkill(values.skills, typed))}
              inputValue={skillInput}
              onInputChange={setSkillInput}
              onKeyDown={(event) => {
                // A skill already chosen ("react" beside React) leaves nothing to pick, and react-select would let Enter
                // submit the half-filled form; it is taken as "already there" instead.
                if (event.key === "Enter" && skillInput !== "" && addSkill(values.skills, skillInput) === values.skills) {
                  event.preventDefault();
                  setSkillInput("");
                }
              }}
              // First, so Enter adds what was typed ("Java", "Go") rather than a suggestion that merely contains it.
              createOptionPosition="first"
              aria-invalid={Boolean(errors.skills)}
              aria-errormessage={errors.skills ? `${idOf("skills")}-error` : undefined}
              styles={{
                // react-select's default grey placeholder is below WCAG contrast on white.
                placeholder: (base) => ({ ...base, color: "#475569" }),
                control: (base) => ({ ...base, borderColor: errors.skills ? "#dc2626" : "#cbd5e1" }),
              }}
            />
          </Field>
        </div>
      </Section>

      <Section title="Description">
        <div className="sm:col-span-2">{field("description", "Job Description", area(5), "One point per line.")}</div>
        <div className="sm:col-span-2">
          {field("responsibilities", "Responsibilities (optional)", area(4), "One numbered point per line.")}
        </div>
        <div className="sm:col-span-2">{field("requirements", "Requirements (optional)", area(4), "One numbered point per line.")}</div>
      </Section>

      <Section title="The company">
        {field("companyName", "Company Name", text())}
        {field("Industry", "Industry", text())}
        {field("companyLogo", "Company Logo URL (optional)", text("url", { placeholder: "https://" }))}
        {field("companySite", "Company Website (optional)", text("url", { placeholder: "https://" }))}
        <div className="sm:col-span-2">{field("companyDec", "Company Description", area(4))}</div>
        {field("companyLinkedin", "LinkedIn (optional)", text("url", { placeholder: "https://" }))}
        {field("companyFacebook", "Facebook (optional)", text("url", { placeholder: "https://" }))}
        {field("companyInstgram", "Instagram (optional)", text("url", { placeholder: "https://" }))}
        {field("companyTwitter", "Twitter (optional)", text("url", { placeholder: "https://" }))}
      </Section>

      <Section title="How to apply">
        {field("applyLink", "Apply Link", text("url", { placeholder: "https://" }))}
        {field("postedByNumber", "Contact Number (optional)", text("tel", { autoComplete: "tel", placeholder: "+91 98765 43210" }))}
        <Field id={idOf("postedByEmail")} label="Posted By (email)" hint="Listings are always posted under your account's email.">
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

type ControlProps = {
  id: string;
  name: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-2 text-lg font-semibold">{title}</legend>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type FieldProps = { id: string; label: string; error?: string; hint?: string; liveError?: boolean; children: ReactNode };

function Field({ id, label, error, hint, liveError, children }: FieldProps) {
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} aria-live={liveError ? "polite" : undefined} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
