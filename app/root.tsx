import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "#app/components/error-page.tsx";
import { markDocumentHydrated } from "#app/lib/hydration.ts";
import { getSessionUser, servicesContext } from "#app/context.server.ts";
import appCss from "#app/app.css?url";

/** Every page knows who is signed in (and whether they are an admin) and which sign-in methods this install offers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await getSessionUser(context, request);
  return {
    user,
    isAdmin: user ? await services.moderation.canModerate({ viewer: user }) : false,
    auth: services.sessions.signInMethods(),
    site: services.site,
  };
}

// `precedence` makes React hoist the stylesheet as a resource, ahead of the hoisted module preloads: a plain <link> in
// <head> is written after all of them, so the one render-blocking request queued behind some 40 scripts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss, precedence: "high" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The outermost effect runs once the whole page has hydrated: browser tests wait on this instead of guessing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    markDocumentHydrated();
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : status === 403 ? "Not allowed" : "Something went wrong";
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : status === 404
        ? "The page you are looking for does not exist or has moved."
        : "Please try again in a moment.";
  return <ErrorPage status={status} title={title} detail={detail} action={{ to: "/", label: "Back to Find Jobs" }} />;
}
