import { Link } from "react-router";
import { AdminCards } from "#app/components/admin-cards.tsx";
import { AdminErrorPage, AdminPage } from "#app/components/admin-page.tsx";
import { loadForAdmin } from "#app/context.server.ts";
import { unlisted } from "#app/lib/meta.ts";
import { statusLabel } from "#shared/moderation.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) => unlisted(matches, "Review queue");

/** Admins only; everyone else gets the same 404 as a page that does not exist (ADR 0011). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const queue = await loadForAdmin(context, request, (moderation, viewer) => moderation.listQueue({ viewer }));
  return { queue };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { queue } = loaderData;
  return (
    <AdminPage title="Review queue" intro="Listings waiting for review and listings readers reported, newest first.">
      <Link to="/admin/messages" className="mt-2 inline-block font-medium text-brand-700 underline">
        Contact messages and their delivery
      </Link>{" "}
      ·{" "}
      <Link to="/admin/companies" className="mt-2 inline-block font-medium text-brand-700 underline">
        Companies: verification and merging
      </Link>
      <AdminCards items={queue} label="Waiting for review" empty="Nothing is waiting for review.">
        {(item) => (
          <>
            <Link to={`/admin/jobs/${item.id}`} className="text-lg font-semibold text-brand-700 underline">
              {item.title} at {item.companyName}
            </Link>
            <p className="mt-1 text-sm text-slate-700">
              {statusLabel(item.status, item.statusReason)}
              {item.openReports > 0
                ? ` · ${item.openReports} open ${item.openReports === 1 ? "report" : "reports"}`
                : ""}
              {item.ownerEmail ? ` · by ${item.ownerEmail}` : ""} ·{" "}
              <time dateTime={item.since}>{new Date(item.since).toUTCString()}</time>
            </p>
          </>
        )}
      </AdminCards>
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
