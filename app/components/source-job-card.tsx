import { Briefcase, CalendarDays, DollarSign, MapPin, Wallet } from "#app/components/icons.tsx";
import type { ReactNode } from "react";
import { formatLongDate, formatSalaryRange, truncate } from "#app/lib/source-format.ts";
import type { SourcePageJob } from "#shared/sources.ts";
import { CompanyLogo } from "#app/components/company-logo.tsx";

/** How one source's cards differ (spec §2 "Aggregator pages" and "Remote jobs"). */
export type CardRules = {
  truncateTitle: boolean;
  truncateLocation: boolean;
  /** "both": a salary chip only with min and max; "jobwiz": 'Salary not specified' without a minimum. */
  salary: "both" | "jobwiz";
  dollarIcon: boolean;
  /** Aggregator cards hide Apply on small screens (the popup has one); RemoteOK keeps it. */
  hideApplyOnSmall: boolean;
  showTags: boolean;
  /** Extra `rel` on the Apply link; RemoteOK's terms want a followed link, so it passes none. */
  applyRel: string;
  /** Per-ad attribution the source's terms ask for. */
  credit?: (job: SourcePageJob) => ReactNode;
};

export function salaryText(job: SourcePageJob, rules: CardRules): string | null {
  if (rules.salary === "jobwiz") {
    if (job.salaryMin === null) return "Salary not specified";
    return formatSalaryRange({ ...job, salaryMax: job.salaryMax ?? job.salaryMin });
  }
  return formatSalaryRange(job, { withSymbol: !rules.dollarIcon });
}

export function Chip({ icon, children, title }: { icon?: ReactNode; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700"
    >
      {icon}
      <span className="truncate">{children}</span>
    </span>
  );
}

export function JobChips({ job, rules }: { job: SourcePageJob; rules: CardRules }) {
  const salary = salaryText(job, rules);
  const location = job.location && rules.truncateLocation ? truncate(job.location) : job.location;
  return (
    <div className="flex flex-wrap gap-2">
      {location && (
        <Chip
          icon={<MapPin aria-hidden="true" className="h-3.5 w-3.5" />}
          title={rules.truncateLocation ? job.location! : undefined}
        >
          {location}
        </Chip>
      )}
      {job.employmentType && (
        <Chip icon={<Briefcase aria-hidden="true" className="h-3.5 w-3.5" />}>{job.employmentType}</Chip>
      )}
      {salary && (
        <Chip
          icon={
            rules.dollarIcon ? (
              <DollarSign aria-label="US dollars" className="h-3.5 w-3.5" />
            ) : (
              <Wallet aria-hidden="true" className="h-3.5 w-3.5" />
            )
          }
        >
          {salary}
        </Chip>
      )}
    </div>
  );
}

export function ApplyLink({
  job,
  rules,
  className = "",
}: {
  job: SourcePageJob;
  rules: CardRules;
  className?: string;
}) {
  if (!job.applyUrl) return null;
  return (
    <a
      href={job.applyUrl}
      target="_blank"
      rel={`noopener ${rules.applyRel}`.trim()}
      onClick={(event) => event.stopPropagation()}
      className={`inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      Apply
      <span className="sr-only"> for {job.title ?? "this job"} (opens in a new tab)</span>
    </a>
  );
}

/** One listing in the grid; at 768 px or narrower the whole card opens the detail popup. */
export function SourceJobCard({
  job,
  rules,
  compact,
  onOpen,
}: {
  job: SourcePageJob;
  rules: CardRules;
  /** Mobile width: the card is a popup trigger. */
  compact: boolean;
  onOpen: (job: SourcePageJob) => void;
}) {
  const fullTitle = job.title ?? "Unknown Position";
  const shownTitle = rules.truncateTitle ? truncate(fullTitle) : fullTitle;
  const posted = formatLongDate(job.postedAt);
  return (
    <article
      className={`flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${compact ? "cursor-pointer hover:border-brand-500" : ""}`}
      onClick={compact ? () => onOpen(job) : undefined}
    >
      <div className="flex items-start gap-3">
        <CompanyLogo src={job.logo} companyName={job.company ?? "Unknown Company"} />
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{job.company ?? "Unknown Company"}</p>
          <h2 className="text-lg font-semibold leading-snug text-slate-900" title={fullTitle}>
            {compact ? (
              <button
                type="button"
                className="text-left hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-haspopup="dialog"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(job);
                }}
              >
                {shownTitle}
              </button>
            ) : (
              shownTitle
            )}
          </h2>
        </div>
      </div>
      <JobChips job={job} rules={rules} />
      <p className="text-sm text-slate-700">{job.excerpt || "No description available"}</p>
      {rules.showTags && job.tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {job.tags.slice(0, 6).map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
        {posted ? (
          <span className="inline-flex items-center gap-1 text-xs text-slate-600">
            <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
            {posted}
          </span>
        ) : (
          <span />
        )}
        <ApplyLink job={job} rules={rules} className={rules.hideApplyOnSmall ? "max-[769px]:hidden" : ""} />
      </div>
      {rules.credit?.(job)}
    </article>
  );
}
