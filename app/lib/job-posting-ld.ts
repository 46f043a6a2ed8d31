import { countryOfLocation, DEFAULT_COUNTRY } from "#shared/countries.ts";
import { LISTING_LIFETIME_DAYS, type Job } from "#shared/job.ts";
import { escapeHtml } from "#shared/html.ts";
import { toBulletLines } from "#app/lib/format.ts";
import { organizationId } from "#app/lib/organization-ld.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const EMPLOYMENT_TYPE: Record<Job["employmentType"], string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
};

const SALARY_UNIT: Record<Job["salaryType"], string> = {
  Hourly: "HOUR",
  Monthly: "MONTH",
  Yearly: "YEAR",
};

function section(heading: string, text: string | null): string {
  const lines = toBulletLines(text);
  if (lines.length === 0) return "";
  return `<p><strong>${heading}</strong></p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
}

/** Google for Jobs wants the full description as HTML; ours is plain lines, so it becomes paragraphs and lists. */
function descriptionHtml(job: Job): string {
  const paragraphs = toBulletLines(job.description)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
  return paragraphs + section("Responsibilities", job.responsibilities) + section("Requirements", job.requirements);
}

export function validThrough(postingDate: string): string {
  return new Date(new Date(postingDate).getTime() + LISTING_LIFETIME_DAYS * DAY_MS).toISOString();
}

/**
 * schema.org JobPosting for one of our own listings (https://developers.google.com/search/docs/appearance/structured-data/job-posting).
 * `companyUrl`: the company's page on the board; the hiring organization is the one that page describes (same `@id`).
 */
export function jobPostingLd(job: Job, pageUrl: string, companyUrl: string) {
  const remote = /\bremote\b/i.test(job.jobLocation);
  // The board began in India: a location that names no country is there.
  const country = countryOfLocation(job.jobLocation) ?? DEFAULT_COUNTRY;
  const employmentType = [
    EMPLOYMENT_TYPE[job.employmentType],
    ...(job.experienceLevel === "Internship" ? ["INTERN"] : []),
  ];
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.jobTitle,
    description: descriptionHtml(job),
    identifier: { "@type": "PropertyValue", name: job.companyName, value: job._id },
    datePosted: new Date(job.postingDate).toISOString(),
    validThrough: validThrough(job.postingDate),
    employmentType,
    hiringOrganization: {
      "@type": "Organization",
      "@id": organizationId(companyUrl),
      name: job.companyName,
      url: companyUrl,
      ...(job.companySite ? { sameAs: job.companySite } : {}),
      ...(job.companyLogo ? { logo: job.companyLogo } : {}),
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        ...(remote ? {} : { addressLocality: job.jobLocation }),
        addressCountry: country.code,
      },
    },
    ...(remote
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: country.name } }
      : {}),
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: job.salaryCurrency,
      value: {
        "@type": "QuantitativeValue",
        minValue: Number(job.minPrice),
        maxValue: Number(job.maxPrice),
        unitText: SALARY_UNIT[job.salaryType],
      },
    },
    ...(job.skills.length > 0 ? { skills: job.skills.map((skill) => skill.label).join(", ") } : {}),
    totalJobOpenings: job.postionopens,
    url: pageUrl,
    // True only where the seeker applies on this page's board itself (issue 31), not at a link or by mail.
    directApply: job.applyMethod === "board",
  };
}
