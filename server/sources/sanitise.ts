import sanitizeHtml from "sanitize-html";

/**
 * The tight allowlist every upstream description goes through once, on ingest: text structure only.
 * No images (tracking pixels and the onerror family), no styles or classes, no frames, no forms, and links
 * only to http(s)/mailto, opened in a new tab without handing the page over to the target.
 */
const DESCRIPTION_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "code",
    "pre",
    "h3",
    "h4",
    "h5",
    "h6",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "div",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  nestingLimit: 20,
  transformTags: {
    // Upstream headings would outrank the page's own; keep them as sub-headings.
    h1: "h3",
    h2: "h3",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow ugc" },
    }),
  },
};

const TEXT_OPTIONS: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard" };

/** Tags that end a block of text: stripping them must leave a space, or "<li>1.</li><li>TypeScript" reads "1.TypeScript". */
const BLOCK_BOUNDARY =
  /<(\/?)(p|div|li|ul|ol|br|hr|h[1-6]|tr|td|th|table|blockquote|pre|section|article|header|footer|dt|dd)(?=[\s/>])/gi;

/** Sanitised HTML, or null when nothing readable is left. */
export function sanitiseHtml(dirty: string | null | undefined): string | null {
  if (!dirty) return null;
  const clean = sanitizeHtml(dirty, DESCRIPTION_OPTIONS).trim();
  return htmlToText(clean) ? clean : null;
}

/**
 * Markup and entities → plain text (Adzuna's <strong> highlights, Jooble's &nbsp;). sanitize-html decodes
 * entities while parsing and re-escapes only &, <, > and ", so undoing those four gives exact text; React
 * escapes it again when rendering.
 */
export function htmlToText(dirty: string | null | undefined): string {
  if (!dirty) return "";
  return sanitizeHtml(dirty.replace(BLOCK_BOUNDARY, " <$1$2"), TEXT_OPTIONS)
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}
