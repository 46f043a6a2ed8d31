import { describeSearch, DIGEST_MAX_JOBS } from "#shared/alerts.ts";
import { escapeHtml } from "#shared/html.ts";
import type { Job } from "#shared/job.ts";
import { salaryInText } from "#shared/money.ts";

const salaryOf = (job: Job) => salaryInText(job.minPrice, job.maxPrice, job.salaryType, job.salaryCurrency);

export type AlertLinks = { seeAll: string; unsubscribe: string; manage: string };

/** RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the HTTPS link. */
export const unsubscribeHeaders = (links: AlertLinks) => ({
  "List-Unsubscribe": `<${links.unsubscribe}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export function confirmationMail({
  search,
  confirmUrl,
  frequency,
}: {
  search: Record<string, string>;
  confirmUrl: string;
  frequency: string;
}) {
  const what = describeSearch(search);
  return {
    subject: `Confirm your job alert: ${what}`,
    text: [
      `Someone (we hope you) asked for ${frequency} emails of new jobs matching: ${what}.`,
      "",
      `Confirm the alert: ${confirmUrl}`,
      "",
      "The link works for 48 hours. If you did not ask for this, ignore this mail: nothing will be sent.",
    ].join("\n"),
    html: `<p>Someone (we hope you) asked for ${escapeHtml(frequency)} emails of new jobs matching: <strong>${escapeHtml(what)}</strong>.</p><p><a href="${escapeHtml(confirmUrl)}">Confirm the alert</a></p><p>The link works for 48 hours. If you did not ask for this, ignore this mail: nothing will be sent.</p>`,
  };
}

/** A digest: the newest listings (at most DIGEST_MAX_JOBS), a link to the whole search, and the way out. */
export function digestMail({
  search,
  jobs,
  more,
  links,
  jobUrl,
}: {
  search: Record<string, string>;
  jobs: Job[];
  more: boolean;
  links: AlertLinks;
  jobUrl: (job: Job) => string;
}) {
  const what = describeSearch(search);
  const count = more ? `${DIGEST_MAX_JOBS}+` : String(jobs.length);
  const line = (job: Job) => `${job.jobTitle} at ${job.companyName}, ${job.jobLocation} (${salaryOf(job)})`;
  return {
    subject: `${count} new ${jobs.length === 1 && !more ? "job" : "jobs"}: ${what}`,
    text: [
      `New jobs matching ${what}:`,
      "",
      ...jobs.flatMap((job) => [line(job), jobUrl(job), ""]),
      `See all jobs like these: ${links.seeAll}`,
      "",
      `Manage your alerts: ${links.manage}`,
      `Unsubscribe from this alert: ${links.unsubscribe}`,
    ].join("\n"),
    html: [
      `<p>New jobs matching <strong>${escapeHtml(what)}</strong>:</p><ul>`,
      ...jobs.map(
        (job) =>
          `<li><a href="${escapeHtml(jobUrl(job))}">${escapeHtml(job.jobTitle)}</a> at ${escapeHtml(job.companyName)}, ${escapeHtml(job.jobLocation)}<br>${escapeHtml(salaryOf(job))}</li>`,
      ),
      `</ul><p><a href="${escapeHtml(links.seeAll)}">See all jobs like these</a></p>`,
      `<p><a href="${escapeHtml(links.manage)}">Manage your alerts</a> · <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
    ].join(""),
  };
}
