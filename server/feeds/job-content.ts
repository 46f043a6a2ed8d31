import { appliesAtLink, type Job } from "#shared/job.ts";
import { escapeMarkup } from "#server/feeds/markup.ts";

/** Where a listing lives on the board. */
export const jobPageUrl = (baseUrl: string, job: Pick<Job, "_id">) => `${baseUrl}/jobs/${job._id}`;

/**
 * Where a reader applies: the listing's own link where Apply opens it, otherwise the listing's page, whose Apply
 * follows the employer's choice (the board's form, or a mail).
 */
export const applyUrl = (baseUrl: string, job: Job) =>
  appliesAtLink(job.applyMethod) && job.applyLink ? job.applyLink : jobPageUrl(baseUrl, job);

/** "50000 - 90000 INR / Monthly": the detail page's figures, with the currency code a reader cannot guess. */
export const salaryText = (job: Pick<Job, "minPrice" | "maxPrice" | "salaryType" | "salaryCurrency">) =>
  `${job.minPrice} - ${job.maxPrice} ${job.salaryCurrency} / ${job.salaryType}`;

const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escapeMarkup(part).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");

const section = (heading: string, text: string | null) =>
  text ? `<h3>${escapeMarkup(heading)}</h3>${paragraphs(text)}` : "";

/**
 * A listing as HTML for feed readers: the job fields, then the full description (feeds that truncate drew
 * complaints), responsibilities, requirements and the apply link. Every piece of text is escaped: listings are
 * written by anyone who signs up.
 */
export function jobContentHtml(baseUrl: string, job: Job): string {
  const fields: [string, string][] = [
    ["Company", job.companyName],
    ["Location", job.jobLocation],
    ["Salary", salaryText(job)],
    ["Type", job.employmentType],
    ["Experience", job.experienceLevel],
  ];
  return [
    `<ul>${fields.map(([label, value]) => `<li><strong>${label}:</strong> ${escapeMarkup(value)}</li>`).join("")}</ul>`,
    paragraphs(job.description),
    section("Responsibilities", job.responsibilities),
    section("Requirements", job.requirements),
    `<p><a href="${escapeMarkup(applyUrl(baseUrl, job))}">Apply</a></p>`,
  ].join("");
}
