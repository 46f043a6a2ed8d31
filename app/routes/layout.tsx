import { Outlet } from "react-router";
import { Footer } from "#app/components/footer.tsx";
import { Header } from "#app/components/header.tsx";
import { VerifyEmailNotice } from "#app/components/verify-email-notice.tsx";
import { getSessionUser, servicesContext } from "#app/context.server.ts";
import type { Route } from "./+types/layout";

/**
 * A signed-in account whose listings wait for its address to be verified is told so on every page, from the moment it
 * signs up until it follows the link: not only on My Listings, where nobody looks first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // Job Sites is in the menus only while some source can show listings (or has yet to be tried).
  const [user, jobSites] = await Promise.all([getSessionUser(context, request), services.sources.anyOffered()]);
  if (!user) return { verifyEmail: null, jobSites };
  const mustVerify = await services.jobs.mustVerifyEmail({ user });
  return { verifyEmail: mustVerify ? user.email : null, jobSites };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header jobSites={loaderData.jobSites} />
      {loaderData.verifyEmail ? (
        <div className="mx-auto w-full max-w-6xl px-4">
          <VerifyEmailNotice email={loaderData.verifyEmail} />
        </div>
      ) : null}
      <div id="main-content" className="flex-1">
        <Outlet />
      </div>
      <Footer jobSites={loaderData.jobSites} />
    </div>
  );
}
