import { data } from "react-router";
import { servicesContext } from "#app/context.server.ts";
import { SourcePage } from "#app/components/source-page.tsx";
import { adzunaSite, SOURCE_PAGE_CONFIGS } from "#app/components/source-page-configs.tsx";
import { sourceAtPath } from "#shared/sources.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/source-jobs";

/** One module for every source's page (routes.ts mounts it at each source's path); the path says which source. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const source = sourceAtPath(url.pathname);
  if (!source) throw data("The page you are looking for does not exist or has moved.", { status: 404 });
  const { env, sources } = context.get(servicesContext);
  const page = await sources.loadSourcePage({ source, url });
  return { ...page, source, adzunaSite: adzunaSite(env.ADZUNA_COUNTRY) };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: titled(matches, "Job Sites") }];
  const { title, description } = SOURCE_PAGE_CONFIGS[loaded.source].meta;
  return [{ title: titled(matches, title) }, { name: "description", content: description }];
};

export default function SourceJobs({ loaderData }: Route.ComponentProps) {
  const config = SOURCE_PAGE_CONFIGS[loaderData.source].page({ adzunaSite: loaderData.adzunaSite });
  return <SourcePage key={loaderData.source} data={loaderData} config={config} />;
}
