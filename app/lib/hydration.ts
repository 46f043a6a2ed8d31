let hydrated = false;

/** Called by the root layout once the server-rendered document has hydrated. */
export function markDocumentHydrated(): void {
  hydrated = true;
}

/** False while the server renders and while the browser hydrates its HTML; true for anything mounted later (in-app navigation). */
export function isDocumentHydrated(): boolean {
  return hydrated;
}
