import { servicesContext } from "~/context";
import { ExternalSourcePage, type SourcePageConfig } from "~/components/external-source-page";
import { loadSourcePage } from "../../server/sources/page-data";
import type { Route } from "./+types/jobwiz";

export const meta: Route.MetaFunction = () => [
  { title: "JobWiz Jobs | Job Board" },
  { name: "description", content: "Software engineering jobs from JobWiz, searchable by title, company and location." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  return loadSourcePage(database.db, env, "jobwiz", new URL(request.url));
}

const config: SourcePageConfig = {
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
};

export default function JobWizJobs({ loaderData }: Route.ComponentProps) {
  return <ExternalSourcePage data={loaderData} config={config} />;
}
