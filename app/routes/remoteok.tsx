import { servicesContext } from "~/context";
import { ExternalSourcePage, type SourcePageConfig } from "~/components/external-source-page";
import { SourceCredit } from "~/components/source-credit";
import { loadSourcePage } from "../../server/sources/page-data";
import type { Route } from "./+types/remoteok";

export const meta: Route.MetaFunction = () => [
  { title: "RemoteOk Jobs | Job Board" },
  { name: "description", content: "Remote jobs from Remote OK, searchable by role, company and location." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  return loadSourcePage(database.db, env, "remoteok", new URL(request.url));
}

const config: SourcePageConfig = {
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
      Remote jobs via{" "}
      <a href="https://remoteok.com" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
        Remote OK
      </a>
    </>
  ),
};

export default function RemoteOkJobs({ loaderData }: Route.ComponentProps) {
  return <ExternalSourcePage data={loaderData} config={config} />;
}
