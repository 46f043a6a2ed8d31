import { AlertTriangle, ArrowLeft, ArrowRight } from "#app/components/icons.tsx";
import { Link } from "react-router";
import { servicesContext } from "#app/context.server.ts";
import { SourceTime } from "#app/components/source-time.tsx";
import { SOURCE_PATHS, type SourceId, type SourceStatus } from "#shared/sources.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/job-sites";

/** Spec: the hub's four cards, in this order, with these routes (the Himalayas card points to /himalayasjobs). */
const CARDS: { source: SourceId; name: string; blurb: string }[] = [
  { source: "remoteok", name: "RemoteOk", blurb: "Remote jobs from around the world." },
  { source: "adzuna", name: "Adzuna", blurb: "Openings collected by Adzuna." },
  { source: "himalayas", name: "Himalayas", blurb: "Remote jobs with salaries and time zones." },
  { source: "jooble", name: "Jooble", blurb: "Openings from Jooble's job search." },
];

const listings = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;

export async function loader({ context }: Route.LoaderArgs) {
  const statuses = await context.get(servicesContext).sources.listStatuses();
  return { statuses: Object.fromEntries(statuses.map((status) => [status.source, status])) };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const names = CARDS.filter((card) => loaded?.statuses[card.source]?.offered).map((card) => card.name);
  const content =
    names.length === 0
      ? "There are no other job sites on this board."
      : `Browse openings from ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`}.`;
  return [{ title: titled(matches, "Job Sites") }, { name: "description", content }];
};

/** The line at the foot of a card: how many jobs, or that the first refresh is still to come. */
function CardCount({ status }: { status: SourceStatus }) {
  if (status.state === "pending") return <>Being fetched for the first time</>;
  return <>{status.count === 1 ? "1 job" : `${status.count} jobs`}</>;
}

/** A source whose last refresh failed says since when, and that what it shows is from then. */
function StaleNote({ status }: { status: SourceStatus }) {
  const since = status.lastSuccessAt ?? status.failingSince;
  return (
    <p className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        Could not be refreshed
        {since ? (
          <>
            {" "}
            since <SourceTime at={since} />
          </>
        ) : null}
        ; showing the {listings(status.count)} from then.
      </span>
    </p>
  );
}

export default function JobSites({ loaderData }: Route.ComponentProps) {
  const { statuses } = loaderData;
  // Only sources that can show something (or are yet to be tried) are cards: the others would lead nowhere.
  const cards = CARDS.filter((card) => statuses[card.source]?.offered);
  const unavailable = Object.values(statuses).filter((status) => status.state === "unavailable");
  const jobWiz = statuses.jobwiz?.offered;
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
      {cards.length > 0 || jobWiz ? (
        <p className="mt-2 text-slate-600">
          Browse openings from other job sites. Apply links take you to the original posting.
        </p>
      ) : (
        <p className="mt-2 text-slate-600">
          There are no other job sites on this board.{" "}
          <Link to="/" className="font-medium text-brand-700 underline">
            Find jobs posted here
          </Link>{" "}
          instead.
        </p>
      )}
      {cards.length > 0 ? (
        <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => {
            const status = statuses[card.source]!;
            return (
              <li key={card.source}>
                <Link
                  to={`/${SOURCE_PATHS[card.source]}`}
                  className="group flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <h2 className="text-xl font-semibold text-slate-900">{card.name}</h2>
                  <p className="text-sm text-slate-600">{card.blurb}</p>
                  {status.state === "stale" ? <StaleNote status={status} /> : null}
                  <p className="mt-auto flex items-center justify-between pt-2 text-sm font-medium text-brand-700">
                    <CardCount status={status} />
                    <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-1" />
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {unavailable.length > 0 ? (
        <ul aria-label="Not available right now" className="mt-6 space-y-1 text-sm text-slate-700">
          {unavailable.map((status) => (
            <li key={status.source}>
              {status.failingSince ? (
                <>
                  {status.name} has been unavailable since <SourceTime at={status.failingSince} />
                </>
              ) : (
                <>{status.name} is unavailable</>
              )}
              : it could not be loaded. Please try again later.
            </li>
          ))}
        </ul>
      ) : null}
      {jobWiz ? (
        <p className="mt-8 text-sm text-slate-600">
          Looking for more? Browse{" "}
          <Link to={`/${SOURCE_PATHS.jobwiz}`} className="font-medium text-brand-700 underline">
            JobWiz jobs
          </Link>{" "}
          too.
        </p>
      ) : null}
    </main>
  );
}
