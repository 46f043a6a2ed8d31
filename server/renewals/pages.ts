import { escapeHtml } from "#shared/html.ts";

/**
 * The page the reminder's link opens (ADR 21): server-rendered, no script, one button that POSTs back to the same
 * signed link. The GET changes nothing, since mail scanners follow links.
 */
function page(siteName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a}button{font:inherit;padding:.4rem .9rem;border-radius:.4rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer;margin:.25rem 0}form{margin:1rem 0}a{color:#1d4ed8}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/my-job">My Listings</a></p></main></body>
</html>
`;
}

export const renewPage = (siteName: string, listing: { title: string; companyName: string; expiresOn: string }) =>
  page(
    siteName,
    "Renew your listing",
    `<p><strong>${escapeHtml(listing.title)}</strong> at ${escapeHtml(listing.companyName)} leaves the board on ${escapeHtml(listing.expiresOn)}.</p><p>Renewed, it stays for 30 days from today, at the same address, with its stats and applications.</p><form method="post"><button type="submit">Renew for 30 more days</button></form>`,
  );

export const renewedPage = (siteName: string, listing: { id: string; title: string; expiresOn: string }) =>
  page(
    siteName,
    "Listing renewed",
    `<p role="status"><strong>${escapeHtml(listing.title)}</strong> is renewed: it stays on the board until ${escapeHtml(listing.expiresOn)}.</p><p><a href="/jobs/${escapeHtml(listing.id)}">See the listing</a></p>`,
  );

export const renewalGonePage = (siteName: string) =>
  page(
    siteName,
    "This renewal link no longer works",
    "<p>It has been used already, it has expired, or the listing was removed. Renew a listing from My Listings.</p>",
  );
