const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * Spec 'MMMM DD, YYYY' (e.g. "August 02, 2024"). Read in UTC: posting dates are calendar dates stored at
 * UTC midnight, and server and browser must print the same day whatever their time zones.
 */
export function formatPostedDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${MONTHS[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}

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
