import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { searchTerms } from "#server/db/schema.ts";
import { lexemeWords, type SearchQuery } from "#server/jobs/query.ts";

/**
 * Edits between two words: a letter changed, missing, added, or two neighbours swapped, each one edit (the
 * optimal-string-alignment distance). "pyhton" is one edit from "python", where plain Levenshtein counts two.
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  // Three rows of the table, reused: a search that found nothing measures each unknown word against 24 terms, twice.
  let twoAbove = new Int32Array(y.length + 1);
  let above = Int32Array.from({ length: y.length + 1 }, (_, j) => j);
  let row = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, (twoAbove[j - 2] as number) + 1);
      }
      row[j] = best;
    }
    [twoAbove, above, row] = [above, row, twoAbove];
  }
  return above[y.length] as number;
}

/**
 * How many edits a word may be away from the one meant: none under 5 letters or with a digit (short words and numbers
 * match exactly or by prefix: "Role 07" is never "Role 08"), one up to 5 letters, two from 6.
 */
export function editsAllowed(word: string): number {
  const length = [...word].length;
  if (length < 5 || /\d/.test(word)) return 0;
  return length === 5 ? 1 : 2;
}

/** Nearest stored terms looked at per word: the trigram index orders them by likeness, the edit distance decides. */
const NEAREST = 24;

/** Of equally near words, this many at most stand in for a misspelt one. */
const MOST_STAND_INS = 3;

/**
 * The query's words that no known term starts with (typos, or words no listing has), each with the stored terms
 * nearest to it, nearest first by trigram likeness: in one statement, as a search that found nothing asks it of each
 * of its words, first for a correction and then for a suggestion.
 */
async function nearestToUnknown(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const nearest = new Map<string, string[]>();
  if (words.length === 0) return nearest;
  const rows = await rowsOf(
    db,
    sql`SELECT word, near.term FROM unnest(${`{${words.join(",")}}`}::text[]) AS word
      CROSS JOIN LATERAL (SELECT ${searchTerms.term} AS term, ${searchTerms.term} <-> word AS apart FROM ${searchTerms}
        ORDER BY ${searchTerms.term} <-> word LIMIT ${NEAREST}) AS near
      WHERE NOT EXISTS (SELECT 1 FROM ${searchTerms}
        WHERE ${termsStartingWith(sql`word`)})
      ORDER BY word, near.apart, near.term`,
  );
  for (const { word, term } of rows) nearest.set(String(word), [...(nearest.get(String(word)) ?? []), String(term)]);
  return nearest;
}

/**
 * The stored terms that start with `prefix`: a range of the primary key, as the terms are in the C collation (migration
 * 0015).
 */
export const termsStartingWith = (prefix: SQL): SQL =>
  sql`${searchTerms.term} >= ${prefix} COLLATE "C" AND ${searchTerms.term} < (${prefix} || chr(1114111)) COLLATE "C"`;

export type Correction = { query: SearchQuery; text: string };

/**
 * What a text that found nothing could be instead, from one lookup of its unknown words (nearestToUnknown):
 * `applied`, each unknown word of 5 letters or more replaced by the known terms within editsAllowed (a correction run
 * at once); `suggested`, any unknown word of 3 letters or more replaced by its likeliest term up to a third of its
 * length away (a suggestion the seeker chooses). Each undefined when it would change nothing.
 */
export async function correctionsOf(
  db: Db,
  query: SearchQuery,
): Promise<{ applied?: Correction; suggested?: Correction }> {
  const candidates = query.groups.flatMap((group) =>
    group.quoted || group.alternatives.length > 1 ? [] : lexemeWords(group.typed),
  );
  const nearest = await nearestToUnknown(db, [
    ...new Set(candidates.filter((word) => [...word].length >= 3 && !/\d/.test(word))),
  ]);
  if (nearest.size === 0) return {};
  return {
    applied: correctionWith(query, candidates, nearest, false),
    suggested: correctionWith(query, candidates, nearest, true),
  };
}

function correctionWith(
  query: SearchQuery,
  candidates: string[],
  nearest: Map<string, string[]>,
  loosely: boolean,
): Correction | undefined {
  const eligible = candidates.filter((word) => nearest.has(word) && (loosely || editsAllowed(word) > 0));
  const standIns = new Map<string, string[]>();
  for (const word of new Set(eligible)) {
    const near = (nearest.get(word) ?? []).map((term) => ({ term, distance: editDistance(word, term) }));
    // A suggestion may be further away than a correction, but not so far that it is another word ("qqqzzz" is not "qa").
    const reach = loosely ? Math.ceil([...word].length / 3) : editsAllowed(word);
    const within = near.filter(({ distance }) => distance <= reach);
    const best = Math.min(...within.map(({ distance }) => distance));
    const chosen = within.filter(({ distance }) => distance === best).slice(0, MOST_STAND_INS);
    if (chosen.length > 0)
      standIns.set(
        word,
        chosen.map(({ term }) => term),
      );
  }
  if (standIns.size === 0) return undefined;
  const replace = (text: string, pick: (terms: string[]) => string) =>
    text.replace(/[\p{L}\p{N}]+/gu, (word) => {
      const terms = standIns.get(word);
      return terms ? pick(terms) : word;
    });
  const groups = query.groups.map((group) => {
    const terms = standIns.get(group.typed);
    if (!terms) return group;
    return { ...group, typed: terms[0] as string, alternatives: terms };
  });
  const text = replace(query.full, (terms) => terms[0] as string);
  return { query: { full: text, groups }, text };
}
