import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { JobSearch } from "#shared/job.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { jobLocations, jobs, jobTitles, searchTerms } from "#server/db/schema.ts";
import { estimateRows } from "#server/jobs/counts.ts";
import { columnIn, containsPattern, searchConditions } from "#server/jobs/filters.ts";
import { EVERY_LIVE_JOB } from "#server/jobs/repository.ts";
import {
  lexemeWords,
  parseSearchQuery,
  synonymKey,
  type QueryGroup,
  type SearchQuery,
  type Synonyms,
} from "#server/jobs/query.ts";
import { columnsNamed, namedColumns } from "#server/jobs/named-columns.ts";
import {
  asIndexed,
  groupMatches,
  groupTsqueries,
  textCandidates,
  textMatches,
  tierOf,
} from "#server/jobs/relevance.ts";
import { rememberedPerDb } from "#server/jobs/remembered.ts";
import { termsStartingWith } from "#server/jobs/typos.ts";

/*
 * What a search's parameters become in SQL (ADR 27, ADR 38): the spec's filters, a short text or location looked up
 * first, a location turned into the few values it matches, and a text read as words, with the place it may name and
 * how each match ranks. The pages are read in server/jobs/search.ts.
 */

/** A 1–2 character text, whose lower-cased form has as many characters (so the grams index holds it as it is). */
function isShortText(text: string): boolean {
  const length = [...text].length;
  return length <= 2 && [...text.toLowerCase()].length === length;
}

/** At most this many rows holding a short piece are listed by id; more, and the piece is common. */
const SHORT_TEXT_CANDIDATES = 1_000;

/**
 * "Contains" for a 1–2 character text (ADR 20). It has no trigram, so the trigram index would read every row to
 * rule nothing out, and walking the list index reads every live row when nothing matches (2 s at 1M for 'zx'). The
 * grams index (migration 0006) holds each 1–2 character piece of the lower-cased column: a piece the statistics
 * call common is left to the list walk, which meets matches at once; otherwise the index lists the rows holding
 * it (none, or a few thousand at most) and the search runs over those ids. Either way the lower-cased LIKE is the
 * rule, on `column || ''` so the planner cannot choose the trigram index for it.
 */
async function shortTextFilter(db: Db, column: typeof jobs.title | typeof jobs.location, text: string): Promise<SQL> {
  const lowered = column === jobs.title ? jobs.titleLower : jobs.locationLower;
  const matches = sql`(${lowered} || '') LIKE lower(${containsPattern(text)})`;
  const holding = sql`job_text_grams(${column}) @> ARRAY[lower(${text})]`;
  if ((await estimateRows(db, holding)) > 10 * SHORT_TEXT_CANDIDATES) return matches;
  const ids = (
    await rowsOf(db, sql`SELECT ${jobs.id} AS id FROM ${jobs} WHERE ${holding} LIMIT ${SHORT_TEXT_CANDIDATES + 1}`)
  ).map(({ id }) => id);
  if (ids.length > SHORT_TEXT_CANDIDATES) return matches;
  if (ids.length === 0) return NO_TITLE;
  return sql`(${jobs.id} IN ${ids} AND ${matches})`;
}

/**
 * The spec's rule when no listing's title holds the text: it matches nothing, known without asking again. A text read
 * as this alone (a word group found in no listing) finds nothing without a statement (rankedRows).
 */
export const NO_TITLE = sql`false`;

/**
 * The spec's rule for a text of 3 characters or more: the title contains it. Asked first of the titles listings have
 * had (job_titles, migration 0023), far fewer rows than the listings: when none holds the text, the rule matches
 * nothing and is left out, where the title's trigram index spent 50–130 ms at 1M finding that a common pair of words
 * ("analyst devops") is in no title. Only a text some title holds is remembered (titlesHolding): job_titles never
 * loses a title, so that answer stays true, while a title no listing had before arrives with its listing and must be
 * found from then on. A text of several words held by a few titles is those titles (titlesListed).
 */
async function titleContainsRule(db: Db, text: string): Promise<SQL> {
  const contains = (column: typeof jobs.titleLower | typeof jobTitles.titleLower) =>
    sql`${column} LIKE lower(${containsPattern(text)})`;
  if (SEVERAL_WORDS.test(text.trim())) return (await titlesListed(db, text)) ?? contains(jobs.titleLower);
  if (!titlesHolding.get(db, text)) {
    const held = await rowsOf(db, sql`SELECT 1 FROM ${jobTitles} WHERE ${contains(jobTitles.titleLower)} LIMIT 1`);
    if (held.length === 0) return NO_TITLE;
    titlesHolding.set(db, text, true);
  }
  return contains(jobs.titleLower);
}

/**
 * A character pg_trgm does not keep in a word: a text holding one is several words to the trigram index, which keeps
 * no order between them.
 */
const SEVERAL_WORDS = /[^\p{L}\p{N}]/u;

/** At most this many titles holding a text of several words are matched as a list; more, and the LIKE serves. */
const LISTED_TITLES = 32;

/**
 * The rule for a text of several words as the titles that hold it (`title_lower IN (…)`, through the title's btree,
 * migration 0031), or undefined when more than LISTED_TITLES do. The trigram index reads every listing holding each
 * word, in any order: with one listing titled "Lead Engineer" at 1M, "lead engineer" for freshers read the 40,000
 * titled "Lead … Engineer" and tested each (0.9 s) to find that one. Asked of job_titles each time, never remembered:
 * a title posted a moment ago must be in the list.
 */
async function titlesListed(db: Db, text: string): Promise<SQL | undefined> {
  const titles = await valuesContaining(db, jobTitles.titleLower, text, LISTED_TITLES);
  return titles && (columnIn(jobs.titleLower, titles) ?? NO_TITLE);
}

/**
 * Texts some listing's title has held, remembered for ten minutes per database (at most 10,000): every search with
 * text asks job_titles, and most searches repeat a text with other filters, pages or sorts.
 */
const titlesHolding = rememberedPerDb<true>({ ttlMs: 600_000, max: 10_000 });

/** At most this many matching locations are walked one by one and merged (ADR 27); more, and the list index serves. */
const MERGED_LOCATIONS = 32;

/**
 * The values of a table of every value listings have had (job_titles, job_locations) that contain the text, when
 * there are at most `most` of them; undefined when there are more.
 */
async function valuesContaining(
  db: Db,
  column: typeof jobTitles.titleLower | typeof jobLocations.locationLower,
  text: string,
  most: number,
): Promise<string[] | undefined> {
  const rows = await rowsOf(
    db,
    sql`SELECT ${column} AS value FROM ${column.table} WHERE ${column} LIKE lower(${containsPattern(text)})
      LIMIT ${most + 1}`,
  );
  return rows.length > most ? undefined : rows.map(({ value }) => String(value));
}

/**
 * The lower-cased locations a location search matches, from the table of every location listings have had
 * (migration 0011), when there are at most MERGED_LOCATIONS of them; undefined when there are more.
 */
const matchingLocations = (db: Db, text: string) =>
  valuesContaining(db, jobLocations.locationLower, text, MERGED_LOCATIONS);

/**
 * The listings at one of these locations. One value is an equality, which the location index walks in list order;
 * `= ANY(…)` would make the planner read all of that location's listings and sort them.
 */
export function locationIn(values: string[]): SQL {
  return columnIn(jobs.locationLower, values) ?? sql`false`;
}

/**
 * A search's filters and, when its rows can be walked location by location, the few locations it matches with the
 * filters for one of them alone. With text: how to rank a match (its tier, ADR 38), and the place the text named.
 */
export type Filters = {
  where: SQL;
  /** The same text and location conditions with other filters: an option's count (server/jobs/options.ts). */
  with: (search: JobSearch) => SQL;
  byLocation?: { values: string[]; at: (value: string) => SQL };
  tier?: SQL;
  place?: Place;
  /** A text search's conditions apart, for its ranking (rankedRows). */
  text?: TextConditions;
};

/**
 * A text search's conditions apart: the other filters (`others`, and `othersAt` one location of a location search
 * walked location by location), the text's own (`matches`), and each group's words alone (`groups`, ADR 38).
 */
export type TextConditions = {
  others: SQL;
  othersAt?: (value: string) => SQL;
  matches: SQL;
  /**
   * What the walk indexes can tell of `matches` from their word bits (textCandidates, ADR 59): every listing that
   * matches passes it, so a walk reads the words of the listings that pass only.
   */
  candidates: SQL;
  groups: SQL[];
  /**
   * The spec's rule alone (the title contains the text), for its estimate; undefined for a 1–2 character text, whose
   * condition the planner cannot estimate and which is taken to match many (shortTextFilter).
   */
  titleContains?: SQL;
  /** Whether `others` holds more than the visibility rule: a filter whose index may narrow the text's matches. */
  filtered: boolean;
  /**
   * The locations of a place the text named, and the spec's rule alone (the title contains the text), undefined when
   * no title holds the text.
   */
  place?: { values: string[]; titleContains?: SQL };
};

/** A place typed in the search box ("python chennai"), taken as the location: its words and the locations it names. */
export type Place = { typed: string; values: string[] };

/** What a text search reads its text as: the parsed query (or a correction of it) and the synonyms to parse with. */
export type TextOptions = { synonyms: Synonyms; query?: SearchQuery };

/**
 * The live locations a group names, when the search has no location of its own: a location of a live listing that is
 * the group's text or a synonym of it, alone or before a comma ("chennai" names "chennai, tamil nadu").
 */
async function placeOf(
  db: Db,
  query: SearchQuery,
  now: Date,
): Promise<{ place: Place; group: QueryGroup } | undefined> {
  const groups = query.groups.filter((group) => !group.quoted);
  const names = [...new Set(groups.flatMap((group) => group.alternatives))];
  if (names.length === 0) return undefined;
  const located = await liveLocationsNamed(db, names, now);
  for (const group of groups) {
    const values = [...new Set(group.alternatives.flatMap((name) => located.get(name) ?? []))];
    if (values.length > 0) return { place: { typed: group.typed, values }, group };
  }
  return undefined;
}

/**
 * The live locations each name names, remembered for half a minute per database (at most 10,000 names): every text
 * search asks it for each of its words. A location whose first listing arrives, or whose last one leaves, is read as a
 * place from the next half minute.
 */
const namedLocations = rememberedPerDb<string[]>({ ttlMs: 30_000, max: 10_000 });

async function liveLocationsNamed(db: Db, names: string[], now: Date): Promise<Map<string, string[]>> {
  const unknown = names.filter((name) => namedLocations.get(db, name) === undefined);
  if (unknown.length > 0) {
    const rows = await rowsOf(
      db,
      sql`SELECT ${jobLocations.locationLower} AS value, trim(split_part(${jobLocations.locationLower}, ',', 1)) AS name
        FROM ${jobLocations}
        WHERE trim(split_part(${jobLocations.locationLower}, ',', 1)) IN ${unknown}
          AND EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.locationLower} = ${jobLocations.locationLower}
            AND ${searchConditions(EVERY_LIVE_JOB, now)})
        LIMIT ${MERGED_LOCATIONS * unknown.length}`,
    );
    for (const name of unknown) {
      const values = rows.filter((row) => String(row.name) === name).map(({ value }) => String(value));
      namedLocations.set(db, name, values.slice(0, MERGED_LOCATIONS));
    }
  }
  return new Map(names.map((name) => [name, namedLocations.get(db, name) ?? []]));
}

/**
 * Whether a word is matched exactly, remembered for a minute per database (at most 10,000 words): a search asks it for
 * every word, and a word's answer only changes when a listing brings it (it is then matched by prefix, which finds it
 * too, for that minute).
 */
const wordsKnown = rememberedPerDb<boolean>({ ttlMs: 60_000, max: 10_000 });

/**
 * The words to match exactly rather than by prefix: a whole word of some listing's title, company, skills, location
 * or industry (search_terms), or a form of one, whose stem's prefix gathers no term of another stem ("designers" is
 * the stem "design" of "design" and "designer"; "teach" stays a prefix where "teacher" is a term). Their prefix would
 * find what their stem finds, while it keeps a ranking's walk from ruling listings out by their word bits (ADR 59):
 * by prefix, "designers" and "k8s" read every walked listing's words (one visitor at 1M: 17.8 and 19.7 ms against 9.6
 * and 8.4 ms whole).
 */
async function knownWords(db: Db, words: string[]): Promise<Set<string>> {
  const unknown = words.filter((word) => wordsKnown.get(db, word) === undefined);
  if (unknown.length > 0) {
    const stemOf = (word: SQLWrapper) => sql`tsvector_to_array(to_tsvector('english', ${word}))`;
    // bool_and over the terms starting with the stem: true when there are some and every one is of that stem.
    const rows = await rowsOf(
      db,
      sql`SELECT word FROM unnest(${`{${unknown.join(",")}}`}::text[]) AS word,
          LATERAL (SELECT ${stemOf(sql`word`)} AS lexemes) AS stemmed
        WHERE EXISTS (SELECT 1 FROM ${searchTerms} WHERE ${searchTerms.term} = word)
          OR (SELECT bool_and(${stemOf(searchTerms.term)} = stemmed.lexemes) FROM ${searchTerms}
            WHERE ${termsStartingWith(sql`stemmed.lexemes[1]`)})`,
    );
    const found = new Set(rows.map(({ word }) => String(word)));
    for (const word of unknown) wordsKnown.set(db, word, found.has(word));
  }
  return new Set(words.filter((word) => wordsKnown.get(db, word)));
}

/**
 * The query's words matched exactly rather than by prefix: known words (knownWords), and the words of a group typed as
 * the synonym list writes it ("k8s", "nodejs", "c++"), a whole word by the list's say.
 */
async function completeWords(db: Db, query: SearchQuery, synonyms: Synonyms): Promise<Set<string>> {
  const wordsOf = (phrase: string) => lexemeWords(asIndexed(phrase)).filter((word) => [...word].length >= 3);
  const words = [...new Set(query.groups.flatMap((group) => group.alternatives.flatMap(wordsOf)))];
  const listed = query.groups
    .filter((group) => !group.quoted && synonyms.has(synonymKey(group.typed)))
    .flatMap((group) => wordsOf(group.typed));
  const known = words.length === 0 ? new Set<string>() : await knownWords(db, words);
  return new Set([...known, ...listed]);
}

/**
 * The query's complete words, and what each group names among the levels and types (ADR 54), which is asked with the
 * group as the text index reads it, complete words exact.
 */
async function vocabularyOf(db: Db, query: SearchQuery, synonyms: Synonyms) {
  const complete = await completeWords(db, query, synonyms);
  const tsqueries = groupTsqueries(query, complete).filter((tsquery): tsquery is string => tsquery !== undefined);
  return { complete, columns: await columnsNamed(db, tsqueries) };
}

/**
 * searchConditions, with a short search or location looked up in the grams index first, and a longer location
 * turned into the few values it matches: the same rows as the "contains" rule, as `location_lower IN (…)`, plus the
 * filters for one of those values alone, so a page can merge their walks (ADR 27). A search text matches as ADR 38
 * says: the title contains it, or each of its words is found somewhere; a place it names stands for the location.
 */
export async function searchFilters(db: Db, search: JobSearch, now: Date, text: TextOptions): Promise<Filters> {
  const shortLocation = search.location !== undefined && isShortText(search.location);
  const query = search.search ? (text.query ?? parseSearchQuery(search.search, text.synonyms)) : undefined;
  const shortSearch = search.search !== undefined && isShortText(search.search);
  const [titleContains, location, locations, named, vocabulary] = await Promise.all([
    search.search
      ? shortSearch
        ? shortTextFilter(db, jobs.title, search.search)
        : titleContainsRule(db, search.search)
      : undefined,
    search.location && shortLocation ? shortTextFilter(db, jobs.location, search.location) : undefined,
    search.location && !shortLocation ? matchingLocations(db, search.location) : undefined,
    query && !search.location ? placeOf(db, query, now) : undefined,
    query ? vocabularyOf(db, query, text.synonyms) : undefined,
  ]);
  // The text's conditions with another search's level and type: an option's count reads the text as that search would.
  let titleOf: (other: JobSearch) => SQL | undefined = () => undefined;
  let tier: SQL | undefined;
  let candidates: SQL | undefined;
  let groups: SQL[] = [];
  if (query && titleContains && vocabulary) {
    const words = named ? { ...query, groups: query.groups.filter((group) => group !== named.group) } : query;
    const place = named ? locationIn(named.place.values) : undefined;
    const { complete, columns } = vocabulary;
    // Built once per level and type: the options' counts ask it for each option.
    const built = new Map<string, SQL>();
    titleOf = (other) => {
      const key = `${other.experienceLevel ?? ""}|${other.employmentType ?? ""}`;
      let title = built.get(key);
      if (!title) {
        title = textMatches(words, titleContains, { place, complete, named: namedColumns(columns, other) });
        built.set(key, title);
      }
      return title;
    };
    tier = tierOf(words);
    candidates = textCandidates(words, titleContains, { place, complete, named: namedColumns(columns, search) });
    groups = [...groupMatches(words, complete, namedColumns(columns, search)), ...(place ? [place] : [])];
  }
  const title = titleOf(search);
  const ranking = { tier, place: named?.place };
  const withoutText = { ...search, search: undefined };
  const filtered =
    search.location !== undefined ||
    search.datePosted !== "all" ||
    [search.experienceLevel, search.employmentType, search.gender, search.englishLevel].some(Boolean) ||
    search.minSalary !== undefined ||
    search.maxSalary !== undefined;
  const place =
    named && titleContains
      ? { values: named.place.values, ...(titleContains === NO_TITLE ? {} : { titleContains }) }
      : undefined;
  const textConditions = (others: SQL, othersAt?: (value: string) => SQL): { text?: TextConditions } =>
    title
      ? {
          text: {
            others,
            othersAt,
            matches: title,
            candidates: candidates ?? title,
            groups,
            filtered,
            ...(titleContains && !shortSearch ? { titleContains } : {}),
            ...(place ? { place } : {}),
          },
        }
      : {};
  if (!locations) {
    const conditions = (other: JobSearch) => searchConditions(other, now, { title: titleOf(other), location });
    return {
      where: conditions(search),
      with: conditions,
      ...ranking,
      ...textConditions(searchConditions(withoutText, now, { location })),
    };
  }
  const conditions = (other: JobSearch) =>
    searchConditions(other, now, { title: titleOf(other), location: locationIn(locations) });
  const at = (other: JobSearch) => (value: string) =>
    searchConditions(other, now, { title: titleOf(other), location: locationIn([value]) });
  return {
    where: conditions(search),
    with: conditions,
    byLocation: { values: locations, at: at(search) },
    ...ranking,
    ...textConditions(searchConditions(withoutText, now, { location: locationIn(locations) }), at(withoutText)),
  };
}
