import { useCallback, useEffect, useRef, useState } from "react";

/** Spec §4: popups and sheets go closed → open → closing, and are cleared 300 ms after closing starts. */
export const SHEET_CLOSE_MS = 300;

export type SheetState = "closed" | "open" | "closing";

export function useSheet() {
  const [state, setState] = useState<SheetState>("closed");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const open = useCallback(() => {
    clearTimeout(timer.current);
    setState("open");
  }, []);

  const close = useCallback(() => {
    setState((current) => (current === "open" ? "closing" : current));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("closed"), SHEET_CLOSE_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { state, open, close };
}
