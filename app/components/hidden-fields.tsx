import type { HomeQuery } from "#app/lib/home-search.ts";

/** Keeps the parts of the URL state a form does not edit, so a plain GET submit (no JavaScript) keeps them. */
export function HiddenFields({ query }: { query: HomeQuery }) {
  return (
    <>
      {Object.entries(query).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}
