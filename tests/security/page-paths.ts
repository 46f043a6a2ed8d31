import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

/**
 * Every page the app serves, read from app/routes.ts itself, so a page added there is checked without a list here to
 * update: `:id` becomes `jobId`, the catch-all a path no page has. Resource routes (a `.ts` module: the sitemap,
 * robots.txt) answer XML or text, not pages.
 */
export function pagePaths(jobId: string): string[] {
  const paths: string[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.children) walk(entry.children);
      if (entry.file.endsWith(".ts")) continue;
      if (entry.index) paths.push("/");
      else if (entry.path !== undefined)
        paths.push(`/${entry.path.replace(/:id\b/g, jobId).replace(/^\*$/, "no-such-page")}`);
    }
  };
  walk(routes);
  return paths;
}
