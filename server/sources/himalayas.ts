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
import { epochToIso, plainText, positiveNumber, stringList, webUrl } from "#server/sources/normalise.ts";
import { sanitiseHtml } from "#server/sources/sanitise.ts";

/** Himalayas serves at most 20 jobs a request. */
const PAGE_SIZE = 20;

const PERIODS: Record<string, ExternalJob["salaryPeriod"]> = {
  hourly: "hour",
  daily: "day",
  weekly: "week",
  fortnightly: "fortnight",
  monthly: "month",
  annual: "year",
  yearly: "year",
};

/** Live data has country-name strings, the docs objects, the spec one string; [] means worldwide. */
function locationText(value: unknown): string | null {
  if (typeof value === "string") return plainText(value);
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return "Worldwide";
  const names = value.map((item) => (isRaw(item) ? (item.name ?? item.alpha2 ?? item.slug) : item));
  return plainText(stringList(names, 100).join(", "));
}

export function normaliseHimalayas(raw: unknown): ExternalJob | null {
  if (!isRaw(raw)) return null;
  const id = [raw.guid, raw.applicationLink, raw.id].find((value) => typeof value === "string" && value.trim() !== "");
  if (typeof id !== "string") return null;
  const salaryMin = positiveNumber(raw.minSalary ?? raw.salary_min);
  const salaryMax = positiveNumber(raw.maxSalary ?? raw.salary_max);
  const hasSalary = salaryMin !== null || salaryMax !== null;
  const period = typeof raw.salaryPeriod === "string" ? (PERIODS[raw.salaryPeriod.toLowerCase()] ?? null) : null;
  const categories = Array.isArray(raw.categories)
    ? raw.categories.map((c) => (typeof c === "string" ? c.replace(/-/g, " ") : c))
    : [];
  return {
    source: "himalayas",
    upstreamId: id.trim(),
    title: plainText(raw.title),
    company: plainText(raw.companyName),
    logo: webUrl(raw.companyLogo),
    location: locationText(raw.locationRestrictions),
    employmentType: plainText(raw.employmentType, 200),
    salaryMin,
    salaryMax,
    salaryCurrency: hasSalary ? plainText(raw.currency, 16) : null,
    // Himalayas salaries are not annualised: keep the period it gives.
    salaryPeriod: hasSalary ? period : null,
    descriptionHtml: sanitiseHtml(typeof raw.description === "string" ? raw.description : null),
    tags: stringList(categories),
    postedAt: epochToIso(raw.pubDate),
    applyUrl: webUrl(raw.applicationLink) ?? webUrl(raw.guid),
  };
}

export function createHimalayasConnector(env: Env, deps: ConnectorDeps): Connector {
  return defineConnector("himalayas", {
    intervalMinutes: env.HIMALAYAS_INTERVAL_MINUTES,
    async fetchRecords(signal) {
      const jobs: (ExternalJob | null)[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < env.HIMALAYAS_PAGES; page++) {
        const url = new URL(env.HIMALAYAS_URL);
        url.searchParams.set("limit", String(PAGE_SIZE));
        // `cursor` replaced the deprecated `offset`; fall back to offset when no cursor comes back.
        if (cursor) url.searchParams.set("cursor", cursor);
        else if (page > 0) url.searchParams.set("offset", String(page * PAGE_SIZE));
        const data = recordsIn(parseJson(await fetchSource(url, { base: env.HIMALAYAS_URL, deps, signal })), "jobs");
        jobs.push(...data.jobs.map(normaliseHimalayas));
        // Pages hold 17–20 jobs while reporting limit 20, so only an empty page ends the feed.
        if (data.jobs.length === 0) break;
        cursor = typeof data.nextCursor === "string" && data.nextCursor ? data.nextCursor : null;
        if (data.nextCursor === null) break;
      }
      return jobs;
    },
  });
}
