import type { ExternalJob } from "#shared/sources.ts";
import type { Env } from "#server/env.ts";
import { defineConnector, fetchSource, isRaw, type Connector, type ConnectorDeps } from "#server/sources/connector.ts";
import { parseJson, UpstreamError } from "#server/sources/upstream.ts";
import {
  epochToIso,
  isoDate,
  plainText,
  positiveNumber,
  repairMojibake,
  stringList,
  webUrl,
} from "#server/sources/normalise.ts";
import { sanitiseHtml } from "#server/sources/sanitise.ts";

/** RemoteOK appends an anti-spam instruction to applicants ("mention the word …"); it reads like spam on our page. */
const ANTI_SPAM = /[^<>]*\bmention the word\b[^<>]*/gi;

/** One element of RemoteOK's array; element 0 is a legal notice, not a job, and is skipped here. */
export function normaliseRemoteOk(raw: unknown): ExternalJob | null {
  if (!isRaw(raw) || (typeof raw.id !== "string" && typeof raw.id !== "number") || !raw.position) return null;
  const salaryMin = positiveNumber(raw.salary_min);
  const salaryMax = positiveNumber(raw.salary_max);
  const hasSalary = salaryMin !== null || salaryMax !== null;
  const description =
    typeof raw.description === "string" ? repairMojibake(raw.description).replace(ANTI_SPAM, "") : null;
  return {
    source: "remoteok",
    upstreamId: String(raw.id),
    title: plainText(raw.position),
    company: plainText(raw.company),
    logo: webUrl(raw.company_logo) ?? webUrl(raw.logo),
    location: plainText(raw.location),
    employmentType: null,
    salaryMin,
    salaryMax,
    // RemoteOK has no currency or period fields; integrators agree on USD a year.
    salaryCurrency: hasSalary ? "USD" : null,
    salaryPeriod: hasSalary ? "year" : null,
    descriptionHtml: sanitiseHtml(description),
    tags: stringList(raw.tags),
    postedAt: epochToIso(raw.epoch) ?? isoDate(raw.date),
    // The terms ask for a direct, followed link to the job's Remote OK page.
    applyUrl: webUrl(raw.url) ?? webUrl(raw.apply_url),
  };
}

export function createRemoteOkConnector(env: Env, deps: ConnectorDeps): Connector {
  return defineConnector("remoteok", {
    intervalMinutes: env.REMOTEOK_INTERVAL_MINUTES,
    async fetchRecords(signal) {
      const data = parseJson(await fetchSource(new URL(env.REMOTEOK_URL), { base: env.REMOTEOK_URL, deps, signal }));
      // RemoteOK alone answers with a bare array.
      if (!Array.isArray(data)) throw new UpstreamError("Expected a JSON array of jobs");
      return data.map(normaliseRemoteOk);
    },
  });
}
