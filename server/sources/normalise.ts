import type { ExternalJob } from "#shared/sources.ts";
import { htmlToText } from "#server/sources/sanitise.ts";

/** Windows-1252's 0x80–0x9F block: what a UTF-8 byte in that range turns into when decoded twice. */
const CP1252_BYTES = new Map<string, number>(
  [
    [0x20ac, 0x80],
    [0x201a, 0x82],
    [0x0192, 0x83],
    [0x201e, 0x84],
    [0x2026, 0x85],
    [0x2020, 0x86],
    [0x2021, 0x87],
    [0x02c6, 0x88],
    [0x2030, 0x89],
    [0x0160, 0x8a],
    [0x2039, 0x8b],
    [0x0152, 0x8c],
    [0x017d, 0x8e],
    [0x2018, 0x91],
    [0x2019, 0x92],
    [0x201c, 0x93],
    [0x201d, 0x94],
    [0x2022, 0x95],
    [0x2013, 0x96],
    [0x2014, 0x97],
    [0x02dc, 0x98],
    [0x2122, 0x99],
    [0x0161, 0x9a],
    [0x203a, 0x9b],
    [0x0153, 0x9c],
    [0x017e, 0x9e],
    [0x0178, 0x9f],
  ].map(([code, byte]) => [String.fromCharCode(code!), byte!]),
);

const MOJIBAKE = /[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u2122]/;

/**
 * RemoteOK sometimes sends UTF-8 that was decoded as Windows-1252 and encoded again ("Ã©" for "é",
 * "â€™" for "’"). Undo it only when every character maps back to one byte and those bytes are valid UTF-8.
 */
export function repairMojibake(value: string): string {
  if (!MOJIBAKE.test(value)) return value;
  const bytes: number[] = [];
  for (const char of value) {
    const code = char.codePointAt(0)!;
    const byte = code <= 0xff ? code : CP1252_BYTES.get(char);
    if (byte === undefined) return value;
    bytes.push(byte);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return value;
  }
}

/** Upstream text (maybe with markup or entities) → trimmed plain text, or null when empty. */
export function plainText(value: unknown, max = 1000): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = repairMojibake(htmlToText(String(value)));
  if (!text) return null;
  return text.length > max ? text.slice(0, max) : text;
}

/** A URL we are willing to link to: http(s) only, so a `javascript:` apply link never reaches a page. */
export function webUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Positive finite numbers only: RemoteOK's 0 and Himalayas' null both mean "not given". */
export function positiveNumber(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) && number > 0 && number < 1e12 ? number : null;
}

/** Unix seconds or milliseconds (Himalayas sends seconds although its docs say milliseconds) → ISO. */
export function epochToIso(value: unknown): string | null {
  const number = typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number) || number <= 0) return null;
  const date = new Date(number < 1e12 ? number * 1000 : number);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** ISO-ish text → ISO UTC. Jooble's .NET stamps have 7 fractional digits and sometimes no offset (taken as UTC). */
export function isoDate(value: unknown): string | null {
  if (typeof value === "number") return epochToIso(value);
  if (typeof value !== "string" || !value.trim()) return null;
  let text = value.trim().replace(/(\.\d{3})\d+/, "$1");
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(text)) text += "Z";
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function stringList(value: unknown, max = 30): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  for (const item of value) {
    const text = plainText(item, 200);
    if (text) seen.add(text);
    if (seen.size >= max) break;
  }
  return [...seen];
}

const PERIODS: [RegExp, ExternalJob["salaryPeriod"]][] = [
  [/hour|hourly|\/\s*h(r)?\b/i, "hour"],
  [/\bday|daily/i, "day"],
  [/fortnight/i, "fortnight"],
  [/week/i, "week"],
  [/month|monthly|\bmo\b|\bpm\b/i, "month"],
  [/year|annual|annum|\bpa\b|\byr\b/i, "year"],
];

export function salaryPeriod(value: unknown): ExternalJob["salaryPeriod"] {
  if (typeof value !== "string") return null;
  return PERIODS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
}

const CURRENCY_SYMBOLS: [string, string][] = [
  ["₹", "INR"],
  ["£", "GBP"],
  ["€", "EUR"],
  ["$", "USD"],
  ["Rs", "INR"],
  ["INR", "INR"],
  ["USD", "USD"],
  ["GBP", "GBP"],
  ["EUR", "EUR"],
];

/** Jooble's free-text salary ("$120k - $150k", "₹ 25,000 - 30,000 a month") → numbers, best effort. */
export function parseSalaryText(
  value: unknown,
): Pick<ExternalJob, "salaryMin" | "salaryMax" | "salaryCurrency" | "salaryPeriod"> {
  const none = { salaryMin: null, salaryMax: null, salaryCurrency: null, salaryPeriod: null };
  if (typeof value !== "string" || !value.trim()) return none;
  const text = htmlToText(value);
  const amounts = [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*([kK])?/g)]
    .map(([, digits, thousands]) => Number(digits!.replace(/,/g, "")) * (thousands ? 1000 : 1))
    .filter((amount) => Number.isFinite(amount) && amount > 0);
  if (amounts.length === 0) return none;
  const currency = CURRENCY_SYMBOLS.find(([symbol]) => text.includes(symbol))?.[1] ?? null;
  const min = amounts[0]!;
  const max = amounts[1] ?? amounts[0]!;
  return {
    salaryMin: Math.min(min, max),
    salaryMax: Math.max(min, max),
    salaryCurrency: currency,
    salaryPeriod: salaryPeriod(text),
  };
}

/**
 * Not the shared escapeHtml: an apostrophe stays one, as sanitize-html leaves it in the other sources' descriptions.
 * The stored HTML is what a source's search matches (ILIKE), and "we'll" must still find "we'll" there.
 */
const escapeStoredText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Plain text (after stripping any markup) as paragraphs of HTML, for sources whose descriptions are text. */
export function textToHtml(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const paragraphs = value
    .split(/\n\s*\n/)
    .map((paragraph) => plainText(paragraph, 20_000))
    .filter((paragraph): paragraph is string => paragraph !== null);
  return paragraphs.length ? paragraphs.map((paragraph) => `<p>${escapeStoredText(paragraph)}</p>`).join("") : null;
}
