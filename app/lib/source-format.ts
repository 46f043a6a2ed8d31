import type { ExternalJob, SALARY_PERIODS } from "#shared/sources.ts";

/** Spec: card titles (and Himalayas locations) are cut at 30 characters with an ellipsis. */
export const TRUNCATE_AT = 30;

export function truncate(text: string, max = TRUNCATE_AT): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Long US date ("November 17, 2026"); UTC so the server's and the browser's renderings agree. */
export function formatLongDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : LONG_DATE.format(date);
}

const PERIOD_LABELS: Record<(typeof SALARY_PERIODS)[number], string> = {
  hour: "hour",
  day: "day",
  week: "week",
  fortnight: "fortnight",
  month: "month",
  year: "year",
};

function amount(value: number, currency: string | null, withSymbol: boolean): string {
  if (withSymbol && currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 }).format(value);
    } catch {
      // An unknown code falls through to a plain number with the code after it.
    }
  }
  const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(value);
  return withSymbol && currency ? `${number} ${currency}` : number;
}

/** "£40,000 - £60,000 / year"; `withSymbol: false` for RemoteOK, whose dollar is an icon. Null without both ends. */
export function formatSalaryRange(
  job: Pick<ExternalJob, "salaryMin" | "salaryMax" | "salaryCurrency" | "salaryPeriod">,
  { withSymbol = true } = {},
): string | null {
  if (job.salaryMin === null || job.salaryMax === null) return null;
  const range =
    job.salaryMin === job.salaryMax
      ? amount(job.salaryMin, job.salaryCurrency, withSymbol)
      : `${amount(job.salaryMin, job.salaryCurrency, withSymbol)} - ${amount(job.salaryMax, job.salaryCurrency, withSymbol)}`;
  return job.salaryPeriod ? `${range} / ${PERIOD_LABELS[job.salaryPeriod]}` : range;
}
