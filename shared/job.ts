import { z } from "zod";
import { CURRENCY_CODES, DEFAULT_CURRENCY } from "#shared/currencies.ts";
import { cursorSchema, pageNumber, searchCursorSchema, wholeFromOne } from "#shared/job-paging.ts";

/** Spec §3 enumerations. The wire keeps the spec's spellings. */
export const EXPERIENCE_LEVELS = ["Internship", "Fresher", "0-3 Year", "3-5 Year", "5+ Year"] as const;
export const EMPLOYMENT_TYPES = ["Full-time", "Part-time", "Contract"] as const;
/** 'Any' exists only on the post form; listings filter on the first three. */
export const GENDERS = ["Male", "Female", "Other", "Any"] as const;
/** Listings carry these three; 'Any' exists only on the post form (spec §3). */
export const LISTING_GENDERS = ["Male", "Female", "Other"] as const;
export const ENGLISH_LEVELS = ["Basic English", "Intermediate English", "Advanced English"] as const;
export const SALARY_TYPES = ["Hourly", "Monthly", "Yearly"] as const;
export const SKILL_OPTIONS = ["JavaScript", "C++", "HTML", "CSS", "React", "Node", "MongoDB", "Redux"] as const;
export const DATE_POSTED = ["24h", "7d", "30d", "all"] as const;
/**
 * How seekers apply (issue 31): on this board, at the listing's applyLink, or by mail to postedByEmail. A listing
 * without one behaves as every listing did before the choice existed: Apply opens applyLink.
 */
export const APPLY_METHODS = ["board", "link", "email"] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];

/** A search's order (ADR 38): the best matches first, or the newest first. */
export const SEARCH_SORTS = ["relevance", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

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
export const NO_NUL = /^[^\u0000]*$/;
export const NUL_MESSAGE = "Must not contain NUL characters";

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

/**
 * Link shorteners hide where an applicant is sent, a common scam signal; the apply link must show its destination.
 * A short, documented list (README "Trust and safety"): the best-known public shorteners.
 */
export const URL_SHORTENERS = [
  "bit.ly",
  "buff.ly",
  "cutt.ly",
  "goo.gl",
  "is.gd",
  "ow.ly",
  "rb.gy",
  "rebrand.ly",
  "shorturl.at",
  "t.co",
  "t.ly",
  "tiny.cc",
  "tinyurl.com",
] as const;

function isShortened(value: string): boolean {
  try {
    const host = new URL(value).hostname.toLowerCase().replace(/^www\./, "");
    return (URL_SHORTENERS as readonly string[]).includes(host);
  } catch {
    return false;
  }
}

const applyLink = webUrl.refine(
  (value) => !isShortened(value),
  "The apply link must not use a link shortener; give the full address",
);

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
const salaryField = numberField.pipe(
  z.number().min(0, "Must be 0 or more").max(MAX_SALARY, "Must be at most 1000000000"),
);

const CURRENCY_MESSAGE = "Must be an ISO 4217 currency code, like INR, USD or EUR";

/** An ISO 4217 code, in either case ("usd" is USD); anything else is refused, never guessed at. */
const currencyCode = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .toUpperCase()
  .pipe(z.enum(CURRENCY_CODES, { error: CURRENCY_MESSAGE }));

/** Listings and clients from before currencies were asked for mean rupees. */
const salaryCurrency = z.preprocess(blankToUndefined, currencyCode.default(DEFAULT_CURRENCY));

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
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value),
      "Must be a date (YYYY-MM-DD)",
    )
    .refine(isCalendarDate, "Must be a valid date"),
);

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,22}[0-9]$/, "Must be a phone number (digits, spaces, dashes, optional leading +)");

export const MAX_SKILLS = 20;
export const MAX_SKILL_LENGTH = 40;

/** C0/C1 controls and DEL (NUL included), and the bidi overrides and isolates that make a name display as another. */
const NO_CONTROL = /^[^\p{Cc}\u202a-\u202e\u2066-\u2069]*$/u;
/** A lone surrogate cannot be stored in jsonb (PostgreSQL refuses the whole document). */
const NO_LONE_SURROGATE = /^\P{Cs}*$/u;
/** Something a reader can see: a name of zero-width characters alone is as empty as "". */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * A skill's name as stored: trimmed, inner whitespace collapsed, and a suggestion typed in another case spelled as
 * the suggestion ("react" → "React"), so the eight keep one spelling whoever types them.
 */
export function normaliseSkillName(name: string): string {
  const collapsed = name.trim().replace(/\s+/g, " ");
  const key = collapsed.toLowerCase();
  return SKILL_OPTIONS.find((option) => option.toLowerCase() === key) ?? collapsed;
}

/** Case-insensitive duplicates merged; the first spelling stays. */
function mergeSkillDuplicates<T extends { value: string }>(skills: T[]): T[] {
  const seen = new Set<string>();
  return skills.filter(({ value }) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const skill = z.object({
  value: z
    .string({ error: requiredMessage("Must be text") })
    .overwrite(normaliseSkillName)
    .regex(VISIBLE, "Skill names must not be empty")
    .max(MAX_SKILL_LENGTH, `Each skill must be at most ${MAX_SKILL_LENGTH} characters`)
    .regex(NO_CONTROL, "Must not contain control characters")
    .regex(NO_LONE_SURROGATE, "Must be valid Unicode text")
    .meta({
      description:
        `Any skill, stored trimmed with inner whitespace collapsed; one of the suggestions (${SKILL_OPTIONS.join(", ")}) ` +
        "in another case takes the suggestion's spelling, and case-insensitive duplicates are merged",
      examples: [...SKILL_OPTIONS],
    }),
  label: z.string().optional(),
});

/** 1 to 20 skills, counted once merged, so a repeated suggestion never tips a list over the limit. */
const skills = z
  .array(skill, { error: "Pick at least one skill" })
  .overwrite(mergeSkillDuplicates)
  .min(1, "Pick at least one skill")
  .max(MAX_SKILLS, `At most ${MAX_SKILLS} skills`);

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
  salaryCurrency,
  jobLocation: requiredText(120),
  englishLevel: z.preprocess(blankToUndefined, enumField(ENGLISH_LEVELS)),
  gender: z.preprocess(blankToUndefined, enumField(GENDERS)),
  experienceLevel: z.preprocess(blankToUndefined, enumField(EXPERIENCE_LEVELS)),
  employmentType: z.preprocess(blankToUndefined, enumField(EMPLOYMENT_TYPES)),
  skills,
  postedByEmail: z.preprocess(blankToUndefined, z.email("Must be a valid email address").max(254).optional()),
  postedByNumber: z.preprocess(blankToUndefined, phone.optional()),
  // Required where Apply opens it (below): a listing whose applications arrive on the board or by mail needs none.
  applyLink: z.preprocess(blankToUndefined, applyLink.optional()),
  applyMethod: z
    .preprocess(blankToUndefined, enumField(APPLY_METHODS).optional())
    .meta({ description: "board: apply on this board; link: open applyLink; email: mail postedByEmail. Absent: link" }),
  companyLinkedin: optionalUrl,
  companyFacebook: optionalUrl,
  companyInstgram: optionalUrl,
  companyInstagram: optionalUrl,
  companyTwitter: optionalUrl,
  companyId: z.preprocess(blankToUndefined, z.uuid("Not a valid company id").optional()).meta({
    description:
      "One of your companies (GET /api/my-companies): the listing shows its details, whatever the company fields say. Absent or null: your company named companyName, made from these fields when you have none",
  }),
});

/** Whether Apply opens the listing's link: when the employer chose "an external link", or made no choice (spec). */
export const appliesAtLink = (applyMethod: ApplyMethod | null | undefined) => (applyMethod ?? "link") === "link";

const onlyFieldsFine =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));

export const jobInputSchema = jobFieldsSchema
  .superRefine((job, ctx) => {
    if (typeof job.minPrice === "number" && typeof job.maxPrice === "number" && job.maxPrice < job.minPrice) {
      ctx.addIssue({ code: "custom", path: ["maxPrice"], message: "Must be at least the minimum salary" });
    }
  })
  // Checked even while other fields are wrong, so the form names a missing link with the rest at once.
  .refine((job) => job.applyLink !== undefined || !appliesAtLink(job.applyMethod), {
    path: ["applyLink"],
    message: "Required",
    when: onlyFieldsFine("applyLink", "applyMethod"),
  });

/** The furthest any time zone runs ahead of UTC (UTC+14): a date that is already today somewhere is not "the future". */
const EARLIEST_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

/**
 * Why a posting date given now would mislead, if it would: older than the listing's 30 days, it is hidden the moment
 * it is posted; dated ahead, it would sit above every other listing until that day comes.
 */
export function postingDateProblem(postingDate: string | Date, now: Date = new Date()): string | undefined {
  if (isExpired(postingDate, now))
    return `Must be within the last ${LISTING_LIFETIME_DAYS} days; an older listing is never shown`;
  const posted = typeof postingDate === "string" ? new Date(postingDate) : postingDate;
  if (posted.getTime() > now.getTime() + EARLIEST_ZONE_AHEAD_MS) return "Must not be in the future";
  return undefined;
}

/**
 * A job whose posting date is set now: a new listing, or an edit that changes the date. An edit that keeps an old
 * date is checked by `jobInputSchema` alone, so an expired listing can still be corrected before it is re-dated.
 */
export const jobPostSchema = jobInputSchema.superRefine((job, ctx) => {
  const problem = postingDateProblem(job.postingDate);
  if (problem) ctx.addIssue({ code: "custom", path: ["postingDate"], message: problem });
});

export type JobInput = z.output<typeof jobInputSchema>;
export type JobFormValues = z.input<typeof jobInputSchema>;

export type JobField = keyof typeof jobFieldsSchema.shape;
export const JOB_FIELDS = Object.keys(jobFieldsSchema.shape) as JobField[];

/** The post/update form edits every field but the poster's email (always the session's) and the Instagram alias. */
const NOT_ON_FORM = ["postedByEmail", "companyInstagram", "skills"] as const satisfies readonly JobField[];
export type JobFormTextField = Exclude<JobField, (typeof NOT_ON_FORM)[number]>;
export const JOB_FORM_TEXT_FIELDS = JOB_FIELDS.filter(
  (field): field is JobFormTextField => !(NOT_ON_FORM as readonly string[]).includes(field),
);

/**
 * The skills as a form without JavaScript sends them (ADR 41): one text, the skills separated by commas. The schema
 * normalises and merges them as it does the list the page's script sends.
 */
export function skillsFromText(text: string): { value: string }[] {
  return text
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value !== "")
    .map((value) => ({ value }));
}

/** A job form posted without JavaScript, as the API's body: its fields as they are, and the skills as a list. */
export function jobFieldsFromForm({ skills = "", ...fields }: Record<string, string>): Record<string, unknown> {
  return { ...fields, skills: skillsFromText(skills) };
}

/** Optional input fields come back as `null` when empty. */
type Stored<T> = { [K in keyof T]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };

/**
 * A job as the API returns it: the input fields as stored (spec §3 names; `companyInstagram` mirrors
 * `companyInstgram`), salaries as the original product's strings, dates as ISO strings, plus its id and timestamps.
 */
export type Job = Omit<Stored<JobInput>, "minPrice" | "maxPrice" | "skills" | "companyId"> & {
  _id: string;
  /** The listing's company (issue 32): its page is /companies/{companySlug}. */
  companyId: string;
  companySlug: string;
  companyVerified: boolean;
  minPrice: string;
  maxPrice: string;
  skills: { value: string; label: string }[];
  createdAt: string;
  updatedAt: string;
};

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, enumField(values).optional());

const optionalSalaryFilter = z.preprocess(
  toNumber,
  z.number({ error: "Must be a number" }).min(0, "Must be 0 or more").max(MAX_SALARY).optional(),
);

const pageSize = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    wholeFromOne().max(MAX_PAGE_SIZE, `Must be at most ${MAX_PAGE_SIZE}`).default(fallback),
  );

/** Query of GET /api/jobs and of the home page URL: spec §5 filters plus paging. */
export const jobSearchSchema = z.object({
  search: optionalText(200),
  location: optionalText(200),
  experienceLevel: optionalEnum(EXPERIENCE_LEVELS),
  employmentType: optionalEnum(EMPLOYMENT_TYPES),
  minSalary: optionalSalaryFilter,
  maxSalary: optionalSalaryFilter,
  /** Salary bounds compare within one currency: this one, INR when not given. Without bounds it filters nothing. */
  salaryCurrency: z.preprocess(blankToUndefined, currencyCode.optional()),
  datePosted: z.preprocess(blankToUndefined, enumField(DATE_POSTED).default("all")),
  gender: optionalEnum(GENDERS),
  englishLevel: optionalEnum(ENGLISH_LEVELS),
  page: z.preprocess(blankToUndefined, pageNumber),
  /** `relevance` (the default when there is text) or `newest`; without text the list is always newest first. */
  sort: z.preprocess(blankToUndefined, enumField(SEARCH_SORTS).optional()),
  limit: pageSize(HOME_PAGE_SIZE),
  /** Keyset paging (ADR 9): continues after a previous page's X-Next-Cursor, however deep. */
  cursor: searchCursorSchema,
});

export type JobSearch = z.output<typeof jobSearchSchema>;

/** The sidebar's filters whose options show how many results each would give (ADR 38). */
export type OptionFilter = "experienceLevel" | "employmentType" | "datePosted" | "gender" | "englishLevel";

/** Per filter, per option: how many results choosing it would give, exact or an estimate. */
export type OptionCounts = Partial<Record<OptionFilter, Record<string, { total: number; totalIsExact: boolean }>>>;

/** The order a search with text is in: its effective `sort`. */
export const sortOf = (search: Pick<JobSearch, "search" | "sort">): SearchSort =>
  search.search ? (search.sort ?? "relevance") : "newest";

/** Query of GET /api/all-jobs: bounded pages of every listing, followed by cursor (ADR 9). */
export const allJobsQuerySchema = z.object({
  limit: pageSize(MAX_PAGE_SIZE),
  cursor: cursorSchema,
});

/**
 * The filters of a search as URL parameters, defaults and paging left out: the same search's home page, feed or
 * alert link. Keys are jobSearchSchema's, so the answer parses back to the same filters.
 */
export function searchFilterParams(search: JobSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.search) params.set("search", search.search);
  if (search.location) params.set("location", search.location);
  if (search.experienceLevel) params.set("experienceLevel", search.experienceLevel);
  if (search.employmentType) params.set("employmentType", search.employmentType);
  if (search.minSalary !== undefined) params.set("minSalary", String(search.minSalary));
  if (search.maxSalary !== undefined) params.set("maxSalary", String(search.maxSalary));
  if (search.salaryCurrency && search.salaryCurrency !== DEFAULT_CURRENCY)
    params.set("salaryCurrency", search.salaryCurrency);
  if (search.datePosted !== "all") params.set("datePosted", search.datePosted);
  if (search.gender) params.set("gender", search.gender);
  if (search.englishLevel) params.set("englishLevel", search.englishLevel);
  if (search.sort) params.set("sort", search.sort);
  return params;
}

/** Items in a feed unless `limit` says otherwise: readers poll, so a feed holds more than a page. */
export const FEED_PAGE_SIZE = 50;

/** Query of /feeds/jobs.{rss,atom,json}: the search of GET /api/jobs, with a feed-sized default page. */
export const jobFeedQuerySchema = jobSearchSchema.extend({ limit: pageSize(FEED_PAGE_SIZE) });

export const jobIdSchema = z.uuid("Not a valid job id");

/** Spec §2: a card is hidden once postingDate + 30 days is past. */
export function isExpired(postingDate: string | Date, now: Date = new Date()): boolean {
  const posted = typeof postingDate === "string" ? new Date(postingDate) : postingDate;
  return posted.getTime() + LISTING_LIFETIME_DAYS * 24 * 60 * 60 * 1000 < now.getTime();
}
