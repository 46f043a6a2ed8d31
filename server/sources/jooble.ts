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
import { isoDate, parseSalaryText, plainText, stringList, webUrl } from "#server/sources/normalise.ts";
import { sanitiseHtml } from "#server/sources/sanitise.ts";

const RESULTS_PER_PAGE = 50;

/**
 * Jooble ids are signed 64-bit integers; JSON.parse rounds them (2489493276763186316 → …186000).
 * Quote every numeric `"id"` value before parsing so it arrives as the exact string.
 */
export function parseJoobleJson(text: string): unknown {
  return parseJson(text.replace(/("id"\s*:\s*)(-?\d+)(?=\s*[,}\]])/g, '$1"$2"'));
}

/** `…/desc/<id>?…` or `…/away/<id>?…`: the id in Jooble's own links, when the record has none. */
function idFromLink(link: unknown): string | null {
  if (typeof link !== "string") return null;
  return /\/(?:desc|away)\/(-?\d+)/.exec(link)?.[1] ?? null;
}

export function normaliseJooble(raw: unknown): ExternalJob | null {
  if (!isRaw(raw)) return null;
  const id = typeof raw.id === "string" || typeof raw.id === "number" ? String(raw.id) : idFromLink(raw.link);
  if (!id) return null;
  return {
    source: "jooble",
    upstreamId: id,
    title: plainText(raw.title),
    company: plainText(raw.company),
    logo: webUrl(raw.company_logo),
    location: plainText(raw.location),
    employmentType: plainText(raw.type, 200),
    ...parseSalaryText(raw.salary),
    descriptionHtml: sanitiseHtml(typeof raw.snippet === "string" ? raw.snippet : null),
    tags: stringList(raw.tags),
    postedAt: isoDate(raw.updated),
    applyUrl: webUrl(raw.link),
  };
}

export function createJoobleConnector(env: Env, deps: ConnectorDeps): Connector {
  return defineConnector("jooble", {
    required: { JOOBLE_API_KEY: env.JOOBLE_API_KEY },
    intervalMinutes: env.JOOBLE_INTERVAL_MINUTES,
    async fetchRecords(signal) {
      const jobs: (ExternalJob | null)[] = [];
      const url = new URL(`${env.JOOBLE_URL.replace(/\/$/, "")}/${encodeURIComponent(env.JOOBLE_API_KEY ?? "")}`);
      for (let page = 1; page <= env.JOOBLE_PAGES; page++) {
        const body = await fetchSource(url, {
          base: env.JOOBLE_URL,
          deps,
          signal,
          request: {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              keywords: env.JOOBLE_KEYWORDS,
              location: env.JOOBLE_LOCATION,
              page: String(page),
              ResultOnPage: String(RESULTS_PER_PAGE),
            }),
          },
        });
        const data = recordsIn(parseJoobleJson(body), "jobs");
        jobs.push(...data.jobs.map(normaliseJooble));
        const total = typeof data.totalCount === "number" ? data.totalCount : Infinity;
        if (data.jobs.length === 0 || page * RESULTS_PER_PAGE >= total) break;
      }
      return jobs;
    },
  });
}
