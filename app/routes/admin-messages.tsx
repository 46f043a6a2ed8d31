import { AdminCards } from "#app/components/admin-cards.tsx";
import { AdminErrorPage, AdminPage } from "#app/components/admin-page.tsx";
import { loadForAdmin } from "#app/context.server.ts";
import { unlisted } from "#app/lib/meta.ts";
import type { Route } from "./+types/admin-messages";

export const meta: Route.MetaFunction = ({ matches }) => unlisted(matches, "Contact messages");

export async function loader({ request, context }: Route.LoaderArgs) {
  const messages = await loadForAdmin(context, request, (moderation, viewer) =>
    moderation.listContactMessages({ viewer }),
  );
  return { messages };
}

/** Whether the mail reached CONTACT_TO, or why not yet: the outbox keeps trying until it does. */
function deliveryState(message: Route.ComponentProps["loaderData"]["messages"][number]): string {
  if (message.status === "sent") return `Delivered ${new Date(message.sentAt ?? message.receivedAt).toUTCString()}`;
  if (message.attempts === 0) return "Waiting to be sent";
  return `Not delivered yet after ${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"}${message.lastError ? `: ${message.lastError}` : ""}`;
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <AdminPage
      title="Contact messages"
      intro="Messages sent through Contact Us, newest first, and whether each reached the inbox."
      backToQueue
    >
      <AdminCards items={messages} label="Contact messages" empty="No messages yet.">
        {(message) => (
          <>
            <h2 className="font-semibold">{message.subject ?? `Message from ${message.name}`}</h2>
            <p className="text-sm text-slate-700">
              {message.name} &lt;{message.email}&gt; · received{" "}
              <time dateTime={message.receivedAt}>{new Date(message.receivedAt).toUTCString()}</time>
            </p>
            <p className="mt-2 whitespace-pre-line text-slate-800">{message.message}</p>
            <p
              className={`mt-2 text-sm font-medium ${message.status === "sent" ? "text-green-800" : "text-amber-900"}`}
            >
              {deliveryState(message)}
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
