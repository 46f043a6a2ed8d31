import { ALERT_FREQUENCIES, describeSearch, type AlertSummary } from "#shared/alerts.ts";
import { escapeHtml } from "#shared/html.ts";
import { htmlPage } from "#server/http/html-page.ts";

/** The pages alert mails link to: plain server-rendered forms with no script, so they work from any mail client's browser. */
export const confirmPage = (siteName: string, search: Record<string, string>) =>
  htmlPage(
    siteName,
    "Confirm your job alert",
    `<p>Mail me new jobs matching <strong>${escapeHtml(describeSearch(search))}</strong>.</p><form method="post"><button type="submit">Confirm alert</button></form>`,
  );

export const confirmedPage = (siteName: string, search: Record<string, string>, manageUrl: string) =>
  htmlPage(
    siteName,
    "Alert confirmed",
    `<p>You will get new jobs matching <strong>${escapeHtml(describeSearch(search))}</strong> by email.</p><p><a href="${escapeHtml(manageUrl)}">Manage your alerts</a></p>`,
  );

export const unsubscribePage = (
  siteName: string,
  alert: { search: Record<string, string>; email: string } | undefined,
) =>
  alert
    ? htmlPage(
        siteName,
        "Unsubscribe from this alert?",
        `<p>${escapeHtml(alert.email)} will get no more mail for <strong>${escapeHtml(describeSearch(alert.search))}</strong>.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      )
    : htmlPage(
        siteName,
        "Already unsubscribed",
        "<p>This alert no longer exists: no more mail will be sent for it.</p>",
      );

export const unsubscribedPage = (siteName: string) =>
  htmlPage(siteName, "Unsubscribed", "<p>You will get no more mail for this alert.</p>");

export const messagePage = (siteName: string, title: string, message: string) =>
  htmlPage(siteName, title, `<p>${escapeHtml(message)}</p>`);

export function managePage(siteName: string, email: string, alerts: AlertSummary[], notice?: string): string {
  const items = alerts.map(
    (
      alert,
    ) => `<li><strong>${escapeHtml(describeSearch(alert.search))}</strong>${alert.confirmed ? "" : " (not confirmed yet)"}<br>
<form method="post" action="./${alert.id}"><label>Frequency <select name="frequency">${ALERT_FREQUENCIES.map((f) => `<option value="${f}"${f === alert.frequency ? " selected" : ""}>${f}</option>`).join("")}</select></label> <button type="submit">Save</button></form>
<form method="post" action="./${alert.id}/delete"><button type="submit" class="secondary">Delete</button></form></li>`,
  );
  return htmlPage(
    siteName,
    "Your job alerts",
    `${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ""}<p>Alerts mailed to ${escapeHtml(email)}.</p>${
      alerts.length
        ? `<ul>${items.join("")}</ul><form method="post" action="./delete-all"><button type="submit" class="secondary">Delete all alerts</button></form>`
        : "<p>You have no alerts.</p>"
    }`,
  );
}
