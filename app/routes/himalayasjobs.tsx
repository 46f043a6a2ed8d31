import { servicesContext } from "~/context";
import { ExternalSourcePage, type SourcePageConfig } from "~/components/external-source-page";
import { SourceCredit } from "~/components/source-credit";
import { loadSourcePage } from "../../server/sources/page-data";
import type { Route } from "./+types/himalayasjobs";

// No JobPosting structured data here: Himalayas' terms forbid passing its listings on to aggregators such as Google Jobs.
export const meta: Route.MetaFunction = () => [
  { title: "Himalayas Jobs | Job Board" },
  { name: "description", content: "Remote jobs from Himalayas, searchable by title, company and location." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  return loadSourcePage(database.db, env, "himalayas", new URL(request.url));
}

const config: SourcePageConfig = {
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
      Remote jobs from{" "}
      <a href="https://himalayas.app" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
        Himalayas
      </a>
    </>
  ),
};

export default function HimalayasJobs({ loaderData }: Route.ComponentProps) {
  return <ExternalSourcePage data={loaderData} config={config} />;
}
