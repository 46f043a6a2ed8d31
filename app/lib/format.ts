/** Multi-line text from the post form as list items; leading "1." / "2)" / "-" numbering is dropped. */
export function toBulletLines(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s+/, "").trim())
    .filter((line) => line.length > 0);
}

/** Spec: company description cut at 100 characters behind Read More. */
export function truncate(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  return { text: `${text.slice(0, max).trimEnd()}…`, truncated: true };
}
