import { sql, type SQL } from "drizzle-orm";
import { jobs } from "#server/db/schema.ts";
import { containsPattern } from "#server/jobs/filters.ts";
import { lexemeWords, type QueryGroup, type SearchQuery } from "#server/jobs/query.ts";

/**
 * PostgreSQL's English stop words: the text-search dictionary drops them, so a group made of one would match nothing
 * (and PostgreSQL would log a notice for each search). Such a group is matched in the title as text only.
 */
const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself " +
    "it its itself they them their theirs themselves what which who whom this that these those am is are was were be " +
    "been being have has had having do does did doing a an the and but if or because as until while of at by for " +
    "with about against between into through during before after above below to from up down in out on off over " +
    "under again further then once here there when where why how all any both each few more most other some such no " +
    "nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

/**
 * A phrase as the listings' words were indexed (job_search_text, migration 0015): "c++" cpp, "c#" csharp, ".net"
 * dotnet, slashes and dots spaces.
 */
export const asIndexed = (phrase: string): string =>
  phrase
    .toLowerCase()
    .replaceAll("c++", "cpp")
    .replaceAll("c#", "csharp")
    .replaceAll(".net", " dotnet")
    .replace(/[/.]/g, " ");

const NONE: ReadonlySet<string> = new Set();

/** Where a word must stand: anywhere, the title (A), or the title, company and skills (A, B). */
type Weights = "" | "A" | "AB";

/**
 * A word as a text-search term: by prefix when asked, it has 3 characters or more and it is not a `complete` word of
 * some listing ("eng" finds "engineer"; "c" and "ml" only themselves; "engineer" is the stem "engin", which also finds
 * "engineering"), restricted to the weights' fields. A complete word matches exactly: the text index intersects an
 * exact word with the others by skipping through them, while a prefix gathers every row of every word it starts (a
 * two-word search of common words: 250–400 ms by prefix at 1M).
 */
function term(word: string, prefix: boolean, weights: Weights, complete: ReadonlySet<string>): string {
  const byPrefix = isPrefix(word, prefix, complete);
  return byPrefix || weights ? `${word}:${byPrefix ? "*" : ""}${weights}` : word;
}

const isPrefix = (word: string, prefix: boolean, complete: ReadonlySet<string>) =>
  prefix && [...word].length >= 3 && !complete.has(word);

/**
 * One way of saying a group as its words, each asked by prefix or not: a word, or a phrase whose words follow each other
 * (its last word by prefix). Undefined when it has no word the dictionary keeps.
 */
function alternativeTerms(phrase: string, prefix: boolean): { word: string; prefix: boolean }[] | undefined {
  // "%", "_" and "\\" are typed as wildcards elsewhere: here they are literal, so such a word is looked for in the title
  // as text only. Other signs make a word exact ("100%" is not "1000", "c++" is the word "c").
  if (/[%_\\]/.test(phrase)) return undefined;
  const text = asIndexed(phrase);
  const byPrefix = prefix && /^[\p{L}\p{N}\s]+$/u.test(text);
  const words = lexemeWords(text).filter((word) => !STOP_WORDS.has(word));
  if (words.length === 0) return undefined;
  return words.map((word, i) => ({ word, prefix: byPrefix && i === words.length - 1 }));
}

/** One way of saying a group as a tsquery text. */
function alternativeQuery(
  phrase: string,
  prefix: boolean,
  weights: Weights,
  complete: ReadonlySet<string>,
): string | undefined {
  const terms = alternativeTerms(phrase, prefix)?.map((t) => term(t.word, t.prefix, weights, complete));
  if (!terms) return undefined;
  return terms.length === 1 ? (terms[0] as string) : `(${terms.join(" <-> ")})`;
}

/**
 * A group as a tsquery text for to_tsquery('english', …), which stems each term ("developers" → "develop"). Only
 * letters and digits reach it, so a typed text can never change the query's shape. Undefined when no alternative
 * has a word the dictionary keeps. Only what was typed (the first alternative) may match by prefix: a synonym is a
 * whole word of the list, and its forms are the stem's. By prefix, its stem gathered every word it starts: "dev ops"
 * became dev <-> op:*, and "nurse content" (nursing:*, gnm:*, anm:*) read 90 ms of the text index at 1M against 11 ms
 * for the same words whole.
 */
function groupQuery(
  group: QueryGroup,
  prefix: boolean,
  weights: Weights,
  complete: ReadonlySet<string> = NONE,
): string | undefined {
  const alternatives = group.alternatives
    .map((alternative, i) => alternativeQuery(alternative, prefix && !group.quoted && i === 0, weights, complete))
    .filter((query): query is string => query !== undefined);
  return alternatives.length > 0 ? `(${alternatives.join(" | ")})` : undefined;
}

/** Every group, ANDed; undefined when one of them has no dictionary word (it can then match in the title only). */
function everyGroup(query: SearchQuery, prefix: boolean, weights: Weights): string | undefined {
  const parts = query.groups.map((group) => groupQuery(group, prefix, weights));
  return parts.every((part) => part !== undefined) && parts.length > 0 ? parts.join(" & ") : undefined;
}

const matches = (tsquery: string) => sql`${jobs.searchVector} @@ to_tsquery('english', ${tsquery})`;

/** A typed word or phrase is also looked for inside the title, as the spec's rule does, when it is 3 characters or more. */
const findsInTitle = (typed: string) => [...typed].length >= 3 && !/^\d+$/.test(typed);

const or = (parts: SQL[]): SQL => (parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` OR `)})`);
const and = (parts: SQL[]): SQL => (parts.length === 0 ? sql`true` : sql`(${sql.join(parts, sql` AND `)})`);

/**
 * What a group's words name among the listings' experience levels and employment types (ADR 54): the column's
 * condition, or undefined when they name none the search can show. The levels and types are not among a listing's
 * words (migration 0026), so a group that names one ("fresher", "part time") matches it on the column.
 */
export type NamedColumns = (tsquery: string) => SQL | undefined;

/** Each group as the text index is asked it: its tsquery, or undefined when it has no dictionary word. */
export const groupTsqueries = (query: SearchQuery, complete: ReadonlySet<string> = NONE): (string | undefined)[] =>
  query.groups.map((group) => groupQuery(group, true, "", complete));

/**
 * The rows a text search finds: the title contains the whole text (the spec's rule, always kept), or every group
 * matches as a word, form, prefix or synonym somewhere in the listing, or names its level or type (and the place, when
 * the text named one). The groups are one tsquery, so the GIN index intersects them itself and skips through the
 * rarer word's postings: as separate conditions, two common words with no listing in common ("engineer recruiter")
 * made the planner walk every live listing (950 ms at 1M). A group that names a level or a type is its own condition,
 * words or column. A group with no dictionary word ("100%", "qa_") is looked for inside the title. `titleContains` is
 * the spec's rule as the caller computes it (short texts go through the grams index, ADR 20).
 */
export function textMatches(query: SearchQuery, titleContains: SQL, options: TextOptions = {}): SQL {
  const parts: SQL[] = [];
  const words: string[] = [];
  for (const part of groupParts(query, options)) {
    if (part.tsquery === undefined) parts.push(part.inTitle);
    else if (part.column) parts.push(or([matches(part.tsquery), part.column]));
    else words.push(part.tsquery);
  }
  if (words.length > 0) parts.unshift(matches(words.join(" & ")));
  if (options.place) parts.push(options.place);
  return parts.length > 0 ? or([titleContains, and(parts)]) : titleContains;
}

/**
 * What the walk indexes can tell of textMatches from their word bits (ADR 59), the words themselves unread: the same
 * conditions, each group's words asked of the bits. Every listing textMatches finds passes it, so a walk reads the
 * words of only the listings that pass.
 */
export function textCandidates(query: SearchQuery, titleContains: SQL, options: TextOptions = {}): SQL {
  const parts = groupParts(query, options).map((part) => {
    if (part.tsquery === undefined) return part.inTitle;
    const bits = groupBits(part.group, options.complete ?? NONE);
    return part.column ? or([bits, part.column]) : bits;
  });
  if (options.place) parts.push(options.place);
  return parts.length > 0 ? or([titleContains, and(parts)]) : titleContains;
}

type TextOptions = { place?: SQL; complete?: ReadonlySet<string>; named?: NamedColumns };

/**
 * Each group as a text's conditions read it: its tsquery and the level or type it names, or, with no dictionary word,
 * the title condition it stands for.
 */
function groupParts({ groups }: SearchQuery, { complete = NONE, named }: TextOptions) {
  return groups.map((group) => {
    const tsquery = groupQuery(group, true, "", complete);
    if (tsquery === undefined) {
      const inTitle = findsInTitle(group.typed)
        ? sql`${jobs.titleLower} LIKE ${containsPattern(group.typed)}`
        : sql`false`;
      return { group, tsquery, inTitle };
    }
    return { group, tsquery, column: named?.(tsquery) };
  });
}

/**
 * A group as the word bits tell it: some alternative each of whose exact words has its bits set. A word by prefix has
 * no bits of its own (the bits hold whole lexemes), so it rules nothing out; nor does a word that is not one lexeme
 * (job_word_bit is null). Implied by the group's tsquery, so it rules out no listing the group matches.
 */
function groupBits(group: QueryGroup, complete: ReadonlySet<string>): SQL {
  const alternatives = group.alternatives
    .map((alternative, i) => alternativeTerms(alternative, !group.quoted && i === 0))
    .filter((terms) => terms !== undefined);
  return or(
    alternatives.map((terms) =>
      and(terms.filter((t) => !isPrefix(t.word, t.prefix, complete)).map((t) => hasWord(t.word))),
    ),
  );
}

/** The bits of a word's lexeme, computed once as the statement is planned (job_word_bit is immutable: ADR 59, ADR 61). */
const hasWord = (word: string) => sql`job_has_word(${jobs.wordBits}, job_word_bit(${word}))`;

/**
 * Each group's own condition as textMatches reads it, for the planner to estimate alone: the rows matching the rarest
 * group bound the words' matches from above, where the estimate of the groups ANDed takes them as independent (ADR 38).
 */
export function groupMatches(query: SearchQuery, complete: ReadonlySet<string> = NONE, named?: NamedColumns): SQL[] {
  return groupParts(query, { complete, named }).map((part) => {
    if (part.tsquery === undefined) return part.inTitle;
    return part.column ? or([matches(part.tsquery), part.column]) : matches(part.tsquery);
  });
}

/**
 * A matching row's tier, best first (ADR 38): 0 the exact title; 1 every group a whole word (or its form) of the
 * title, as typed or by a synonym; 2 every group in the title, by prefix; 3 every group in the title, company or
 * skills; 4 the title contains the text or each typed word inside a word ("script" in "JavaScript"); 5 anywhere else
 * (location, industry, description, or the level or type it names), or by the place alone. A synonym counts as the
 * word typed: with only the typed word whole, "js developer" ranked "Node.js Developer" (its "js" a word of the title)
 * above every "JavaScript Developer".
 */
export function tierOf(query: SearchQuery): SQL {
  const wholeWords = everyGroup(query, false, "A");
  const inTitle = everyGroup(query, true, "A");
  const nearTitle = everyGroup(query, true, "AB");
  const insideTitle =
    query.groups.length > 0 && query.groups.every((group) => findsInTitle(group.typed))
      ? and(query.groups.map((group) => sql`${jobs.titleLower} LIKE ${containsPattern(group.typed)}`))
      : sql`false`;
  const when = (tsquery: string | undefined) => (tsquery ? matches(tsquery) : sql`false`);
  return sql`CASE
    WHEN ${jobs.titleLower} = ${query.full} THEN 0
    WHEN ${when(wholeWords)} THEN 1
    WHEN ${when(inTitle)} THEN 2
    WHEN ${when(nearTitle)} THEN 3
    WHEN ${insideTitle} OR ${jobs.titleLower} LIKE ${containsPattern(query.full)} THEN 4
    ELSE 5 END`;
}
