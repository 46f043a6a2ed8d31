import type { Db } from "#server/db/client.ts";

/**
 * Answers kept per database for `ttlMs`, at most `max` of them, the oldest dropped first: what a search asks of the
 * database that changes far more slowly than searches come (whether a word is a listing's, which locations a name
 * names, the planner's estimate of a word). Never a search's results: those are always read.
 */
export function rememberedPerDb<V>({ ttlMs, max }: { ttlMs: number; max: number }) {
  const byDb = new WeakMap<Db, Map<string, { value: V; until: number }>>();
  const entries = (db: Db) => {
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = new Map()));
    return kept;
  };
  return {
    /** The answer kept for `key`, unless there is none or it is older than `ttlMs`. */
    get(db: Db, key: string): V | undefined {
      const kept = entries(db).get(key);
      return kept && kept.until > Date.now() ? kept.value : undefined;
    },
    set(db: Db, key: string, value: V): void {
      const kept = entries(db);
      kept.delete(key);
      // A Map iterates in insertion order: the first key is the oldest.
      if (kept.size >= max) kept.delete(kept.keys().next().value as string);
      kept.set(key, { value, until: Date.now() + ttlMs });
    },
    forget(db: Db, key: string): void {
      entries(db).delete(key);
    },
  };
}
