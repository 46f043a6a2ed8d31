import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { escapeHtml } from "#shared/html.ts";
import { contentSecurityPolicy, newNonce } from "#server/http/csp.ts";

/**
 * A plain server-rendered page, for what is answered without the app: the pages alert mails link to, and a form post's
 * refusal that its page cannot show. No script runs on it, so it works in any browser, scripts on or off.
 */
export function htmlPage(siteName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a}button{font:inherit;padding:.4rem .9rem;border-radius:.4rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}button.secondary{background:#fff;color:#b91c1c;border-color:#b91c1c}li{margin:.75rem 0}form{display:inline}select{font:inherit}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Back to the jobs</a></p></main></body>
</html>
`;
}

/** The answer for such a page. Never cached: some hold personal links. It carries the site's policy all the same. */
export function htmlAnswer(c: Context, body: string, status: ContentfulStatusCode = 200) {
  return c.html(body, status, {
    "Content-Security-Policy": contentSecurityPolicy(newNonce()),
    "Cache-Control": "no-store",
  });
}
