import { useEffect, useState } from "react";

/**
 * What a visitor typed into server-rendered, controlled inputs before the page's scripts ran (a slow phone): React's
 * first render puts the state's empty values back into those inputs. The first render reads the inputs by id while
 * they still hold the text, and `restore` gets it back once the page has hydrated, so nothing typed is lost and the
 * first render still matches the server's HTML.
 */
export function useTypedBeforeHydration<Name extends string>(
  ids: Record<Name, string>,
  restore: (typed: Partial<Record<Name, string>>) => void,
) {
  const [typed] = useState(() => {
    const found: Partial<Record<Name, string>> = {};
    if (typeof document === "undefined") return found;
    for (const name of Object.keys(ids) as Name[]) {
      const input = document.getElementById(ids[name]);
      if ((input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) && input.value)
        found[name] = input.value;
    }
    return found;
  });
  useEffect(() => {
    if (Object.keys(typed).length > 0) restore(typed);
    // Once, after hydration: `typed` never changes, and `restore` is only how to put it back.
  }, []);
}
