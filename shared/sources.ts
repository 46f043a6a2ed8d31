import { z } from "zod";
import { NO_NUL, NUL_MESSAGE } from "#shared/job.ts";
import { pageNumber, wholeFromOne } from "#shared/job-paging.ts";

/** The external sources we ingest; the order is the hub's and GET /api/sources'. */
export const SOURCES = ["remoteok", "adzuna", "himalayas", "jooble", "jobwiz"] as const;
export type SourceId = (typeof SOURCES)[number];

export const SOURCE_NAMES: Record<SourceId, string> = {
  remoteok: "RemoteOk",
  adzuna: "Adzuna",
  himalayas: "Himalayas",
  jooble: "Jooble",
  jobwiz: "JobWiz",
};

/** Each source's page on the site (spec §8 routes). */
export const SOURCE_PATHS: Record<SourceId, string> = {
  remoteok: "remoteok",
  adzuna: "adzunajobs",
  himalayas: "himalayasjobs",
  jooble: "jooblejobs",
  jobwiz: "jobwiz",
};

/** The source whose page is at this path ("/remoteok", "/remoteok/"), if any. */
export function sourceAtPath(pathname: string): SourceId | undefined {
  const segment = pathname.replace(/^\/+|\/+$/g, "");
  return SOURCES.find((source) => SOURCE_PATHS[source] === segment);
}

/** Spec §9 page sizes; null means the page shows every stored listing (RemoteOK, Himalayas). */
export const SOURCE_PAGE_SIZES: Record<SourceId, number | null> = {
  remoteok: null,
  adzuna: 51,
  himalayas: null,
  jooble: 20,
  jobwiz: 20,
};

/** Unpaged pages still stop somewhere: RemoteOK's snapshot is ~100 jobs and Himalayas' ingest a few pages. */
export const UNPAGED_LIMIT = 500;
export const MAX_EXTERNAL_LIMIT = 500;

export const SALARY_PERIODS = ["hour", "day", "week", "fortnight", "month", "year"] as const;

const text = (max: number) => z.string().max(max).nullable();

/**
 * One listing from any source after its connector normalised it: ids are strings (Jooble's overflow a JS
 * number), dates ISO, descriptions already-sanitised HTML. Server (ingest, API) and pages share it.
 */
export const externalJobSchema = z.object({
  source: z.enum(SOURCES),
  upstreamId: z.string().min(1).max(2048),
  title: text(1000),
  company: text(500),
  logo: text(2048),
  location: text(1000),
  employmentType: text(200),
  salaryMin: z.number().nonnegative().nullable(),
  salaryMax: z.number().nonnegative().nullable(),
  salaryCurrency: text(16),
  salaryPeriod: z.enum(SALARY_PERIODS).nullable(),
  descriptionHtml: text(200_000),
  tags: z.array(z.string().max(200)).max(100),
  postedAt: z.iso.datetime({ offset: true }).nullable(),
  applyUrl: text(2048),
});

export type ExternalJob = z.infer<typeof externalJobSchema>;

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

/** Query of GET /api/sources/:source/jobs and of every source page's URL. */
export const externalSearchSchema = z.object({
  search: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.string().max(200, "Must be at most 200 characters").regex(NO_NUL, NUL_MESSAGE).optional(),
  ),
  page: z.preprocess(emptyToUndefined, pageNumber),
  limit: z.preprocess(
    emptyToUndefined,
    wholeFromOne().max(MAX_EXTERNAL_LIMIT, `Must be at most ${MAX_EXTERNAL_LIMIT}`).optional(),
  ),
});

export type ExternalSearch = z.output<typeof externalSearchSchema>;

/**
 * Where a source stands for a seeker: not set up here (no key, or SOURCES_DISABLED), not tried yet, refreshed with
 * listings, refreshed but empty, failing with the listings of its last refresh, or failing with nothing to show.
 */
export type SourceState = "unconfigured" | "pending" | "live" | "empty" | "stale" | "unavailable";

/** What GET /api/sources reports per source, and what each page needs to explain an empty list. */
export type SourceStatus = {
  source: SourceId;
  name: string;
  configured: boolean;
  /** Env variables still missing when not configured, for the operator. */
  missing: string[];
  state: SourceState;
  /** Whether the hub offers it: it can show listings now, or has not been tried yet. */
  offered: boolean;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The first failed refresh of the current outage; null while the last refresh succeeded. */
  failingSince: string | null;
  count: number;
};

/** The last attempt failed (after any success), so what we show may be stale or absent. */
export function isFailing(status: Pick<SourceStatus, "lastErrorAt" | "lastSuccessAt">): boolean {
  if (!status.lastErrorAt) return false;
  return !status.lastSuccessAt || status.lastErrorAt > status.lastSuccessAt;
}

/** The state of a source from its configuration, its refresh record and how many listings we hold of it. */
export function sourceState(
  status: Pick<SourceStatus, "configured" | "lastAttemptAt" | "lastErrorAt" | "lastSuccessAt" | "count">,
): SourceState {
  if (!status.configured) return "unconfigured";
  if (!status.lastAttemptAt) return "pending";
  if (isFailing(status)) return status.count > 0 ? "stale" : "unavailable";
  return status.count > 0 ? "live" : "empty";
}

/** Only these lead a seeker somewhere: the others are left off the hub (and, with none left, off the menus). */
export const OFFERED_STATES: readonly SourceState[] = ["pending", "live", "stale"];

export const isSourceId = (value: string): value is SourceId => (SOURCES as readonly string[]).includes(value);

/** A listing as we store and serve it: the normalised job and our id for it. */
export type StoredExternalJob = ExternalJob & { id: string };

/** A listing as a source page shows it: the stored job plus a plain-text excerpt of its description. */
export type SourcePageJob = StoredExternalJob & { excerpt: string };

/** Everything a source page renders: our stored copy searched and paged, plus the source's status. */
export type SourcePage = {
  status: SourceStatus;
  search: string;
  page: number;
  /** null: the page shows every stored listing (spec §9). */
  pageSize: number | null;
  total: number;
  jobs: SourcePageJob[];
};
