import { z } from "zod";
import { jobSearchSchema } from "#shared/job.ts";

export const ALERT_FREQUENCIES = ["daily", "weekly", "instant"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** A digest lists at most this many listings, then links to the whole search. */
export const DIGEST_MAX_JOBS = 20;

/** The filters an alert keeps: a search without its paging. */
export const alertSearchSchema = jobSearchSchema.omit({ page: true, limit: true, cursor: true });

/** POST /api/alerts, from the home page's "Email me new jobs like these" form. */
export const alertSubscriptionSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email({ error: "Please enter a valid email address, like name@example.com" })),
  frequency: z.enum(ALERT_FREQUENCIES, { error: "Choose daily, weekly or instant" }),
  search: z.record(z.string(), z.string()).default({}),
});

/**
 * The alert form sent without JavaScript (ADR 41) lands back on the home page's search with `?alert=sent`, or with
 * one of these refusals; `?alert=open` shows the form, which scripts otherwise open.
 */
export const ALERT_FORM_ERRORS = {
  invalid: "Please enter a valid email address, like name@example.com, then try again.",
  full: "This address already has the most alerts it can have. Delete one from the manage link in any alert mail first.",
  limited: "You have set up several alerts in a short time. Please wait an hour and try again.",
} as const;
export type AlertFormRefusal = keyof typeof ALERT_FORM_ERRORS;

/** The manage page's change of one alert's frequency. */
export const alertFrequencySchema = z.object({
  frequency: z.enum(ALERT_FREQUENCIES, { error: "Choose daily, weekly or instant" }),
});

/** An alert as the manage page shows it. */
export type AlertSummary = {
  id: string;
  frequency: AlertFrequency;
  search: Record<string, string>;
  confirmed: boolean;
  createdAt: string;
};

/** "react in pune, employmentType Full-time": the search an alert follows, for subject lines and lists. */
export function describeSearch(search: Record<string, string>): string {
  const { search: words, location, ...rest } = search;
  const head = [words, location ? `in ${location}` : undefined].filter(Boolean).join(" ");
  const tail = Object.entries(rest).map(([key, value]) => `${key} ${value}`);
  return [head || "all jobs", ...tail].join(", ");
}
