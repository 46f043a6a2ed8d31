import { BellRing } from "#app/components/icons.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { requireUser, servicesContext } from "#app/context.server.ts";
import { describeSearch } from "#shared/alerts.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/my-alerts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "My Job Alerts") },
  { name: "description", content: "The job alerts mailed to your account's address." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { email: user.email, ...(await context.get(servicesContext).alerts.listAlertsOfUser({ user })) };
}

const FREQUENCY: Record<string, string> = { daily: "Daily", weekly: "Weekly", instant: "As soon as posted" };

/** A signed-in user's alerts: those mailed to their address, however they were set up. */
export default function MyAlerts({ loaderData }: Route.ComponentProps) {
  const { email, alerts, manageUrl } = loaderData;
  return (
    <main>
      <PageIntro title="My Job Alerts">Alerts mailed to {email}.</PageIntro>
      <section aria-label="Alerts" className="mx-auto max-w-3xl px-4 py-8">
        {alerts.length === 0 ? (
          <p className="text-slate-700">
            You have no alerts. Search for jobs on the{" "}
            <a href="/" className="font-semibold text-brand-700 underline">
              home page
            </a>{" "}
            and choose &ldquo;Email me new jobs like these&rdquo;.
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {alerts.map((alert) => (
                <li key={alert.id} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
                  <BellRing aria-hidden="true" className="h-5 w-5 text-brand-600" />
                  <div>
                    <a
                      href={`/${new URLSearchParams(alert.search).size ? `?${new URLSearchParams(alert.search)}` : ""}`}
                      className="font-semibold text-brand-700 underline"
                    >
                      {describeSearch(alert.search)}
                    </a>
                    <p className="text-sm text-slate-600">
                      {FREQUENCY[alert.frequency] ?? alert.frequency}
                      {alert.confirmed ? "" : " · not confirmed yet: follow the link in the confirmation mail"}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-6">
              <a href={manageUrl} className="font-semibold text-brand-700 underline">
                Change or delete these alerts
              </a>
            </p>
          </>
        )}
      </section>
    </main>
  );
}
