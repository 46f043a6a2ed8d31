import { escapeHtml } from "#shared/html.ts";
import type { StatsTotals } from "#shared/stats.ts";
import type { OutgoingMail } from "#server/mail.ts";

export type ReminderListing = { id: string; title: string; companyName: string; postedMicros: string };

const lines = (totals: StatsTotals) => [
  `Views of the job page: ${totals.views}`,
  `Clicks on Apply: ${totals.applyClicks}`,
  `Applications on the board: ${totals.applications}`,
  `Times shown in search results: ${totals.impressions}`,
];

/**
 * To the listing's owner, once per posting date (the key names it): it expires soon, what it earned, and the one link
 * that renews it. A renewed listing gets a new posting date, so its next reminder has a key of its own.
 */
export function reminderMail({
  to,
  listing,
  expiresOn,
  totals,
  renewUrl,
  statsUrl,
}: {
  to: string;
  listing: ReminderListing;
  expiresOn: string;
  totals: StatsTotals;
  renewUrl: string;
  statsUrl: string;
}): OutgoingMail {
  const what = `${listing.title} at ${listing.companyName}`;
  return {
    dedupeKey: `expiry-reminder:${listing.id}:${listing.postedMicros}`,
    to,
    subject: `Your listing ${listing.title} expires on ${expiresOn}`,
    text: [
      `Your listing ${what} leaves the board on ${expiresOn}, 30 days after its posting date.`,
      "",
      "What it earned so far:",
      ...lines(totals).map((line) => `- ${line}`),
      "",
      `Renew for 30 more days: ${renewUrl}`,
      "",
      "The listing keeps its address, its stats and its applications. The link works once, for 7 days after the listing expires.",
      `All its stats: ${statsUrl}`,
    ].join("\n"),
    html: `<p>Your listing <strong>${escapeHtml(what)}</strong> leaves the board on ${escapeHtml(expiresOn)}, 30 days after its posting date.</p><p>What it earned so far:</p><ul>${lines(
      totals,
    )
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join(
        "",
      )}</ul><p><a href="${escapeHtml(renewUrl)}">Renew for 30 more days</a></p><p>The listing keeps its address, its stats and its applications. The link works once, for 7 days after the listing expires.</p><p><a href="${escapeHtml(statsUrl)}">All its stats</a></p>`,
  };
}
