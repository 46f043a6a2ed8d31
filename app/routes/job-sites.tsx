import { ArrowLeft, ArrowRight } from "#app/components/icons.tsx";
import { Link } from "react-router";
import { servicesContext } from "#app/context.server.ts";
import { SOURCE_PATHS, type SourceId } from "#shared/sources.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/job-sites";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Job Sites") },
  { name: "description", content: "Browse openings from RemoteOk, Adzuna, Himalayas and Jooble." },
];

/** Spec: the hub's four cards, in this order, with these routes (the Himalayas card points to /himalayasjobs). */
const CARDS: { source: SourceId; name: string; blurb: string }[] = [
  { source: "remoteok", name: "RemoteOk", blurb: "Remote jobs from around the world." },
  { source: "adzuna", name: "Adzuna", blurb: "Openings collected by Adzuna." },
  { source: "himalayas", name: "Himalayas", blurb: "Remote jobs with salaries and time zones." },
  { source: "jooble", name: "Jooble", blurb: "Openings from Jooble's job search." },
];

export async function loader({ context }: Route.LoaderArgs) {
  const statuses = await context.get(servicesContext).sources.listStatuses();
  return { statuses: Object.fromEntries(statuses.map((status) => [status.source, status])) };
}

export default function JobSites({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <Link
        to="/"
        className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Find Jobs
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Job Sites</h1>
      <p className="mt-2 text-slate-600">
        Browse openings from other job sites. Apply links take you to the original posting.
      </p>
      <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((card) => {
          const status = loaderData.statuses[card.source];
          return (
            <li key={card.source}>
              <Link
                to={`/${SOURCE_PATHS[card.source]}`}
                className="group flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <h2 className="text-xl font-semibold text-slate-900">{card.name}</h2>
                <p className="text-sm text-slate-600">{card.blurb}</p>
                <p className="mt-auto flex items-center justify-between pt-2 text-sm font-medium text-brand-700">
                  {status?.configured ? `${status.count} jobs` : "Not connected yet"}
                  <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-1" />
                </p>
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="mt-8 text-sm text-slate-600">
        Looking for more? Browse{" "}
        <Link to={`/${SOURCE_PATHS.jobwiz}`} className="font-medium text-brand-700 underline">
          JobWiz jobs
        </Link>{" "}
        too.
      </p>
    </main>
  );
}
