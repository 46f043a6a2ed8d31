import { DEFAULT_CURRENCY } from "#shared/currencies.ts";

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

const MONEY_FORMATS = new Map<string, Intl.NumberFormat>();
// toLocaleString builds a formatter per call: about 1 ms of each home page render on the server, for twenty amounts.
const RUPEE_FORMAT = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });

/** US English puts an unambiguous symbol or the code before the amount ("$40,000", "CA$40,000", "CHF 40,000"). */
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = MONEY_FORMATS.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    MONEY_FORMATS.set(currency, format);
  }
  return format;
}

/**
 * A salary amount with thousands separators. Rupee amounts are grouped the Indian way ("3,60,000") and carry no
 * symbol: where they are shown, a rupee icon says the currency (spec). Any other currency carries its symbol or
 * code. Salaries are free text (spec): anything that is not a plain number ("negotiable", "40k") is shown as typed.
 */
export function formatAmount(text: string, currency: string = DEFAULT_CURRENCY): string {
  const plain = text.trim().replace(/[,\s]/g, "");
  if (!/^\d+(\.\d+)?$/.test(plain)) return text;
  if (currency !== DEFAULT_CURRENCY) return moneyFormat(currency).format(Number(plain));
  return RUPEE_FORMAT.format(Number(plain));
}

/** The card's 'min-max' salary chip, with its period when the listing has one ("3,60,000-5,16,691 / Yearly"). */
export function salaryRange(min: string, max: string, salaryType?: string | null, currency?: string): string {
  const range = `${formatAmount(min, currency)}-${formatAmount(max, currency)}`;
  return salaryType ? `${range} / ${salaryType}` : range;
}

/** The detail page's 'min - max / salary type' chip. */
export function salaryWithType(min: string, max: string, salaryType: string, currency?: string): string {
  return `${formatAmount(min, currency)} - ${formatAmount(max, currency)} / ${salaryType}`;
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
