import type { Job } from "#shared/job.ts";
import { streamBatches } from "#shared/stream-batches.ts";
import { jobContentHtml, jobPageUrl } from "#server/feeds/job-content.ts";
import { cdata, escapeMarkup } from "#server/feeds/markup.ts";

const JOB_TYPES: Record<string, string> = { "Full-time": "fulltime", "Part-time": "parttime", Contract: "contract" };
const PERIODS: Record<string, string> = { Hourly: "hour", Monthly: "month", Yearly: "year" };

/**
 * Our locations are free text ("Bengaluru, Karnataka, India"). Aggregators want city, state and country apart:
 * the first part is the city, a last part after a comma the country, anything between the state.
 */
export function splitLocation(location: string): { city: string; state: string; country: string } {
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length <= 1) return { city: parts[0] ?? "", state: "", country: "" };
  return { city: parts[0] as string, state: parts.slice(1, -1).join(", "), country: parts.at(-1) as string };
}

const field = (name: string, text: string) => `<${name}>${cdata(text)}</${name}>`;

/** One `<job>` of the Indeed XML format; the reference number is the listing's id, which never changes. */
export function syndicationJobXml(baseUrl: string, job: Job): string {
  const { city, state, country } = splitLocation(job.jobLocation);
  return [
    "<job>",
    field("title", job.jobTitle),
    field("date", new Date(job.postingDate).toUTCString()),
    field("referencenumber", job._id),
    field("requisitionid", job._id),
    field("url", jobPageUrl(baseUrl, job)),
    field("company", job.companyName),
    field("city", city),
    field("state", state),
    field("country", country),
    field("description", jobContentHtml(baseUrl, job)),
    field(
      "salary",
      `${job.minPrice} - ${job.maxPrice} ${job.salaryCurrency} per ${PERIODS[job.salaryType] ?? job.salaryType}`,
    ),
    field("jobtype", JOB_TYPES[job.employmentType] ?? job.employmentType),
    field("experience", job.experienceLevel),
    "</job>",
  ].join("");
}

/**
 * The whole syndication feed, written batch by batch as the database gives them: aggregators reject partial feeds,
 * so it is never capped, and memory holds one batch however many listings there are.
 */
export function syndicationXmlStream({
  baseUrl,
  publisher,
  batches,
  now = new Date(),
}: {
  baseUrl: string;
  publisher: string;
  batches: AsyncIterable<Job[]>;
  now?: Date;
}): ReadableStream<Uint8Array> {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<source>",
    `<publisher>${escapeMarkup(publisher)}</publisher>`,
    `<publisherurl>${escapeMarkup(baseUrl)}</publisherurl>`,
    `<lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    "",
  ];
  return streamBatches({
    head: head.join("\n"),
    foot: "</source>\n",
    batches,
    render: (job) => syndicationJobXml(baseUrl, job),
  });
}
