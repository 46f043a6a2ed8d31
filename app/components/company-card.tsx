import { useId, useState } from "react";
import { Link } from "react-router";
import { truncate } from "#app/lib/format.ts";
import type { Job } from "#shared/job.ts";
import { CompanyLogo } from "#app/components/company-logo.tsx";
import { SocialIcon, type SocialKind } from "#app/components/social-icon.tsx";
import { VerifiedBadge } from "#app/components/verified-badge.tsx";

/** Spec: the company description is cut at 100 characters behind Read More / Read Less. */
export const COMPANY_DESCRIPTION_LIMIT = 100;

export function CompanyCard({ job }: { job: Job }) {
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const short = truncate(job.companyDec, COMPANY_DESCRIPTION_LIMIT);
  const links: { href: string | null; kind: SocialKind; label: string }[] = [
    { href: job.companySite, kind: "site", label: "Company website" },
    { href: job.companyFacebook, kind: "facebook", label: "Facebook" },
    { href: job.companyLinkedin, kind: "linkedin", label: "LinkedIn" },
    { href: job.companyInstagram, kind: "instagram", label: "Instagram" },
    { href: job.companyTwitter, kind: "twitter", label: "Twitter" },
  ];
  const present = links.filter((link): link is typeof link & { href: string } => Boolean(link.href));

  return (
    <aside aria-labelledby="company-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <CompanyLogo src={job.companyLogo} companyName={job.companyName} fallback="icon" className="h-14 w-14" />
        <div>
          <h2 id="company-title" className="text-lg font-semibold">
            <Link to={`/companies/${job.companySlug}`} className="hover:text-brand-700 hover:underline">
              {job.companyName}
            </Link>
          </h2>
          {job.companyVerified ? <VerifiedBadge className="mt-1" /> : null}
          <p className="text-sm text-slate-600">{job.Industry}</p>
        </div>
      </div>
      <p id={descriptionId} className="mt-4 text-sm whitespace-pre-line text-slate-700">
        {expanded ? job.companyDec : short.text}
      </p>
      {short.truncated ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={descriptionId}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 block text-sm font-semibold text-brand-700 hover:underline"
        >
          {expanded ? "Read Less" : "Read More"}
        </button>
      ) : null}
      <Link
        to={`/companies/${job.companySlug}`}
        className="mt-4 block w-fit text-sm font-semibold text-brand-700 hover:underline"
      >
        All jobs at {job.companyName}
      </Link>
      {present.length > 0 ? (
        <ul aria-label={`${job.companyName} online`} className="mt-4 flex gap-2">
          {present.map((link) => (
            <li key={link.kind}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={link.label}
                className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-50 text-brand-700 hover:bg-brand-100"
              >
                <SocialIcon kind={link.kind} className="h-4 w-4" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
