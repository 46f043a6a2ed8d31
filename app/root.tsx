import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { getSessionUser, servicesContext } from "./context";
import "./app.css";
import { configuredSocialProviders } from "../server/auth";

/** Every page knows who is signed in and which sign-in methods this install offers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return {
    user: await getSessionUser(context, request),
    auth: {
      socialProviders: configuredSocialProviders(env),
      oidc: env.OIDC_ISSUER && env.OIDC_CLIENT_ID ? { id: env.OIDC_PROVIDER_ID, name: env.OIDC_PROVIDER_NAME } : null,
    },
  };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
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
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Job Board`}</title>
      <p className="text-5xl font-bold text-brand-600">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Back to Find Jobs
      </a>
    </main>
  );
}
