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
import { isoDate, plainText, positiveNumber, textToHtml, webUrl } from "#server/sources/normalise.ts";

/** Adzuna has no currency field: salaries are in the market's own currency. */
const MARKET_CURRENCIES: Record<string, string> = {
  gb: "GBP",
  us: "USD",
  at: "EUR",
  au: "AUD",
  be: "EUR",
  br: "BRL",
  ca: "CAD",
  ch: "CHF",
  de: "EUR",
  es: "EUR",
  fr: "EUR",
  in: "INR",
  it: "EUR",
  mx: "MXN",
  nl: "EUR",
  nz: "NZD",
  pl: "PLN",
  sg: "SGD",
  za: "ZAR",
};

const CONTRACT_LABELS: Record<string, string> = {
  permanent: "Permanent",
  contract: "Contract",
  full_time: "Full-time",
  part_time: "Part-time",
};

/** Adzuna's results per page is capped at 50. */
const RESULTS_PER_PAGE = 50;

export function normaliseAdzuna(raw: unknown, country: string): ExternalJob | null {
  if (!isRaw(raw) || (typeof raw.id !== "string" && typeof raw.id !== "number")) return null;
  const company = isRaw(raw.company) ? raw.company : {};
  const location = isRaw(raw.location) ? raw.location : {};
  const category = isRaw(raw.category) ? raw.category : {};
  // Predicted salaries are Adzuna's model estimates; its terms want them labelled, so we leave them out.
  const predicted = String(raw.salary_is_predicted ?? "0") === "1";
  const salaryMin = predicted ? null : positiveNumber(raw.salary_min);
  const salaryMax = predicted ? null : positiveNumber(raw.salary_max);
  const contract = [raw.contract_type, raw.contract_time]
    .map((value) => (typeof value === "string" ? CONTRACT_LABELS[value] : undefined))
    .filter(Boolean)
    .join(", ");
  const categoryLabel = category.tag !== "unknown" ? plainText(category.label, 200) : null;
  return {
    source: "adzuna",
    upstreamId: String(raw.id),
    title: plainText(raw.title),
    company: plainText(company.display_name),
    logo: null,
    location: plainText(location.display_name),
    employmentType: contract || null,
    salaryMin,
    salaryMax,
    salaryCurrency: salaryMin !== null || salaryMax !== null ? (MARKET_CURRENCIES[country] ?? null) : null,
    salaryPeriod: salaryMin !== null || salaryMax !== null ? "year" : null,
    // Adzuna's highlight <strong> tags and entities become plain text.
    descriptionHtml: textToHtml(typeof raw.full_description === "string" ? raw.full_description : raw.description),
    tags: categoryLabel ? [categoryLabel] : [],
    postedAt: isoDate(raw.created),
    applyUrl: webUrl(raw.redirect_url),
  };
}

export function createAdzunaConnector(env: Env, deps: ConnectorDeps): Connector {
  const country = env.ADZUNA_COUNTRY;
  return defineConnector("adzuna", {
    required: { ADZUNA_APP_ID: env.ADZUNA_APP_ID, ADZUNA_APP_KEY: env.ADZUNA_APP_KEY },
    intervalMinutes: env.ADZUNA_INTERVAL_MINUTES,
    async fetchRecords(signal) {
      const jobs: (ExternalJob | null)[] = [];
      for (let page = 1; page <= env.ADZUNA_PAGES; page++) {
        const url = new URL(`${env.ADZUNA_URL.replace(/\/$/, "")}/${encodeURIComponent(country)}/search/${page}`);
        url.searchParams.set("app_id", env.ADZUNA_APP_ID ?? "");
        url.searchParams.set("app_key", env.ADZUNA_APP_KEY ?? "");
        url.searchParams.set("results_per_page", String(RESULTS_PER_PAGE));
        url.searchParams.set("sort_by", "date");
        if (env.ADZUNA_WHAT) url.searchParams.set("what", env.ADZUNA_WHAT);
        const data = recordsIn(parseJson(await fetchSource(url, { base: env.ADZUNA_URL, deps, signal })), "results");
        jobs.push(...data.results.map((result) => normaliseAdzuna(result, country)));
        const count = typeof data.count === "number" ? data.count : Infinity;
        if (data.results.length === 0 || page * RESULTS_PER_PAGE >= count) break;
      }
      return jobs;
    },
  });
}
