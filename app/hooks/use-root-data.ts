import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** The root loader's data: the signed-in user (or null) and the sign-in methods this install offers. */
export function useRootData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useRootData must be used inside the root route");
  return data;
}

export function useUser() {
  return useRootData().user;
}

/** The operator's board (name, contact details, counters) as the server's configuration gives it. */
export function useSite() {
  return useRootData().site;
}
