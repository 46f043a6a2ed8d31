import { escapeHtml } from "#shared/html.ts";

/**
 * The page the confirmation mail links to (ADR 21): server-rendered, no script, buttons that POST back to the same
 * signed link. A GET changes nothing, since mail scanners follow links.
 */
function page(siteName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a}button{font:inherit;padding:.4rem .9rem;border-radius:.4rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer;margin:.25rem 0}button.danger{background:#fff;color:#b91c1c;border-color:#b91c1c}label{display:flex;gap:.5rem;align-items:flex-start}input[type=checkbox]{margin-top:.3rem;width:1rem;height:1rem}.alert{color:#b91c1c}form{margin:1rem 0}dt{font-weight:600}dd{margin:0 0 .75rem}a{color:#1d4ed8}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Back to the jobs</a></p></main></body>
</html>
`;
}

export type ApplicantView = {
  jobTitle: string | null;
  companyName: string | null;
  stage: string;
  withdrawn: boolean;
  appliedOn: string;
};

/** What the page says after a post: done (a status), or refused with nothing changed (an alert). */
export type ApplicantNotice = { tone: "status" | "alert"; text: string };

/**
 * The withdraw and erase forms' checkboxes: neither can be undone, so each is asked for in so many words, with or
 * without scripts (a stray press on a phone withdrew an application at once).
 */
export const CONFIRMATIONS = {
  withdraw: { name: "confirm", value: "withdraw" },
  erase: { name: "confirm", value: "erase" },
} as const;

export function applicantPage(siteName: string, view: ApplicantView, notice?: ApplicantNotice): string {
  const listing = view.jobTitle ? `${view.jobTitle} at ${view.companyName ?? ""}` : "A listing that has been removed";
  const status = view.withdrawn ? "Withdrawn" : view.stage;
  const actions = `${
    view.withdrawn
      ? ""
      : `<form method="post" action="?action=withdraw"><p id="withdraw-note">Withdrawing tells the employer you are no longer interested. It cannot be undone.</p><label><input type="checkbox" name="${CONFIRMATIONS.withdraw.name}" value="${CONFIRMATIONS.withdraw.value}" required aria-describedby="withdraw-note"> I understand: withdraw my application</label><button type="submit">Withdraw my application</button></form>`
  }<form method="post" action="?action=erase"><p id="erase-note">Erasing removes your name, address, phone, cover note and CV for good. It cannot be undone.</p><label><input type="checkbox" name="${CONFIRMATIONS.erase.name}" value="${CONFIRMATIONS.erase.value}" required aria-describedby="erase-note"> I understand: erase my application and CV for good</label><button type="submit" class="danger">Erase my application and CV</button></form>`;
  return page(
    siteName,
    "Your application",
    `${notice ? `<p role="${notice.tone}"${notice.tone === "alert" ? ' class="alert"' : ""}><strong>${escapeHtml(notice.text)}</strong></p>` : ""}<dl><dt>Job</dt><dd>${escapeHtml(listing)}</dd><dt>Applied on</dt><dd>${escapeHtml(view.appliedOn)}</dd><dt>Status</dt><dd>${escapeHtml(status)}</dd></dl>${actions}`,
  );
}

/** Why a link opens nothing once its application was erased: the page's and the API's message. */
export const APPLICATION_ERASED = "This application was erased, and its link no longer opens it.";

/** What an erased application's link shows: that it ended, and the erasure's confirmation right after it. */
export const applicationErasedPage = (siteName: string, notice?: ApplicantNotice) =>
  page(
    siteName,
    "Application erased",
    `${notice ? `<p role="${notice.tone}"><strong>${escapeHtml(notice.text)}</strong></p>` : ""}<p>${escapeHtml(APPLICATION_ERASED)} Your name, address, phone, cover note and CV are gone from the board.</p>`,
  );

export const applicationMissingPage = (siteName: string) =>
  page(siteName, "Application not found", "<p>This link is not valid, or the application no longer exists.</p>");
