import { useSite } from "#app/hooks/use-root-data.ts";

/** The operator's board name (SITE_NAME) inside running text, such as the legal pages' module-level sections. */
export function SiteName() {
  return <>{useSite().name}</>;
}
