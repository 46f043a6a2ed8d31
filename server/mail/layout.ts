import { escapeHtml } from "#shared/html.ts";

export type MailSite = { name: string; url: string };

/** A text body as HTML: paragraphs at blank lines, line breaks kept, and every web address a link. */
function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map(
      (part) =>
        `<p style="margin:0 0 16px">${escapeHtml(part)
          .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#1d4ed8">${url}</a>`)
          .replace(/\n/g, "<br>")}</p>`,
    )
    .join("");
}

/**
 * The one layout every mail the board sends its users is delivered in: the operator's board named at the top (linked)
 * and signed at the bottom, in plain text and in HTML. Inline styles and tables only: mail clients ignore the rest.
 * The body is stored in the outbox as composed; the layout is applied when the mail leaves (compose.ts).
 */
export function inLayout(site: MailSite, body: { text: string; html?: string | null }): { text: string; html: string } {
  const host = new URL(site.url).host;
  const name = escapeHtml(site.name);
  const url = escapeHtml(site.url);
  return {
    text: `${body.text.trimEnd()}\n\n-- \n${site.name}, ${site.url}\n`,
    html: `<!doctype html><html><body style="margin:0;padding:0;background:#f1f5f9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:16px 24px;border-bottom:1px solid #e2e8f0;font:600 18px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif"><a href="${url}" style="color:#1d4ed8;text-decoration:none">${name}</a></td></tr>
<tr><td style="padding:24px;font:15px/1.55 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">${body.html ?? textToHtml(body.text)}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font:12px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#64748b">${name} · <a href="${url}" style="color:#64748b">${escapeHtml(host)}</a></td></tr>
</table></td></tr></table></body></html>`,
  };
}
