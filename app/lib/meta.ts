import type { SiteSettings } from "#shared/site.ts";

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/** The board's name from the root loader (the operator's SITE_NAME); absent only when the root loader failed. */
export function siteNameOf(matches: readonly MetaMatch[]): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: SiteSettings } | undefined;
  return root?.site?.name;
}

/** "Page | Board name", the title of every page. */
export function titled(matches: readonly MetaMatch[], page: string): string {
  const name = siteNameOf(matches);
  return name ? `${page} | ${name}` : page;
}

/** The head of a page search engines must not list (the admin screens, the password pages). */
export function unlisted(matches: readonly MetaMatch[], page: string) {
  return [{ title: titled(matches, page) }, { name: "robots", content: "noindex" }];
}
