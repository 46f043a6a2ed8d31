import { z } from "zod";
import { CURRENCY_CODES } from "#shared/currencies.ts";
import {
  APPLY_METHODS,
  EMPLOYMENT_TYPES,
  ENGLISH_LEVELS,
  EXPERIENCE_LEVELS,
  GENDERS,
  SALARY_TYPES,
  type Job,
} from "#shared/job.ts";
import { JOB_STATUSES } from "#shared/moderation.ts";
import type { Company } from "#shared/companies.ts";

/**
 * The answers of the public JSON API as zod schemas: the OpenAPI document (/api/openapi.json) is generated from
 * these and from the request schemas the server validates with, and the contract tests hold every answer to them.
 */

const nullableText = z.string().nullable();

/** A listing as the API returns it (the spec's wire names, typos included). */
export const jobSchema = z
  .object({
    _id: z.uuid(),
    jobTitle: z.string(),
    companyName: z.string(),
    Industry: z.string(),
    companySite: nullableText,
    higherEducation: nullableText,
    companyLogo: nullableText,
    description: z.string(),
    companyDec: z.string(),
    responsibilities: nullableText,
    requirements: nullableText,
    postionopens: z.number(),
    postingDate: z.iso.datetime(),
    minPrice: z.string().describe("A number, as text (the original product's format)"),
    maxPrice: z.string().describe("A number, as text (the original product's format)"),
    salaryType: z.enum(SALARY_TYPES),
    salaryCurrency: z
      .enum(CURRENCY_CODES)
      .describe("ISO 4217 code of minPrice and maxPrice; INR for listings posted without one"),
    jobLocation: z.string(),
    englishLevel: z.enum(ENGLISH_LEVELS),
    gender: z.enum(GENDERS),
    experienceLevel: z.enum(EXPERIENCE_LEVELS),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    skills: z.array(z.object({ value: z.string(), label: z.string() })),
    postedByEmail: nullableText,
    postedByNumber: nullableText,
    applyLink: nullableText.describe("Null where applications arrive on the board or by email and no link was given"),
    applyMethod: z.enum(APPLY_METHODS).nullable().describe("How seekers apply; null behaves as link"),
    companyLinkedin: nullableText,
    companyFacebook: nullableText,
    companyInstgram: nullableText,
    companyInstagram: nullableText.describe("The same as companyInstgram, correctly spelt"),
    companyTwitter: nullableText,
    companyId: z.uuid().describe("The listing's company: the company fields above are its details"),
    companySlug: z.string().describe("The company's page is /companies/{companySlug}"),
    companyVerified: z.boolean().describe("Whether the company is verified (its own domain, or an admin)"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Job", title: "Job" });

// The schema and the Job type the server builds answers with must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const JOB_SCHEMA_MATCHES_JOB: Same<z.output<typeof jobSchema>, Job> = true;

/** Only `published` listings are shown to others; `pending` ones wait for review or for the address to be verified. */
const jobStatusSchema = z
  .enum(JOB_STATUSES)
  .describe("Where the listing stands: only published listings are shown to others");

/** A listing as its owner sees it in My Listings: with its status and, when rejected or hidden, why. */
export const ownedJobSchema = jobSchema
  .extend({ status: jobStatusSchema, statusReason: nullableText })
  .meta({ id: "OwnedJob", title: "OwnedJob" });

export const postJobAnswerSchema = z
  .object({
    acknowledged: z.literal(true),
    insertedId: z.uuid(),
    status: jobStatusSchema,
    awaitingVerification: z
      .boolean()
      .describe("Pending until the employer verifies their email address (otherwise a pending listing awaits review)"),
  })
  .meta({ id: "PostJobAnswer" });
export type PostJobAnswer = z.output<typeof postJobAnswerSchema>;
export const updateJobAnswerSchema = z
  .object({
    acknowledged: z.literal(true),
    matchedCount: z.number().int(),
    modifiedCount: z.number().int(),
    status: jobStatusSchema,
  })
  .meta({ id: "UpdateJobAnswer" });
export const deleteJobAnswerSchema = z
  .object({ acknowledged: z.literal(true), deletedCount: z.number().int() })
  .meta({ id: "DeleteJobAnswer" });

export const blogPostSchema = z
  .object({ title: z.string(), date: z.iso.date(), content: z.string() })
  .meta({ id: "BlogPost", title: "BlogPost" });

/** Each read replica as the last background check found it; only `fit` ones take reads (ADR 39). */
export const replicaHealthSchema = z
  .object({
    name: z.string().meta({ description: "host:port/database, without credentials" }),
    state: z.enum(["unchecked", "fit", "lagging", "down"]),
    lagSeconds: z
      .number()
      .nullable()
      .meta({ description: "Replay lag at the last check; null when it did not answer" }),
    checkedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ReplicaHealth" });

export const healthSchema = z
  .object({
    status: z.literal("ok"),
    replicas: z
      .array(replicaHealthSchema)
      .optional()
      .meta({ description: "Only with DATABASE_REPLICA_URLS; a replica that is away or behind leaves status ok" }),
  })
  .meta({ id: "Health" });

/** The answer of a write that has nothing more to say: an alert stored, a report taken. */
export const okAnswerSchema = z.object({ ok: z.literal(true) });

/** better-auth's `GET /api/auth/token` (its jwt plugin): the short-lived token that token sync sends on (ADR 16). */
export const authTokenAnswerSchema = z.object({ token: z.string().min(1) });

/** better-auth's answer to starting a TOTP enrolment (`/api/auth/two-factor/enable`). */
export const twoFactorEnrolmentSchema = z.object({
  totpURI: z.string().startsWith("otpauth://"),
  backupCodes: z.array(z.string()),
});

/** A company as the API returns it (issue 32): its details, shown on every listing of it. */
export const companySchema = z
  .object({
    id: z.uuid(),
    slug: z.string().describe("Its page is /companies/{slug}"),
    name: z.string(),
    industry: z.string(),
    description: z.string(),
    logo: nullableText,
    site: nullableText,
    linkedin: nullableText,
    facebook: nullableText,
    instagram: nullableText,
    twitter: nullableText,
    verified: z
      .boolean()
      .describe(
        "The Verified badge: an admin's decision, else whether the owner's verified address is on the site's domain (a free-mail address never is)",
      ),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Company", title: "Company" });
export const COMPANY_SCHEMA_MATCHES_COMPANY: Same<z.output<typeof companySchema>, Company> = true;
