import type { ExternalJob } from "#shared/sources.ts";
import type { Env } from "#server/env.ts";
import {
  defineConnector,
  fetchSource,
  isRaw,
  recordsIn,
  type Connector,
  type ConnectorDeps,
} from "#server/sources/connector.ts";
import { parseJson } from "#server/sources/upstream.ts";
import {
  isoDate,
  plainText,
  positiveNumber,
  salaryPeriod,
  stringList,
  textToHtml,
  webUrl,
} from "#server/sources/normalise.ts";
import { sanitiseHtml } from "#server/sources/sanitise.ts";

/** JobWiz ("Job Search API" on RapidAPI) has no page-size parameter; 10 a page has been observed. */
const OBSERVED_PAGE_SIZE = 10;

export function normaliseJobWiz(raw: unknown): ExternalJob | null {
  if (!isRaw(raw) || (typeof raw.id !== "string" && typeof raw.id !== "number") || String(raw.id).trim() === "")
    return null;
  // The real API nests salary; the spec's description has flat salary_min/salary_max.
  const salary = isRaw(raw.salary) ? raw.salary : {};
  const salaryMin = positiveNumber(salary.min_salary ?? raw.salary_min);
  const salaryMax = positiveNumber(salary.max_salary ?? raw.salary_max);
  const hasSalary = salaryMin !== null || salaryMax !== null;
  const employment = [raw.employment_hour_type, raw.employment_type]
    .map((value) => plainText(value, 100))
    .filter(Boolean);
  const html = [raw.html_description, raw.description].find(
    (value) => typeof value === "string" && value.trim() !== "",
  );
  return {
    source: "jobwiz",
    upstreamId: String(raw.id).trim(),
    title: plainText(raw.title),
    company: plainText(raw.company_name),
    logo: webUrl(raw.company_logo),
    location: plainText(raw.location),
    employmentType: employment.length ? employment.join(", ") : null,
    salaryMin,
    salaryMax,
    salaryCurrency: hasSalary ? plainText(salary.currency, 16) : null,
    salaryPeriod: hasSalary ? salaryPeriod(salary.salary_type) : null,
    descriptionHtml: sanitiseHtml(typeof html === "string" ? html : null) ?? textToHtml(raw.plain_text_description),
    tags: stringList(raw.tags),
    postedAt: isoDate(raw.publication_time ?? raw.post_date),
    applyUrl: webUrl(raw.application_url) ?? webUrl(raw.job_url),
  };
}

export function createJobWizConnector(env: Env, deps: ConnectorDeps): Connector {
  return defineConnector("jobwiz", {
    required: { JOBWIZ_API_KEY: env.JOBWIZ_API_KEY },
    intervalMinutes: env.JOBWIZ_INTERVAL_MINUTES,
    async fetchRecords(signal) {
      const jobs: (ExternalJob | null)[] = [];
      for (let page = 1; page <= env.JOBWIZ_PAGES; page++) {
        const url = new URL(env.JOBWIZ_URL);
        url.searchParams.set("q", env.JOBWIZ_QUERY);
        url.searchParams.set("page", String(page));
        if (env.JOBWIZ_COUNTRY) url.searchParams.set("country", env.JOBWIZ_COUNTRY);
        if (env.JOBWIZ_CITY) url.searchParams.set("city", env.JOBWIZ_CITY);
        const body = await fetchSource(url, {
          base: env.JOBWIZ_URL,
          deps,
          signal,
          request: { headers: { "x-rapidapi-key": env.JOBWIZ_API_KEY ?? "", "x-rapidapi-host": url.host } },
        });
        const data = recordsIn(parseJson(body), "jobs");
        jobs.push(...data.jobs.map(normaliseJobWiz));
        // No total in the real API (the spec's variant has total_results): stop on an empty or short page.
        const total = typeof data.total_results === "number" ? data.total_results : Infinity;
        if (data.jobs.length < OBSERVED_PAGE_SIZE || jobs.length >= total) break;
      }
      return jobs;
    },
  });
}
