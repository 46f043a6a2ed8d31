import { isRouteErrorResponse, Link } from "react-router";
import { BackLink } from "#app/components/back-link.tsx";
import { CompanyLogo } from "#app/components/company-logo.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { ChevronLeft, ChevronRight } from "#app/components/icons.tsx";
import { JobCard } from "#app/components/job-card.tsx";
import { SocialIcon, type SocialKind } from "#app/components/social-icon.tsx";
import { VerifiedBadge } from "#app/components/verified-badge.tsx";
import { getSessionUser, pageError, servicesContext } from "#app/context.server.ts";
import { titled } from "#app/lib/meta.ts";
import { organizationLd } from "#app/lib/organization-ld.ts";
import { HOME_PAGE_SIZE } from "#shared/job.ts";
import type { Company } from "#shared/companies.ts";
import type { Route } from "./+types/company";

const NOT_FOUND = "This company does not exist, or it was merged into another one.";

/** A company's page (issue 32): its details once, and its live listings a home page's worth at a time. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { env, companies, jobs } = context.get(servicesContext);
  const notFound = (error: unknown) =>
    pageError(error, { NOT_FOUND, VALIDATION_FAILED: { status: 404, message: NOT_FOUND } });
  const company = await companies.getCompany({ slug: params.slug }).catch((error: unknown) => {
    throw notFound(error);
  });
  const page = (() => {
    try {
      return companies.parsePageQuery(Object.fromEntries(new URL(request.url).searchParams));
    } catch {
      return 1;
    }
  })();
  const [{ jobs: listings, total }, viewer] = await Promise.all([
    jobs.listCompanyJobs({ companyId: company.id, page }),
    getSessionUser(context, request),
  ]);
  const url = `${env.PUBLIC_URL}/companies/${company.slug}`;
  return {
    company,
    jobs: listings,
    total,
    page,
    totalPages: Math.max(1, Math.ceil(total / HOME_PAGE_SIZE)),
    url,
    canonicalUrl: page > 1 ? `${url}?page=${page}` : url,
    canEdit:
      viewer !== null && (await companies.listMyCompanies({ user: viewer })).some((own) => own.id === company.id),
  };
}

const summary = (company: Company) => {
  const text = `${company.name} (${company.industry}): open positions. ${company.description.replace(/\s+/g, " ")}`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
};

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: titled(matches, "Company not found") }, { name: "robots", content: "noindex" }];
  const { company, url, canonicalUrl } = loaded;
  const title = titled(matches, `Jobs at ${company.name}`);
  return [
    { title },
    { name: "description", content: summary(company) },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: summary(company) },
    { property: "og:url", content: canonicalUrl },
    ...(company.logo ? [{ property: "og:image", content: company.logo }] : []),
    { "script:ld+json": organizationLd(company, url) },
  ];
};

function CompanyLinks({ company }: { company: Company }) {
  const links: { href: string | null; kind: SocialKind; label: string }[] = [
    { href: company.site, kind: "site", label: "Company website" },
    { href: company.linkedin, kind: "linkedin", label: "LinkedIn" },
    { href: company.facebook, kind: "facebook", label: "Facebook" },
    { href: company.instagram, kind: "instagram", label: "Instagram" },
    { href: company.twitter, kind: "twitter", label: "Twitter" },
  ];
  const present = links.filter((link): link is typeof link & { href: string } => Boolean(link.href));
  if (present.length === 0) return null;
  return (
    <ul aria-label={`${company.name} online`} className="mt-4 flex flex-wrap gap-2">
      {present.map((link) => (
        <li key={link.kind}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-100"
          >
            <SocialIcon kind={link.kind} className="h-4 w-4" />
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

const pagerLink =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100";

/** Previous and Next as links with the home page's 'page / total pages' between them; they work without JavaScript. */
function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={`?page=${page - 1}`} className={pagerLink}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </Link>
      ) : null}
      <p className="text-sm font-medium text-slate-700">
        <span className="sr-only">Page </span>
        {page} / {totalPages}
      </p>
      {page < totalPages ? (
        <Link to={`?page=${page + 1}`} className={pagerLink}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { company, jobs, total, page, totalPages, canEdit } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <BackLink
        fallback="/"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      />
      <section
        aria-labelledby="company-name"
        className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <CompanyLogo src={company.logo} companyName={company.name} fallback="icon" className="h-20 w-20" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 id="company-name" className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
                {company.name}
              </h1>
              {company.verified ? <VerifiedBadge /> : null}
            </div>
            <p className="mt-1 text-slate-600">{company.industry}</p>
            <CompanyLinks company={company} />
          </div>
          {canEdit ? (
            <Link
              to={`/companies/${company.slug}/edit`}
              className="self-start rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              Edit company
            </Link>
          ) : null}
        </div>
        <h2 className="sr-only">About {company.name}</h2>
        <p className="mt-6 whitespace-pre-line text-slate-700">{company.description}</p>
      </section>
      <section aria-labelledby="company-jobs" className="mt-8">
        <h2 id="company-jobs" className="text-xl font-semibold text-slate-900">
          Open positions <span className="font-normal text-slate-600">({total.toLocaleString("en-US")})</span>
        </h2>
        {jobs.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white py-12 text-center text-slate-700">
            {company.name} has no open positions on the board right now.
          </p>
        ) : (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {jobs.map((job) => (
              <li key={job._id}>
                <JobCard job={job} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} totalPages={totalPages} />
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage
        status={404}
        title="Company not found"
        detail={typeof error.data === "string" ? error.data : NOT_FOUND}
        action={{ to: "/", label: "Back to Find Jobs" }}
      />
    );
  }
  return (
    <ErrorPage
      status={500}
      title="Something went wrong"
      detail="We could not load this company. Please try again in a moment."
      action={{ to: "/", label: "Back to Find Jobs" }}
    />
  );
}
