import { servicesContext } from "~/context";
import { ExternalSourcePage, type SourcePageConfig } from "~/components/external-source-page";
import { loadSourcePage } from "../../server/sources/page-data";
import type { Route } from "./+types/jooblejobs";

export const meta: Route.MetaFunction = () => [
  { title: "Jooble Jobs | Job Board" },
  { name: "description", content: "Jobs from Jooble, searchable by title, company and keywords." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  return loadSourcePage(database.db, env, "jooble", new URL(request.url));
}

const config: SourcePageConfig = {
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
      Jobs from{" "}
      <a href="https://jooble.org" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
        Jooble
      </a>
    </>
  ),
};

export default function JoobleJobs({ loaderData }: Route.ComponentProps) {
  return <ExternalSourcePage data={loaderData} config={config} />;
}
