import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import type { JobSearch } from "#shared/job.ts";

/** The home page's URL state: search, filters and page (DESIGN: shareable links, back button works). */
export type HomeQuery = Partial<Record<"search" | "location" | FilterKey | "sort" | "page", string>>;

export const FILTER_KEYS = [
  "experienceLevel",
  "employmentType",
  "minSalary",
  "maxSalary",
  "salaryCurrency",
  "datePosted",
  "gender",
  "englishLevel",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Each home-page field's name as its label reads: in "invalid" notes and in the hints that lift a filter. */
export const FIELD_LABELS: Record<"search" | "location" | FilterKey | "sort" | "page", string> = {
  search: "Position",
  location: "Location",
  experienceLevel: "Experience",
  employmentType: "Type",
  minSalary: "Minimum salary",
  maxSalary: "Maximum salary",
  salaryCurrency: "Salary currency",
  datePosted: "Date Posted",
  gender: "Gender",
  englishLevel: "English Level",
  sort: "Sort",
  page: "Page",
};

/** What a link to the same search carries besides the text and location: the filters and the order. */
export const CARRIED_KEYS = [...FILTER_KEYS, "sort"] as const;

/** A validated search as plain strings for form defaults and links; defaults are left out. */
export function toHomeQuery(search: JobSearch): HomeQuery {
  const query: HomeQuery = {};
  if (search.search) query.search = search.search;
  if (search.location) query.location = search.location;
  if (search.experienceLevel) query.experienceLevel = search.experienceLevel;
  if (search.employmentType) query.employmentType = search.employmentType;
  if (search.minSalary !== undefined) query.minSalary = String(search.minSalary);
  if (search.maxSalary !== undefined) query.maxSalary = String(search.maxSalary);
  if (search.salaryCurrency && search.salaryCurrency !== DEFAULT_CURRENCY) query.salaryCurrency = search.salaryCurrency;
  if (search.datePosted !== "all") query.datePosted = search.datePosted;
  if (search.gender) query.gender = search.gender;
  if (search.englishLevel) query.englishLevel = search.englishLevel;
  if (search.sort) query.sort = search.sort;
  if (search.page > 1) query.page = String(search.page);
  return query;
}

/** "?a=1&b=2" without empty values or defaults, or "" when nothing is set. */
export function homeSearchString(query: HomeQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value.trim() === "") continue;
    if (key === "datePosted" && value === "all") continue;
    if (key === "salaryCurrency" && value.trim().toUpperCase() === DEFAULT_CURRENCY) continue;
    if (key === "page" && value === "1") continue;
    params.set(key, value.trim());
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A submitted GET form as a clean home query (what a browser without JavaScript would send, minus the blanks). */
export function formToHomeQuery(form: HTMLFormElement): HomeQuery {
  const query: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && key !== "clear") query[key] = value;
  }
  return query as HomeQuery;
}

/** The hidden inputs that carry the rest of the state when one form changes part of it. */
export function pick(query: HomeQuery, keys: readonly (keyof HomeQuery)[]): HomeQuery {
  return Object.fromEntries(keys.filter((key) => query[key]).map((key) => [key, query[key]]));
}

/** The text without the first run of words that spell `phrase` (any case): a search with its place chip removed. */
export function withoutPhrase(text: string, phrase: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  const wanted = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  for (let at = 0; at + wanted.length <= words.length; at++) {
    if (wanted.every((word, i) => words[at + i]?.toLowerCase() === word)) {
      return [...words.slice(0, at), ...words.slice(at + wanted.length)].join(" ");
    }
  }
  return words.join(" ");
}
