import {
  Briefcase,
  CalendarDays,
  GraduationCap,
  Languages,
  MapPin,
  TimerOff,
  UserRound,
  Users,
} from "#app/components/icons.tsx";
import type { ReactNode } from "react";
import { data, isRouteErrorResponse } from "react-router";
import { BackLink } from "#app/components/back-link.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { CompanyCard } from "#app/components/company-card.tsx";
import { CompanyLogo } from "#app/components/company-logo.tsx";
import { FavouriteButton } from "#app/components/favourite-button.tsx";
import { JobCard } from "#app/components/job-card.tsx";
import { Chip } from "#app/components/job-card.tsx";
import { ClosedListing } from "#app/components/closed-listing.tsx";
import { DesktopJobActions, MobileJobActions } from "#app/components/job-actions.tsx";
import { RenewListing } from "#app/components/renew-listing.tsx";
import { ReportJob } from "#app/components/report-job.tsx";
import { SalaryIcon } from "#app/components/salary-icon.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { TimedOverlay } from "#app/components/timed-overlay.tsx";
import { VerifiedBadge } from "#app/components/verified-badge.tsx";
import { getSessionUser, pageError, servicesContext } from "#app/context.server.ts";
import { statusLabel } from "#shared/moderation.ts";
import { toBulletLines } from "#app/lib/format.ts";
import { formatLongDate } from "#shared/dates.ts";
import { salaryWithType } from "#shared/money.ts";
import { isExpired, type Job } from "#shared/job.ts";
import { isRenewable } from "#shared/stats.ts";
import { jobPostingLd } from "#app/lib/job-posting-ld.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/job-detail";

/** Spec: a 1.5 s spinner shows before the job. */
export const DETAIL_SPINNER_MS = 1500;

const NOT_FOUND_DETAIL = "This job does not exist or has been removed by the employer.";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { env, jobs, stats } = context.get(servicesContext);
  const viewer = await getSessionUser(context, request);
  const { job, status, statusReason, viewerIsOwner } = await jobs
    .getJobPage({ id: params.id, viewer })
    .catch((error: unknown) => {
      // A malformed id is as absent as an unknown one, for people and for crawlers.
      throw pageError(error, {
        NOT_FOUND: NOT_FOUND_DETAIL,
        VALIDATION_FAILED: { status: 404, message: NOT_FOUND_DETAIL },
      });
    });
  const url = `${env.PUBLIC_URL}/jobs/${job._id}`;
  const closed = status === "closed";
  // A closed listing says so rather than that it expired: its employer closed it, whatever its date.
  const expired = isExpired(job.postingDate) && !closed;
  // Only the owner reaches an unpublished listing, and anyone a closed one; neither carries JobPosting data, and both
  // stay out of search engines.
  const published = status === "published";
  // What the listing earned (issue 32): a person's view once a day; its owner looking at it is not one.
  if (published && !expired && !viewerIsOwner) stats.countViewOfPage({ jobId: job._id, request });
  // Gone for good for everyone but its owner (who may renew or reopen it): 410, and the company's live openings.
  const gone = (expired || closed) && !viewerIsOwner;
  const otherOpenings = gone ? await jobs.listOtherOpenings({ companyId: job.companyId, exceptId: job._id }) : [];
  return data(
    {
      job,
      url,
      expired,
      closed,
      otherOpenings,
      noindex: expired || !published,
      unpublished: published || closed ? null : statusLabel(status, statusReason),
      viewerIsOwner,
      canReport: published && !viewerIsOwner,
      // The same rule as My Listings' Renew (the API decides again when it is pressed).
      renewable: viewerIsOwner && published && isRenewable(job.postingDate),
      jsonLd: expired || !published ? null : jobPostingLd(job, url, `${env.PUBLIC_URL}/companies/${job.companySlug}`),
    },
    { status: gone ? 410 : 200 },
  );
}

const summary = (job: Job) => {
  const text = `${job.jobTitle} at ${job.companyName} in ${job.jobLocation}. ${job.description.replace(/\s+/g, " ")}`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
};

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: titled(matches, "Job not found") }, { name: "robots", content: "noindex" }];
  const { job, url, noindex, jsonLd } = loaded;
  const title = titled(matches, `${job.jobTitle} at ${job.companyName}`);
  return [
    { title },
    { name: "description", content: summary(job) },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: summary(job) },
    { property: "og:url", content: url },
    ...(job.companyLogo ? [{ property: "og:image", content: job.companyLogo }] : []),
    // Expired listings stay readable for people who have the link, but leave search results.
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(jsonLd ? [{ "script:ld+json": jsonLd }] : []),
  ];
};

function BulletSection({ title, text }: { title: string; text: string | null }) {
  const lines = toBulletLines(text);
  if (lines.length === 0) return null;
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

const iconClass = "h-3.5 w-3.5";

function JobChips({ job }: { job: Job }) {
  const chips: { label: string; icon: ReactNode; value: string | null }[] = [
    { label: "Location", icon: <MapPin aria-hidden="true" className={iconClass} />, value: job.jobLocation },
    { label: "Gender", icon: <UserRound aria-hidden="true" className={iconClass} />, value: job.gender },
    { label: "English level", icon: <Languages aria-hidden="true" className={iconClass} />, value: job.englishLevel },
    {
      label: "Employment type",
      icon: <Briefcase aria-hidden="true" className={iconClass} />,
      value: job.employmentType,
    },
    {
      label: "Experience",
      icon: <GraduationCap aria-hidden="true" className={iconClass} />,
      value: job.experienceLevel,
    },
    {
      label: "Salary",
      icon: <SalaryIcon currency={job.salaryCurrency} className={iconClass} />,
      value: salaryWithType(job.minPrice, job.maxPrice, job.salaryType, job.salaryCurrency),
    },
    {
      label: "Higher education",
      icon: <GraduationCap aria-hidden="true" className={iconClass} />,
      value: job.higherEducation,
    },
  ];
  return (
    <ul aria-label="Job facts" className="mt-4 flex flex-wrap gap-2">
      {chips
        .filter((chip) => chip.value)
        .map((chip) => (
          <Chip key={chip.label} label={chip.label} icon={chip.icon}>
            {chip.value}
          </Chip>
        ))}
    </ul>
  );
}

export default function JobDetail({ loaderData }: Route.ComponentProps) {
  const { job, url, expired, closed, unpublished, viewerIsOwner, canReport, renewable, otherOpenings } = loaderData;
  return (
    <main className="relative mx-auto max-w-7xl px-4 py-6 max-[769px]:pb-28">
      {/* Spec: 1.5 s spinner first. The job is rendered underneath, so crawlers and no-JS readers get it. */}
      <TimedOverlay
        key={job._id}
        ms={DETAIL_SPINNER_MS}
        className="absolute inset-0 flex justify-center bg-slate-50 pt-32"
      >
        <Spinner label="Loading job" />
      </TimedOverlay>
      <BackLink
        fallback="/"
        className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      />
      {unpublished ? (
        <div role="status" className="mt-4 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-900">
          <p>
            <strong>Only you can see this listing.</strong> Status: {unpublished}.
          </p>
        </div>
      ) : null}
      {expired ? (
        <div
          role="status"
          className="mt-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
        >
          <TimerOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>
            <strong>This listing has expired</strong>. It was posted more than 30 days ago and may no longer accept
            applications.
          </p>
        </div>
      ) : null}
      <ClosedListing
        key={`closed-${job._id}`}
        jobId={job._id}
        jobTitle={job.jobTitle}
        closed={closed}
        owner={viewerIsOwner}
        applicationsPath={viewerIsOwner && job.applyMethod === "board" ? `/my-jobs/${job._id}/applications` : null}
      />
      <RenewListing key={`renew-${job._id}`} jobId={job._id} jobTitle={job.jobTitle} renewable={renewable} />
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-2">
          <div className="flex items-start gap-4">
            <CompanyLogo src={job.companyLogo} companyName={job.companyName} fallback="icon" className="h-16 w-16" />
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-bold text-slate-900">{job.jobTitle}</h1>
              <p className="flex flex-wrap items-center gap-2 text-slate-600">
                {job.companyName}
                {job.companyVerified ? <VerifiedBadge /> : null}
              </p>
            </div>
            <FavouriteButton job={job} />
          </div>
          <JobChips job={job} />
          <section className="mt-6">
            <h2 className="text-lg font-semibold">Skills</h2>
            {job.skills.length > 0 ? (
              <ul aria-label="Skills" className="mt-2 flex flex-wrap gap-2">
                {job.skills.map((skill) => (
                  <li
                    key={skill.value}
                    className="rounded-md bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800"
                  >
                    {skill.label}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-600">No skills listed</p>
            )}
          </section>
          <p className="mt-4 flex items-center gap-2 text-slate-700">
            <Users aria-hidden="true" className="h-4 w-4" />
            Openings: <strong>{job.postionopens}</strong>
          </p>
          {closed ? null : <DesktopJobActions job={job} url={url} />}
          <BulletSection title="Description" text={job.description} />
          <BulletSection title="Responsibilities" text={job.responsibilities} />
          <BulletSection title="Requirements" text={job.requirements} />
          <p className="mt-8 flex items-center gap-2 text-sm text-slate-600">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <span>
              Posted on <time dateTime={job.postingDate}>{formatLongDate(job.postingDate)}</time>
            </span>
          </p>
          {canReport ? <ReportJob jobId={job._id} /> : null}
        </article>
        <div>
          <CompanyCard job={job} />
        </div>
      </div>
      {otherOpenings.length > 0 ? (
        <section aria-labelledby="other-openings" className="mt-8">
          <h2 id="other-openings" className="text-lg font-semibold">
            Other openings at {job.companyName}
          </h2>
          <ul className="mt-3 grid gap-4 lg:grid-cols-2">
            {otherOpenings.map((opening) => (
              <li key={opening._id}>
                <JobCard job={opening} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {closed ? null : <MobileJobActions key={job._id} job={job} url={url} coveredMs={DETAIL_SPINNER_MS} />}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage
        status={404}
        title="Job not found"
        detail={typeof error.data === "string" ? error.data : NOT_FOUND_DETAIL}
      />
    );
  }
  return (
    <ErrorPage
      status={500}
      title="Something went wrong"
      detail="We could not load this job. Please try again in a moment."
      action={{ to: "/", label: "Back to Find Jobs" }}
    />
  );
}
