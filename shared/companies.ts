import { z } from "zod";
import { jobFieldsSchema } from "#shared/job.ts";

/**
 * A company's details as its owner edits them (issue 32, ADR 42), in the job form's own words and rules: the same
 * fields a listing carries, written once on the company and shown on each of its listings.
 */
export const companyEditSchema = z.object({
  name: jobFieldsSchema.shape.companyName,
  industry: jobFieldsSchema.shape.Industry,
  description: jobFieldsSchema.shape.companyDec,
  logo: jobFieldsSchema.shape.companyLogo,
  site: jobFieldsSchema.shape.companySite,
  linkedin: jobFieldsSchema.shape.companyLinkedin,
  facebook: jobFieldsSchema.shape.companyFacebook,
  instagram: jobFieldsSchema.shape.companyInstagram,
  twitter: jobFieldsSchema.shape.companyTwitter,
});
export type CompanyEdit = z.output<typeof companyEditSchema>;
export type CompanyField = keyof CompanyEdit;
export const COMPANY_FIELDS = Object.keys(companyEditSchema.shape) as CompanyField[];

/** A company as the API and its page show it. */
export type Company = {
  id: string;
  slug: string;
  name: string;
  industry: string;
  description: string;
  logo: string | null;
  site: string | null;
  linkedin: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  verified: boolean;
  createdAt: string;
  updatedAt: string;
};

/** An admin's row in the companies list. */
export type AdminCompany = Company & {
  ownerEmail: string | null;
  /** The admin's decision, when there is one: it wins over the domain rule either way. */
  verifiedByAdmin: boolean | null;
  listings: number;
};

/** How many companies the admins' list shows a page. */
export const ADMIN_COMPANIES_PAGE_SIZE = 50;

export const companySlugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Not a company address");

export const companyVerificationSchema = z.object({
  verified: z.boolean({ error: "Must be true or false" }).nullable(),
});

export const companyMergeSchema = z.object({
  from: companySlugSchema,
  into: companySlugSchema,
});

/** The company page's query: its page of listings, like the home page's. */
export const companyPageQuerySchema = z.object({
  page: z.coerce.number().int("Must be a whole number").min(1, "Must be 1 or more").max(1000).default(1),
});

/**
 * Mail providers anyone can get an address at: an address there says nothing about who runs a company's site, so it
 * never verifies one by itself (an admin still can). Their country domains count too (yahoo.co.in, outlook.de).
 */
export const FREE_MAIL_PROVIDERS = [
  "gmail",
  "googlemail",
  "yahoo",
  "ymail",
  "rocketmail",
  "outlook",
  "hotmail",
  "live",
  "msn",
  "aol",
  "icloud",
  "me",
  "mac",
  "proton",
  "protonmail",
  "pm",
  "gmx",
  "mail",
  "yandex",
  "zoho",
  "rediffmail",
  "tutanota",
  "tuta",
  "fastmail",
  "hey",
  "qq",
  "163",
  "126",
] as const;

const hostOf = (site: string): string | undefined => {
  try {
    return new URL(site).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return undefined;
  }
};

const FREE_MAIL_DOMAIN = new RegExp(
  `^(?:${FREE_MAIL_PROVIDERS.join("|")})\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})$`,
);

/** Whether `domain` is a free-mail provider's, under any of its country domains (gmail.com, yahoo.co.in, proton.me). */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAIN.test(domain.toLowerCase());
}

/**
 * Top-level names nobody can register (RFC 2606, RFC 6761, RFC 6762, RFC 7686, RFC 8375, ICANN's .internal) and ones
 * used on private networks: a site there proves nothing about who owns a name.
 */
const PRIVATE_TOP_LEVEL = new Set([
  "test",
  "example",
  "invalid",
  "localhost",
  "local",
  "localdomain",
  "internal",
  "intranet",
  "lan",
  "home",
  "corp",
  "private",
  "onion",
  "arpa",
  "alt",
]);
/** The second-level names RFC 2606 reserves for examples. */
const EXAMPLE_DOMAIN = /(?:^|\.)example\.(?:com|net|org)$/;
/**
 * A country's second level that anyone registers under (co.uk, com.au, org.in) is no one's site: without this, an
 * address at evil.co.uk would verify a site of https://co.uk by the subdomain rule.
 */
const COUNTRY_SECOND_LEVEL = /^(?:co|com|net|org|ac|edu|gov|gob|go|ne|or|mil|ltd|plc|nic|biz|info)\.[a-z]{2}$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Whether `host` is a name someone can register on the public internet: two labels at least, a top-level name of
 * letters (an address such as 192.0.2.1 ends in digits), none of the reserved or private ones, and not a country's
 * open second level by itself.
 */
export function isRegistrableHost(host: string): boolean {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  const top = labels.at(-1) ?? "";
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  const name = labels.join(".");
  return (
    TOP_LEVEL.test(top) && !PRIVATE_TOP_LEVEL.has(top) && !EXAMPLE_DOMAIN.test(name) && !COUNTRY_SECOND_LEVEL.test(name)
  );
}

/**
 * The domain rule: a verified address on the company site's own domain (or a subdomain of it: jobs@hr.acme.com for
 * acme.com) verifies the company; a free-mail address never does, whatever the site says, nor a site on a name nobody
 * can register (https://test, https://localhost, an IP address).
 */
export function emailVerifiesSite(email: string, emailVerified: boolean, site: string | null): boolean {
  if (!emailVerified || !site) return false;
  const domain = email.toLowerCase().split("@")[1];
  const host = hostOf(site);
  if (!domain || !host || !isRegistrableHost(host) || isFreeMailDomain(domain)) return false;
  return domain === host || domain.endsWith(`.${host}`);
}
