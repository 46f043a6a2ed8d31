import type { ReactNode } from "react";
import { APPLY_METHOD_LABELS } from "#shared/applications.ts";
import {
  APPLY_METHODS,
  EMPLOYMENT_TYPES,
  ENGLISH_LEVELS,
  EXPERIENCE_LEVELS,
  GENDERS,
  SALARY_TYPES,
  type JobFormTextField,
} from "#shared/job.ts";
import {
  area,
  choice,
  currencyChoice,
  Field,
  inputClass,
  text,
  type Control,
} from "#app/components/job-form-controls.tsx";

/**
 * The post and update forms' field groups. Each is handed the form's `field`, which draws one labelled control bound
 * to the form's value and message for it, so the groups say only which fields, in which order, with which control.
 */

/** Draws one field of the form: its label, its control bound to the form's state, its hint and its message. */
export type RenderField = (name: JobFormTextField, label: string, control: Control, hint?: string) => ReactNode;

type GroupProps = { field: RenderField };

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

/** The job's title, place, openings and posting date. */
export function JobFields({ field, openingsStep }: GroupProps & { openingsStep: "1" | "0.01" }) {
  return (
    <>
      {field("jobTitle", "Job Title", lineInput)}
      {field("jobLocation", "Job Location", lineInput)}
      {field("postionopens", "Number of Openings", openingsStep === "1" ? wholeOpenings : partOpenings)}
      {field("postingDate", "Job Posting Date", dateInput)}
    </>
  );
}

export function SalaryFields({ field }: GroupProps) {
  return (
    <>
      {field("minPrice", "Minimum Salary", minSalaryInput)}
      {field("maxPrice", "Maximum Salary", maxSalaryInput)}
      {field("salaryCurrency", "Salary Currency", currencyChoice)}
      {field("salaryType", "Salary Type", salaryTypeChoice)}
    </>
  );
}

/** The kind of work, and whom it is for. */
export function EmploymentFields({ field }: GroupProps) {
  return (
    <>
      {field("employmentType", "Employment Type", employmentChoice)}
      {field("experienceLevel", "Experience Level", experienceChoice)}
      {field("englishLevel", "English Level", englishChoice)}
      {field("gender", "Gender", genderChoice)}
      {field("higherEducation", "Higher Education (optional)", lineInput)}
    </>
  );
}

export function DescriptionFields({ field }: GroupProps) {
  return (
    <>
      <div className="sm:col-span-2">{field("description", "Job Description", longArea, "One point per line.")}</div>
      <div className="sm:col-span-2">
        {field("responsibilities", "Responsibilities (optional)", shortArea, "One numbered point per line.")}
      </div>
      <div className="sm:col-span-2">
        {field("requirements", "Requirements (optional)", shortArea, "One numbered point per line.")}
      </div>
    </>
  );
}

/** The company's own fields, for a listing of a new company (or an employer with none yet). */
export function CompanyFields({ field }: GroupProps) {
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

/** How applications arrive, and where to reach the employer; the account it is posted under is shown, read-only. */
export function ApplyFields({ field, id, postedByEmail }: GroupProps & { id: string; postedByEmail: string }) {
  return (
    <>
      {field(
        "applyMethod",
        "Applications arrive",
        applyMethodChoice,
        "Not chosen: Apply opens the apply link, as before.",
      )}
      {field("applyLink", "Apply Link", urlInput, "Not needed when applications arrive on this board or by email.")}
      {field("postedByNumber", "Contact Number (optional)", phoneInput)}
      <Field id={id} label="Posted By (email)" hint="Listings are always posted under your account's email.">
        <input
          id={id}
          type="email"
          value={postedByEmail}
          readOnly
          aria-describedby={`${id}-hint`}
          className={`${inputClass} bg-slate-100 text-slate-700`}
        />
      </Field>
    </>
  );
}
