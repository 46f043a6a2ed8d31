import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import type { Company } from "#shared/companies.ts";
import {
  JOB_FORM_TEXT_FIELDS,
  normaliseSkillName,
  skillsFromText,
  type Job,
  type JobFormTextField,
} from "#shared/job.ts";

/**
 * The post and update forms' values, and what they start from: a new listing, a listing being edited, a company of the
 * employer's, a refused post of a browser without JavaScript. The form that edits them is components/job-form.tsx.
 */

export type Skill = { value: string; label: string };

type TextField = JobFormTextField;
export type JobFormState = Record<TextField, string> & { skills: Skill[] };

export const asSkill = (name: string): Skill => ({ value: name, label: name });

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
