import { z } from "zod";
import { LISTING_LIFETIME_DAYS } from "#shared/job.ts";

/**
 * What each listing earned (issue 32), as its owner and the API see it: totals, and one entry per day of its life.
 * Shared by the stats page, My Listings and the OpenAPI document.
 */
export const statsTotalsSchema = z
  .object({
    views: z.number().int().describe("Views of the job page: a person once a day, bots left out"),
    applyClicks: z.number().int().describe("Clicks on Apply (the listing's link or mail), a person once a day"),
    impressions: z.number().int().describe("How often the listing appeared on a results page"),
    applications: z.number().int().describe("Applications sent on this board"),
  })
  .meta({ id: "ListingStatsTotals", title: "ListingStatsTotals" });

export const statsDaySchema = z.object({
  day: z.iso.date(),
  views: z.number().int(),
  applyClicks: z.number().int(),
  impressions: z.number().int(),
  applications: z.number().int().describe("Applications sent on this board that day (UTC)"),
});

export const listingStatsSchema = z
  .object({
    job: z.object({ id: z.uuid(), title: z.string(), companyName: z.string() }),
    postingDate: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
    totals: statsTotalsSchema,
    days: z.array(statsDaySchema).describe("Every day from the first counted one to today (or the last), oldest first"),
  })
  .meta({ id: "ListingStats", title: "ListingStats" });

export const renewedSchema = z
  .object({
    ok: z.literal(true),
    postingDate: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Renewed", title: "Renewed" });

export type StatsTotals = z.output<typeof statsTotalsSchema>;
export type StatsDay = z.output<typeof statsDaySchema>;
export type ListingStats = z.output<typeof listingStatsSchema>;
export type Renewed = z.output<typeof renewedSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The owner is mailed, and may renew from My Listings, this many days before a listing expires. */
export const RENEW_WITHIN_DAYS = 3;

/** When a listing posted at `postingDate` leaves the board (spec: 30 days after its posting date). */
export const expiresAt = (postingDate: string | Date) =>
  new Date(new Date(postingDate).getTime() + LISTING_LIFETIME_DAYS * DAY_MS);

/** A listing may be renewed from its last RENEW_WITHIN_DAYS days on, or once it has expired. */
export const isRenewable = (postingDate: string | Date, now = new Date()) =>
  expiresAt(postingDate).getTime() - now.getTime() <= RENEW_WITHIN_DAYS * DAY_MS;
