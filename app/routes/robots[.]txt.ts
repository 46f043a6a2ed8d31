import { servicesContext } from "#app/context.server.ts";
import { robotsTxt } from "#app/lib/seo.ts";
import type { Route } from "./+types/robots[.]txt";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return new Response(robotsTxt(env.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
