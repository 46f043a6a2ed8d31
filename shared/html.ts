const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text, or an attribute value in double or single quotes, in HTML or XML. `&#39;` rather than `&apos;`: a numeric
 * reference reads the same in HTML, XML and the HTML inside a feed, and HTML 4 mail clients do not know `&apos;`.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
