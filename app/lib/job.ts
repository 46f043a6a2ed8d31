import { z } from "zod";

/** Spec §3 enumerations. The wire keeps the spec's spellings. */
export const EXPERIENCE_LEVELS = ["Internship", "Fresher", "0-3 Year", "3-5 Year", "5+ Year"] as const;
export const EMPLOYMENT_TYPES = ["Full-time", "Part-time", "Contract"] as const;
/** 'Any' exists only on the post form; listings filter on the first three. */
export const GENDERS = ["Male", "Female", "Other", "Any"] as const;
export const ENGLISH_LEVELS = ["Basic English", "Intermediate English", "Advanced English"] as const;
export const SALARY_TYPES = ["Hourly", "Monthly", "Yearly"] as const;
export const SKILL_OPTIONS = ["JavaScript", "C++", "HTML", "CSS", "React", "Node", "MongoDB", "Redux"] as const;
export const DATE_POSTED = ["24h", "7d", "30d", "all"] as const;

export const LISTING_LIFETIME_DAYS = 30;
export const HOME_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const MAX_SALARY = 1_000_000_000;

/** Empty strings from HTML forms, and the nulls the API itself returns for empty fields, mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A missing field says "Required"; a field of the wrong JSON type says what it should be. */
const requiredMessage = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? "Required" : expected;

// PostgreSQL text cannot hold U+0000, so it is refused here rather than failing the insert.
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const NO_NUL = /^[^\u0000]*$/;
const NUL_MESSAGE = "Must not contain NUL characters";

const requiredText = (max: number) =>
  z
    .string({ error: requiredMessage("Must be text") })
    .trim()
    .min(1, "Required")
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_NUL, NUL_MESSAGE);

const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, `Must be at most ${max} characters`).regex(NO_NUL, NUL_MESSAGE).optional(),
  );

const webUrl = z
  .string({ error: requiredMessage("Must be a valid http(s) URL") })
  .trim()
  .max(2048, "Must be at most 2048 characters")
  .regex(NO_NUL, NUL_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "Must be a valid http(s) URL");

const optionalUrl = z.preprocess(blankToUndefined, webUrl.optional());

const enumField = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: requiredMessage(`Must be one of: ${values.join(", ")}`) });

/** "45000", "45,000" or 45000 → 45000; anything else stays as it is for the number check to reject. */
const toNumber = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = value.replace(/[,\s]/g, "");
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
};

const numberField = z.preprocess(
  toNumber,
  z.number({ error: (issue) => (issue.input === undefined ? "Required" : "Must be a number") }),
);

/** Salaries are free text in the original product; we store numbers so salary filters compare numbers. */
const salaryField = numberField.pipe(z.number().min(0, "Must be 0 or more").max(MAX_SALARY, "Must be at most 1000000000"));

const openings = numberField.pipe(z.number().positive("Must be more than 0").max(100_000, "Must be at most 100000"));

/** Date.parse rolls "2024-02-30" over to March 1st; a posting date must name a real calendar day. */
function isCalendarDate(value: string): boolean {
  if (Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const postingDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Required" })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value), "Must be a date (YYYY-MM-DD)")
    .refine(isCalendarDate, "Must be a valid date"),
);

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,22}[0-9]$/, "Must be a phone number (digits, spaces, dashes, optional leading +)");

const skill = z.object({
  value: enumField(SKILL_OPTIONS),
  label: z.string().optional(),
});

/**
 * The one schema for a job posted or updated, shared by the Post/Update forms and the JSON API.
 * Field names are the spec's wire names, typos included (Industry, postionopens, companyInstgram).
 */
export const jobFieldsSchema = z.object({
    jobTitle: requiredText(120),
    companyName: requiredText(120),
    Industry: requiredText(80),
    companySite: optionalUrl,
    higherEducation: optionalText(120),
    companyLogo: optionalUrl,
    description: requiredText(10_000),
    companyDec: requiredText(5_000),
    responsibilities: optionalText(5_000),
    requirements: optionalText(5_000),
    postionopens: openings,
    postingDate,
    minPrice: salaryField,
    maxPrice: salaryField,
    salaryType: z.preprocess(blankToUndefined, enumField(SALARY_TYPES)),
    jobLocation: requiredText(120),
    englishLevel: z.preprocess(blankToUndefined, enumField(ENGLISH_LEVELS)),
    gender: z.preprocess(blankToUndefined, enumField(GENDERS)),
    experienceLevel: z.preprocess(blankToUndefined, enumField(EXPERIENCE_LEVELS)),
    employmentType: z.preprocess(blankToUndefined, enumField(EMPLOYMENT_TYPES)),
    skills: z
      .array(skill, { error: "Pick at least one skill" })
      .min(1, "Pick at least one skill")
      .max(SKILL_OPTIONS.length, "Too many skills"),
    postedByEmail: z.preprocess(blankToUndefined, z.email("Must be a valid email address").max(254).optional()),
    postedByNumber: z.preprocess(blankToUndefined, phone.optional()),
    applyLink: z.preprocess(blankToUndefined, webUrl),
    companyLinkedin: optionalUrl,
    companyFacebook: optionalUrl,
    companyInstgram: optionalUrl,
    companyInstagram: optionalUrl,
    companyTwitter: optionalUrl,
});

export const jobInputSchema = jobFieldsSchema.superRefine((job, ctx) => {
    if (typeof job.minPrice === "number" && typeof job.maxPrice === "number" && job.maxPrice < job.minPrice) {
      ctx.addIssue({ code: "custom", path: ["maxPrice"], message: "Must be at least the minimum salary" });
    }
  });

export type JobInput = z.output<typeof jobInputSchema>;
export type JobFormValues = z.input<typeof jobInputSchema>;

/** A job as the API returns it (spec §3 names; `companyInstagram` mirrors `companyInstgram` for the detail page). */
export type Job = {
  _id: string;
  jobTitle: string;
  companyName: string;
  Industry: string;
  companySite: string | null;
  higherEducation: string | null;
  companyLogo: string | null;
  description: string;
  companyDec: string;
  responsibilities: string | null;
  requirements: string | null;
  postionopens: number;
  postingDate: string;
  minPrice: string;
  maxPrice: string;
  salaryType: (typeof SALARY_TYPES)[number];
  jobLocation: string;
  englishLevel: (typeof ENGLISH_LEVELS)[number];
  gender: (typeof GENDERS)[number];
  experienceLevel: (typeof EXPERIENCE_LEVELS)[number];
  employmentType: (typeof EMPLOYMENT_TYPES)[number];
  skills: { value: string; label: string }[];
  postedByEmail: string | null;
  postedByNumber: string | null;
  applyLink: string;
  companyLinkedin: string | null;
  companyFacebook: string | null;
  companyInstgram: string | null;
  companyInstagram: string | null;
  companyTwitter: string | null;
  createdAt: string;
  updatedAt: string;
};

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, enumField(values).optional());

const optionalSalaryFilter = z.preprocess(
  toNumber,
  z.number({ error: "Must be a number" }).min(0, "Must be 0 or more").max(MAX_SALARY).optional(),
);

/** Query of GET /api/jobs and of the home page URL: spec §5 filters plus paging. */
export const jobSearchSchema = z.object({
  search: optionalText(200),
  location: optionalText(200),
  experienceLevel: optionalEnum(EXPERIENCE_LEVELS),
  employmentType: optionalEnum(EMPLOYMENT_TYPES),
  minSalary: optionalSalaryFilter,
  maxSalary: optionalSalaryFilter,
  datePosted: z.preprocess(blankToUndefined, enumField(DATE_POSTED).default("all")),
  gender: optionalEnum(GENDERS),
  englishLevel: optionalEnum(ENGLISH_LEVELS),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: "Must be a number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(100_000).default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Must be a number" })
      .int("Must be a whole number")
      .min(1, "Must be 1 or more")
      .max(MAX_PAGE_SIZE, `Must be at most ${MAX_PAGE_SIZE}`)
      .default(HOME_PAGE_SIZE),
  ),
});

export type JobSearch = z.output<typeof jobSearchSchema>;

export const jobIdSchema = z.uuid("Not a valid job id");

/** Spec §2: a card is hidden once postingDate + 30 days is past. */
export function isExpired(postingDate: string | Date, now: Date = new Date()): boolean {
  const posted = typeof postingDate === "string" ? new Date(postingDate) : postingDate;
  return posted.getTime() + LISTING_LIFETIME_DAYS * 24 * 60 * 60 * 1000 < now.getTime();
}
