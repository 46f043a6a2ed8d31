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
 * Spec 'MMMM DD, YYYY' (e.g. "August 02, 2024"): a listing's posting date, and so its expiry, wherever it is written. Read in UTC: posting dates are calendar dates stored at
 * UTC midnight, and server and browser must print the same day whatever their time zones.
 */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${MONTHS[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}
