import { JOB_FIELDS, type Job, type JobField, type JobInput } from "#shared/job.ts";
import { sql, type SQL } from "drizzle-orm";
import type { jobs } from "#server/db/schema.ts";

export type JobRow = typeof jobs.$inferSelect;
export type JobValues = Omit<
  typeof jobs.$inferInsert,
  "id" | "createdAt" | "updatedAt" | "companyId" | "companySlug" | "companyVerified"
>;

const salaryText = (value: number | string) => String(Number(value));

/** The columns the wire shape is made of: a search reads only these (ADR 31). */
export const WIRE_COLUMNS = [
  "id",
  "title",
  "companyName",
  "industry",
  "companySite",
  "higherEducation",
  "companyLogo",
  "description",
  "companyDescription",
  "responsibilities",
  "requirements",
  "openings",
  "postingDate",
  "minSalary",
  "maxSalary",
  "salaryType",
  "salaryCurrency",
  "location",
  "englishLevel",
  "gender",
  "experienceLevel",
  "employmentType",
  "skills",
  "postedByEmail",
  "postedByNumber",
  "applyLink",
  "applyMethod",
  "companyLinkedin",
  "companyFacebook",
  "companyInstagram",
  "companyTwitter",
  "companyId",
  "companySlug",
  "companyVerified",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof JobRow)[];

export type WireRow = Pick<JobRow, (typeof WIRE_COLUMNS)[number]>;

/** Database row → the spec's wire shape (typos included). */
export function toWireJob(row: WireRow): Job {
  return {
    _id: row.id,
    jobTitle: row.title,
    companyName: row.companyName,
    Industry: row.industry,
    companySite: row.companySite,
    higherEducation: row.higherEducation,
    companyLogo: row.companyLogo,
    description: row.description,
    companyDec: row.companyDescription,
    responsibilities: row.responsibilities,
    requirements: row.requirements,
    postionopens: row.openings,
    postingDate: row.postingDate.toISOString(),
    minPrice: salaryText(row.minSalary),
    maxPrice: salaryText(row.maxSalary),
    salaryType: row.salaryType as Job["salaryType"],
    salaryCurrency: row.salaryCurrency as Job["salaryCurrency"],
    jobLocation: row.location,
    englishLevel: row.englishLevel as Job["englishLevel"],
    gender: row.gender as Job["gender"],
    experienceLevel: row.experienceLevel as Job["experienceLevel"],
    employmentType: row.employmentType as Job["employmentType"],
    skills: row.skills.map((skill) => ({ value: skill, label: skill })),
    postedByEmail: row.postedByEmail,
    postedByNumber: row.postedByNumber,
    applyLink: row.applyLink || null,
    applyMethod: row.applyMethod,
    companyLinkedin: row.companyLinkedin,
    companyFacebook: row.companyFacebook,
    companyInstgram: row.companyInstagram,
    companyInstagram: row.companyInstagram,
    companyTwitter: row.companyTwitter,
    companyId: row.companyId,
    companySlug: row.companySlug,
    companyVerified: row.companyVerified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The company a written listing names (issue 32): the one it picked, or, with none, NULL, which the database reads as
 * "its owner's company of its name, made from its fields when there is none" (migration 0018). Either way the database
 * then copies the company's details over the listing's company columns, so those are the company's once written.
 */
export const companyOfInput = (input: Pick<JobInput, "companyId">): string | SQL<string> =>
  input.companyId ?? JOIN_COMPANY_BY_NAME;

/** NULL for company_id: the database joins the listing to its owner's company of its name (see companyOfInput). */
export const JOIN_COMPANY_BY_NAME = sql<string>`NULL`;

/** The listing's copies of its company's details: what an edit that stays with the company cannot change. */
export const COMPANY_COPIES = [
  "companyName",
  "industry",
  "companySite",
  "companyLogo",
  "companyDescription",
  "companyLinkedin",
  "companyFacebook",
  "companyInstagram",
  "companyTwitter",
] as const satisfies readonly (keyof JobRow)[];

/** Validated input → column values. `postedByEmail` is the caller's to decide (the session's email). */
export function toJobValues(input: JobInput, postedByEmail: string | null): JobValues {
  return {
    title: input.jobTitle,
    companyName: input.companyName,
    industry: input.Industry,
    companySite: input.companySite ?? null,
    higherEducation: input.higherEducation ?? null,
    companyLogo: input.companyLogo ?? null,
    description: input.description,
    companyDescription: input.companyDec,
    responsibilities: input.responsibilities ?? null,
    requirements: input.requirements ?? null,
    openings: input.postionopens,
    postingDate: new Date(input.postingDate),
    minSalary: input.minPrice,
    maxSalary: input.maxPrice,
    salaryType: input.salaryType,
    salaryCurrency: input.salaryCurrency,
    location: input.jobLocation,
    englishLevel: input.englishLevel,
    gender: input.gender,
    experienceLevel: input.experienceLevel,
    employmentType: input.employmentType,
    skills: [...new Set(input.skills.map((skill) => skill.value))],
    postedByEmail,
    postedByNumber: input.postedByNumber ?? null,
    // The column predates the choice and stays NOT NULL: an empty string is a listing without a link.
    applyLink: input.applyLink ?? "",
    applyMethod: input.applyMethod ?? null,
    companyLinkedin: input.companyLinkedin ?? null,
    companyFacebook: input.companyFacebook ?? null,
    companyInstagram: input.companyInstgram ?? input.companyInstagram ?? null,
    companyTwitter: input.companyTwitter ?? null,
  };
}

/** A stored job as input fields, so a partial PATCH can be merged over it and validated whole. */
export function toJobFields(job: Job): Record<JobField, unknown> {
  return Object.fromEntries(JOB_FIELDS.map((field) => [field, job[field] ?? undefined])) as Record<JobField, unknown>;
}
