import { DEFAULT_CURRENCY } from "#shared/currencies.ts";

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
  const plain = plainAmount(text);
  if (plain === undefined) return text;
  if (currency !== DEFAULT_CURRENCY) return moneyFormat(currency).format(plain);
  return RUPEE_FORMAT.format(plain);
}

/** The number a salary field holds when it is one ("1,20,000" and "120000" alike); undefined for other text. */
function plainAmount(text: string): number | undefined {
  const plain = text.trim().replace(/[,\s]/g, "");
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : undefined;
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

/**
 * A salary where no icon can say the currency (a mail): the page's figures, with the rupee sign before rupee amounts
 * ("₹12,00,000 - ₹18,00,000 / Yearly"); other currencies carry their symbol already.
 */
export function salaryInText(min: string, max: string, salaryType: string, currency: string = DEFAULT_CURRENCY) {
  const amount = (text: string) =>
    currency === DEFAULT_CURRENCY && plainAmount(text) !== undefined
      ? `₹${formatAmount(text, currency)}`
      : formatAmount(text, currency);
  return `${amount(min)} - ${amount(max)} / ${salaryType}`;
}
