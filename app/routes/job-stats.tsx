import { isRouteErrorResponse, Link } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { Protected } from "#app/components/protected.tsx";
import { pageError, requireUser, servicesContext } from "#app/context.server.ts";
import { formatPostedDate } from "#app/lib/format.ts";
import { titled } from "#app/lib/meta.ts";
import type { StatsDay } from "#shared/stats.ts";
import type { Route } from "./+types/job-stats";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: titled(matches, loaderData ? `Stats for ${loaderData.job.title}` : "Stats") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return context
    .get(servicesContext)
    .stats.listingStats({ user, jobId: params.id })
    .catch((error: unknown) => {
      throw pageError(error, {
        NOT_FOUND: "This job does not exist or has been deleted.",
        FORBIDDEN: "Only the employer who posted this job can read its stats.",
      });
    });
}

const TOTALS = [
  ["views", "Views"],
  ["applyClicks", "Apply clicks"],
  ["applications", "Applications"],
  ["impressions", "Shown in search results"],
] as const;

const shortDay = (day: string) => formatPostedDate(`${day}T00:00:00Z`);

/**
 * Views per day as bars: drawn in SVG for the eye, and described for a screen reader by its label; the table after it
 * holds every number.
 */
function ViewsChart({ days }: { days: StatsDay[] }) {
  const peak = Math.max(0, ...days.map((day) => day.views));
  const most = Math.max(1, peak);
  const width = days.length * 10;
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="mt-4">
      <svg
        role="img"
        aria-label={`Views per day, ${first ? shortDay(first.day) : ""} to ${last ? shortDay(last.day) : ""}: ${total} in all, at most ${peak} in a day`}
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        className="h-40 w-full rounded-lg border border-slate-200 bg-white"
      >
        {days.map((day, index) => {
          const height = (day.views / most) * 92;
          return (
            <rect
              key={day.day}
              x={index * 10 + 1.5}
              y={100 - height}
              width={7}
              height={height}
              className="fill-brand-600"
            />
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{first ? shortDay(first.day) : null}</span>
        <span>Views per day</span>
        <span>{last ? shortDay(last.day) : null}</span>
      </figcaption>
    </figure>
  );
}

export default function JobStats({ loaderData }: Route.ComponentProps) {
  const { job, totals, days, postingDate, expiresAt } = loaderData;
  const expired = new Date(expiresAt).getTime() < Date.now();
  return (
    <Protected>
      <main className="mx-auto max-w-4xl px-4 py-8">
        <Link to="/my-job" className="text-sm font-semibold text-brand-700 underline">
          Back to My Listings
        </Link>
        <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Stats for {job.title}</h1>
        <p className="mt-1 text-slate-600">
          {job.companyName} · posted on {formatPostedDate(postingDate)} · {expired ? "expired" : "expires"} on{" "}
          {formatPostedDate(expiresAt)}
        </p>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {TOTALS.map(([key, label]) => (
            <div key={key} className="rounded-xl border border-slate-200 bg-white p-4">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{totals[key].toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="per-day" className="mt-8">
          <h2 id="per-day" className="text-lg font-semibold">
            Per day
          </h2>
          <ViewsChart days={days} />
          <div className="mt-4 rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Views, Apply clicks and search impressions per day</caption>
              <thead className="bg-slate-100 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Views
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Apply clicks
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Impressions
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.day} className="border-t border-slate-200">
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      <time dateTime={day.day}>{shortDay(day.day)}</time>
                    </th>
                    <td className="px-3 py-1.5 text-right">{day.views}</td>
                    <td className="px-3 py-1.5 text-right">{day.applyClicks}</td>
                    <td className="px-3 py-1.5 text-right">{day.impressions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            A person is counted once a day, and search engines and other bots not at all. New counts appear within a
            minute. No cookie is set and nothing that identifies a visitor is kept.
          </p>
        </section>
      </main>
    </Protected>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) {
    return (
      <ErrorPage
        status={error.status}
        title={error.status === 403 ? "Not your listing" : "Job not found"}
        detail={typeof error.data === "string" ? error.data : "This job does not exist."}
        action={{ to: "/my-job", label: "Back to My Listings" }}
      />
    );
  }
  return (
    <ErrorPage
      status={500}
      title="Something went wrong"
      detail="We could not load the stats. Please try again in a moment."
      action={{ to: "/my-job", label: "Back to My Listings" }}
    />
  );
}
