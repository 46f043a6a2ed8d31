/** The route state 'from' of spec §2: a location object (client navigation) or a path string. */
export function fromState(state: unknown): string | undefined {
  if (!state || typeof state !== "object" || !("from" in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from === "string") return from;
  if (from && typeof from === "object" && "pathname" in from) {
    const { pathname, search = "", hash = "" } = from as { pathname: string; search?: string; hash?: string };
    return `${pathname}${search}${hash}`;
  }
  return undefined;
}
