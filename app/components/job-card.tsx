import { Briefcase, GraduationCap, Languages, MapPin } from "#app/components/icons.tsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { salaryRange } from "#shared/money.ts";
import type { Job } from "#shared/job.ts";
import { CompanyLogo } from "#app/components/company-logo.tsx";
import { FavouriteButton } from "#app/components/favourite-button.tsx";
import { SalaryIcon } from "#app/components/salary-icon.tsx";
import { VerifiedBadge } from "#app/components/verified-badge.tsx";

/** Spec: the card's logo shows a skeleton for 2 s. */
export const CARD_SKELETON_MS = 2000;

export function Chip({ icon, children, label }: { icon: ReactNode; children: ReactNode; label: string }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
      {icon}
      <span className="sr-only">{label}: </span>
      {children}
    </li>
  );
}

const iconClass = "h-3.5 w-3.5";

/**
 * `skeletonDelayMs`: how long something covers the card when it appears (the home page's splash), so the skeleton's
 * 2 s start when the card can be seen, not while the splash still hides it.
 */
export function JobCard({ job, skeletonDelayMs = 0 }: { job: Job; skeletonDelayMs?: number }) {
  return (
    <article className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <div className="flex items-start gap-3">
        <CompanyLogo
          src={job.companyLogo}
          companyName={job.companyName}
          skeletonMs={skeletonDelayMs + CARD_SKELETON_MS}
        />
        <div className="min-w-0 flex-1">
          {/* Wraps rather than widens: the badge goes under a name it has no room beside (375 px). */}
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            {/* Above the card's stretched link, so the company name opens the company's page (issue 32). */}
            <Link
              to={`/companies/${job.companySlug}`}
              className="relative z-10 min-w-0 truncate hover:text-brand-700 hover:underline"
            >
              {job.companyName}
            </Link>
            {job.companyVerified ? <VerifiedBadge className="relative z-10" /> : null}
          </p>
          <h3 className="text-base font-semibold text-slate-900">
            {/* The link's ::after stretches over the card, so the whole card opens the job (spec). */}
            <Link to={`/jobs/${job._id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
              {job.jobTitle}
            </Link>
          </h3>
        </div>
        <FavouriteButton job={job} />
      </div>
      <ul aria-label="Job facts" className="mt-3 flex flex-wrap gap-2">
        <Chip label="Location" icon={<MapPin aria-hidden="true" className={iconClass} />}>
          {job.jobLocation}
        </Chip>
        <Chip label="Employment type" icon={<Briefcase aria-hidden="true" className={iconClass} />}>
          {job.employmentType}
        </Chip>
        <Chip label="Salary" icon={<SalaryIcon currency={job.salaryCurrency} className={iconClass} />}>
          {salaryRange(job.minPrice, job.maxPrice, job.salaryType, job.salaryCurrency)}
        </Chip>
        <Chip label="Experience" icon={<GraduationCap aria-hidden="true" className={iconClass} />}>
          {job.experienceLevel}
        </Chip>
        <Chip label="English level" icon={<Languages aria-hidden="true" className={iconClass} />}>
          {job.englishLevel}
        </Chip>
      </ul>
    </article>
  );
}
