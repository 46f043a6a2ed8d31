/** Escaping for the feeds, which put user-written text (titles, descriptions) into XML and HTML. */
import { escapeHtml } from "#shared/html.ts";

// XML 1.0 cannot carry most C0 controls, lone surrogates or U+FFFE/U+FFFF, even escaped: a reader stops at the
// first one. They are dropped rather than breaking a whole feed over one pasted character.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const xmlSafe = (text: string) => text.replace(NOT_XML, "");

/** Text (or an attribute value) in a feed's XML or the HTML it carries: what XML cannot hold dropped, then escaped. */
export const escapeMarkup = (text: string) => escapeHtml(xmlSafe(text));

/** Text in a CDATA section: `]]>` inside it is split across two sections. */
export const cdata = (text: string) => `<![CDATA[${xmlSafe(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

/** `<name>text</name>`, or nothing for an empty value. */
export const element = (name: string, text: string | null | undefined) =>
  text === null || text === undefined || text === "" ? "" : `<${name}>${escapeMarkup(text)}</${name}>`;
