import { servicesContext } from "~/context";
import { ExternalSourcePage, type SourcePageConfig } from "~/components/external-source-page";
import { loadSourcePage } from "../../server/sources/page-data";
import type { Route } from "./+types/adzunajobs";

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

export const meta: Route.MetaFunction = () => [
  { title: "Adzuna Jobs | Job Board" },
  { name: "description", content: "Jobs by Adzuna, searchable by title, company, description and location." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const data = await loadSourcePage(database.db, env, "adzuna", new URL(request.url));
  return { ...data, adzunaSite: ADZUNA_SITES[env.ADZUNA_COUNTRY] ?? "https://www.adzuna.com" };
}

/** Adzuna's terms: every ad carries "Jobs by Adzuna", at least 116×23 px, both words linked. */
function JobsByAdzuna({ site }: { site: string }) {
  const link = "font-semibold text-brand-700 underline";
  return (
    <p className="inline-flex min-h-[23px] min-w-[116px] items-center gap-1 text-sm text-slate-700" onClick={(event) => event.stopPropagation()}>
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

export default function AdzunaJobs({ loaderData }: Route.ComponentProps) {
  const config: SourcePageConfig = {
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
      credit: () => <JobsByAdzuna site={loaderData.adzunaSite} />,
    },
    attribution: <JobsByAdzuna site={loaderData.adzunaSite} />,
  };
  return <ExternalSourcePage data={loaderData} config={config} />;
}
