import { useSyncExternalStore } from "react";

/** Spec §9: 768 px or narrower is mobile. */
export const MOBILE_QUERY = "(max-width: 768px)";

/** Whether a media query matches; false while server-rendering (layout there is CSS-only). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
