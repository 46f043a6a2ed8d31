import type { SourceId } from "#shared/sources.ts";
import { SourceCredit } from "#app/components/source-credit.tsx";
import type { SourcePageConfig } from "#app/components/source-page.tsx";

/** Adzuna's local site per market, which its "Jobs by Adzuna" label links to. */
const ADZUNA_SITES: Record<string, string> = {
  gb: "https://www.adzuna.co.uk",
  us: "https://www.adzuna.com",
  in: "https://www.adzuna.in",
  au: "https://www.adzuna.com.au",
  ca: "https://www.adzuna.ca",
  de: "https://www.adzuna.de",
  fr: "https://www.adzuna.fr",
};

export const adzunaSite = (country: string) => ADZUNA_SITES[country] ?? "https://www.adzuna.com";

/** Adzuna's terms: every ad carries "Jobs by Adzuna", at least 116×23 px, both words linked. */
function JobsByAdzuna({ site }: { site: string }) {
  const link = "font-semibold text-brand-700 underline";
  return (
    <p
      className="inline-flex min-h-[23px] min-w-[116px] items-center gap-1 text-sm text-slate-700"
      onClick={(event) => event.stopPropagation()}
    >
      <a href={site} target="_blank" rel="noopener" className={link}>
        Jobs
      </a>
      by
      <a href={site} target="_blank" rel="noopener" className={link}>
        Adzuna
      </a>
    </p>
  );
}

function SiteLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
      {children}
    </a>
  );
}

type PageMeta = { title: string; description: string };

/** What the page needs from the server beyond the listings (Adzuna's credit links to its site for our market). */
export type SourcePageContext = { adzunaSite: string };

/**
 * How each source's page differs (spec §2 and §9): title, search hint, spinner, empty text, card rules and the credit
 * each source's terms ask for. One route module renders them all.
 */
export const SOURCE_PAGE_CONFIGS: Record<
  SourceId,
  { meta: PageMeta; page: (context: SourcePageContext) => SourcePageConfig }
> = {
  remoteok: {
    meta: {
      title: "RemoteOk Jobs",
      description: "Remote jobs from Remote OK, searchable by role, company and location.",
    },
    page: () => ({
      title: "RemoteOk Jobs",
      placeholder: "Search job by role, company and location",
      spinnerMs: 2000,
      emptyText: "Not Jobs Found",
      rules: {
        truncateTitle: true,
        truncateLocation: false,
        salary: "both",
        dollarIcon: true,
        hideApplyOnSmall: false,
        showTags: true,
        // Remote OK's terms: a direct, followed link back to the job on Remote OK.
        applyRel: "",
        credit: (job) => (job.applyUrl ? <SourceCredit href={job.applyUrl} name="Remote OK" /> : null),
      },
      attribution: (
        <>
          Remote jobs via <SiteLink href="https://remoteok.com">Remote OK</SiteLink>
        </>
      ),
    }),
  },
  adzuna: {
    meta: {
      title: "Adzuna Jobs",
      description: "Jobs by Adzuna, searchable by title, company, description and location.",
    },
    page: ({ adzunaSite }) => ({
      title: "Adzuna Jobs",
      placeholder: "Search by title, company, description or location",
      spinnerMs: 2000,
      emptyText: "Not Jobs Found",
      rules: {
        truncateTitle: true,
        truncateLocation: false,
        salary: "both",
        dollarIcon: false,
        hideApplyOnSmall: true,
        showTags: false,
        applyRel: "noreferrer",
        credit: () => <JobsByAdzuna site={adzunaSite} />,
      },
      attribution: <JobsByAdzuna site={adzunaSite} />,
    }),
  },
  // No JobPosting structured data on any source page: Himalayas' terms, for one, forbid passing its listings on to
  // aggregators such as Google Jobs.
  himalayas: {
    meta: {
      title: "Himalayas Jobs",
      description: "Remote jobs from Himalayas, searchable by title, company and location.",
    },
    page: () => ({
      title: "Himalayas Jobs",
      placeholder: "Search by title, company or location",
      spinnerMs: 1500,
      emptyText: "Not Jobs Found",
      rules: {
        truncateTitle: true,
        truncateLocation: true,
        salary: "both",
        dollarIcon: false,
        hideApplyOnSmall: true,
        showTags: false,
        applyRel: "",
        // Himalayas' terms: link to the job's Himalayas page and credit Himalayas as the source.
        credit: (job) => (job.applyUrl ? <SourceCredit href={job.applyUrl} name="Himalayas" /> : null),
      },
      attribution: (
        <>
          Remote jobs from <SiteLink href="https://himalayas.app">Himalayas</SiteLink>
        </>
      ),
    }),
  },
  jooble: {
    meta: { title: "Jooble Jobs", description: "Jobs from Jooble, searchable by title, company and keywords." },
    page: () => ({
      title: "Jooble Jobs",
      placeholder: "Search by title, company or keywords",
      // Spec: Jooble's spinner clears when its request finishes; our data comes with the page.
      spinnerMs: 0,
      emptyText: "Not Jobs Found",
      rules: {
        truncateTitle: true,
        truncateLocation: false,
        salary: "both",
        dollarIcon: false,
        hideApplyOnSmall: true,
        showTags: true,
        applyRel: "noreferrer",
      },
      attribution: (
        <>
          Jobs from <SiteLink href="https://jooble.org">Jooble</SiteLink>
        </>
      ),
    }),
  },
  jobwiz: {
    meta: {
      title: "JobWiz Jobs",
      description: "Software engineering jobs from JobWiz, searchable by title, company and location.",
    },
    page: () => ({
      title: "JobWiz Jobs",
      placeholder: "Search by title, company or location",
      spinnerMs: 2000,
      emptyText: "No jobs found",
      rules: {
        truncateTitle: false,
        truncateLocation: false,
        salary: "jobwiz",
        dollarIcon: false,
        hideApplyOnSmall: true,
        showTags: true,
        applyRel: "noreferrer",
      },
      attribution: <>Jobs from JobWiz (Job Search API)</>,
    }),
  },
};
