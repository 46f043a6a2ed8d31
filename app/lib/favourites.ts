import { useMemo, useSyncExternalStore } from "react";
import { DEFAULT_CURRENCY } from "#shared/currencies.ts";
import type { Job } from "#shared/job.ts";

/** Spec §3: favourites are full job copies in localStorage under 'favorites', identified by _id. */
export const FAVOURITES_KEY = "favorites";
/** Spec §3: fired on window with the new count, so the header badge follows. */
export const FAVOURITES_EVENT = "favoritesUpdated";

export class FavouritesStorageError extends Error {}

function parse(raw: string | null): Job[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    // Anything else in the key (another app, a hand edit) is ignored rather than crashing every page.
    if (!Array.isArray(value)) return [];
    // Copies saved before listings had a currency were priced in rupees.
    return value
      .filter((item): item is Job => typeof item?._id === "string")
      .map((job) => (job.salaryCurrency ? job : { ...job, salaryCurrency: DEFAULT_CURRENCY }));
  } catch {
    return [];
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(FAVOURITES_KEY);
  } catch {
    return null;
  }
}

export function readFavourites(): Job[] {
  return parse(readRaw());
}

function write(favourites: Job[]): void {
  try {
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(favourites));
  } catch {
    throw new FavouritesStorageError("Could not save your favourites: this browser's storage is full or turned off.");
  }
  window.dispatchEvent(new CustomEvent(FAVOURITES_EVENT, { detail: favourites.length }));
}

/** Adds the job, or removes it by _id if it is already saved. Returns whether it is saved afterwards. */
export function toggleFavourite(job: Job): boolean {
  const favourites = readFavourites();
  const saved = favourites.some((item) => item._id === job._id);
  write(saved ? favourites.filter((item) => item._id !== job._id) : [...favourites, job]);
  return !saved;
}

export function removeFavourite(id: string): void {
  write(readFavourites().filter((item) => item._id !== id));
}

function subscribe(onChange: () => void): () => void {
  // 'storage' fires in the other tabs of this origin, so a badge in a second tab follows too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITES_KEY || event.key === null) {
      window.dispatchEvent(new CustomEvent(FAVOURITES_EVENT, { detail: readFavourites().length }));
    }
  };
  window.addEventListener(FAVOURITES_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(FAVOURITES_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved jobs, or null while server-rendering / hydrating (the server cannot see localStorage). */
export function useFavourites(): Job[] | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw() ?? "[]",
    () => null,
  );
  return useMemo(() => (raw === null ? null : parse(raw)), [raw]);
}

export function useFavouriteIds(): ReadonlySet<string> {
  const favourites = useFavourites();
  return useMemo(() => new Set((favourites ?? []).map((job) => job._id)), [favourites]);
}
