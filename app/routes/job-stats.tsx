import { isRouteErrorResponse, Link } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { Protected } from "#app/components/protected.tsx";
import { adminPageError, requireUser, servicesContext } from "#app/context.server.ts";
import { formatLongDate } from "#shared/dates.ts";
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
      throw adminPageError(request, error, {
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

const shortDay = (day: string) => formatLongDate(`${day}T00:00:00Z`);
/** The table's shorter day ("Nov 26, 2026", on a phone "Nov 26"), so five columns fit a 375 px screen. */
const tableDay = (day: string, withYear: boolean) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });

type Measure = "views" | "applyClicks" | "applications";

/** The charts, one per measure: each on its own scale, as views outnumber clicks, and clicks applications. */
const CHARTS: { measure: Measure; label: string; none: string; fill: string }[] = [
  { measure: "views", label: "Views per day", none: "No views yet.", fill: "fill-brand-600" },
  { measure: "applyClicks", label: "Apply clicks per day", none: "No apply clicks yet.", fill: "fill-emerald-700" },
  { measure: "applications", label: "Applications per day", none: "No applications yet.", fill: "fill-amber-700" },
];

/**
 * A chart spans at least two weeks: stretched over the days a new listing has had, its first day's bar filled most of
 * the chart's width, a wall of colour rather than a day.
 */
const FEWEST_DAYS_DRAWN = 14;

/** The day `count` days after `day` (both "YYYY-MM-DD", UTC). */
const daysAfter = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);

/**
 * One measure per day as bars: drawn in SVG for the eye, and described for a screen reader by its label; the table
 * after the charts holds every number.
 */
function DayChart({
  days,
  measure,
  label,
  none,
  fill,
}: {
  days: StatsDay[];
  measure: Measure;
  label: string;
  none: string;
  fill: string;
}) {
  const peak = Math.max(0, ...days.map((day) => day[measure]));
  const most = Math.max(1, peak);
  const slots = Math.max(days.length, FEWEST_DAYS_DRAWN);
  const width = slots * 10;
  const total = days.reduce((sum, day) => sum + day[measure], 0);
  const first = days[0];
  const last = days.at(-1);
  const axisEnd = first ? daysAfter(first.day, slots - 1) : undefined;
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium text-slate-700">
        {label}: {total.toLocaleString("en-US")} in all
      </figcaption>
      {total === 0 ? (
        // An empty frame read as a chart that failed to draw.
        <p className="mt-1 flex h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white text-sm text-slate-600 sm:h-32">
          {none}
        </p>
      ) : (
        <>
          <svg
            role="img"
            aria-label={`${label}, ${first ? shortDay(first.day) : ""} to ${last ? shortDay(last.day) : ""}: ${total} in all, at most ${peak} in a day`}
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            className="mt-1 h-24 w-full rounded-lg border border-slate-200 bg-white sm:h-32"
          >
            {days.map((day, index) => {
              const height = (day[measure] / most) * 92;
              return (
                <rect key={day.day} x={index * 10 + 1.5} y={100 - height} width={7} height={height} className={fill} />
              );
            })}
          </svg>
          <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
            <span>{first ? shortDay(first.day) : null}</span>
            <span>{axisEnd ? shortDay(axisEnd) : null}</span>
          </div>
        </>
      )}
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
          {job.companyName} · posted on {formatLongDate(postingDate)} · {expired ? "expired" : "expires"} on{" "}
          {formatLongDate(expiresAt)}
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
          {CHARTS.map((chart) => (
            <DayChart key={chart.measure} days={days} {...chart} />
          ))}
          {/* Fits a 375 px screen; a narrower one scrolls the table, which the keyboard can then reach. */}
          <div
            role="region"
            aria-label="Per day, in numbers"
            tabIndex={0}
            className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full text-left text-xs sm:text-sm">
              <caption className="sr-only">Views, Apply clicks, applications and search impressions per day</caption>
              <thead className="bg-slate-100 text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-3">
                    Day
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                    Views
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                    Apply clicks
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                    Applications
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                    Shown in search results
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.day} className="border-t border-slate-200">
                    <th scope="row" className="whitespace-nowrap px-2 py-1.5 font-normal sm:px-3">
                      <time dateTime={day.day}>
                        <span className="sm:hidden">{tableDay(day.day, false)}</span>
                        <span className="max-sm:hidden">{tableDay(day.day, true)}</span>
                      </time>
                    </th>
                    <td className="px-2 py-1.5 sm:px-3 text-right">{day.views}</td>
                    <td className="px-2 py-1.5 sm:px-3 text-right">{day.applyClicks}</td>
                    <td className="px-2 py-1.5 sm:px-3 text-right">{day.applications}</td>
                    <td className="px-2 py-1.5 sm:px-3 text-right">{day.impressions}</td>
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
