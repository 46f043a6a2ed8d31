import fs from "node:fs";

/**
 * What a seeker typed, as the search reads it (ADR 38): the whole text, and the groups each listing must match one
 * of. A group is one typed word or quoted phrase, or a run of words that a synonym list names, with every way of
 * saying it ("k8s" → k8s, kubernetes). Words like "and" or "jobs" that say nothing about a listing are left out.
 */
export type SearchQuery = {
  /** The typed text, lower-cased, spaces collapsed: an exact title match ranks first. */
  full: string;
  groups: QueryGroup[];
};

export type QueryGroup = {
  /** As typed, lower-cased: matched inside the title as text, like the spec's "contains" rule. */
  typed: string;
  /** The typed words and their synonyms, each a phrase of one or more words. */
  alternatives: string[];
  /** A quoted phrase: matched as those words in that order, never by prefix or synonym. */
  quoted: boolean;
};

/** Synonym groups by their members' keys. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

/** The longest member of a synonym group, in words: a run of typed words up to this long is looked up. */
const LONGEST_MEMBER = 4;

/**
 * Words a query leaves out when other words remain: they appear in almost every listing or in none ("python jobs",
 * "jobs in pune"), so requiring them would find nothing or everything.
 */
const FILLER = new Set(
  (
    "a an and are as at be by for from in is of on or the to with job jobs vacancy vacancies opening openings " +
    "hiring near"
  ).split(" "),
);

/** A member's key: lower case, and dots, hyphens, slashes, underscores and spaces all one space. */
export const synonymKey = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s.\-/]+/g, " ")
    .trim();

/** Synonym groups from the lines of a synonyms file (see server/jobs/synonyms.txt): later files join groups. */
export function parseSynonyms(...texts: string[]): Synonyms {
  const groups = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (line === "" || line.startsWith("#")) continue;
      const members = line
        .split(",")
        .map((member) => member.trim().toLowerCase())
        .filter((member) => member !== "");
      const merged = new Set(members);
      for (const member of members) for (const other of groups.get(synonymKey(member)) ?? []) merged.add(other);
      for (const member of merged) groups.set(synonymKey(member), merged);
    }
  }
  return new Map([...groups].map(([key, members]) => [key, [...members]]));
}

const SHIPPED = new URL("./synonyms.txt", import.meta.url);

/** The shipped list, joined by an operator's own file (SEARCH_SYNONYMS_FILE) when one is set. */
export function loadSynonyms(operatorFile?: string): Synonyms {
  const texts = [fs.readFileSync(SHIPPED, "utf8")];
  if (operatorFile) texts.push(fs.readFileSync(operatorFile, "utf8"));
  return parseSynonyms(...texts);
}

/** Typed words and quoted phrases, in order; an unclosed quote quotes the rest. */
function tokens(text: string): { text: string; quoted: boolean }[] {
  const found: { text: string; quoted: boolean }[] = [];
  for (const match of text.matchAll(/"([^"]*)"?|(\S+)/g)) {
    if (match[1] !== undefined) {
      const phrase = match[1].trim().replace(/\s+/g, " ");
      if (phrase !== "") found.push({ text: phrase, quoted: true });
    } else if (match[2] !== undefined) {
      found.push({ text: match[2], quoted: false });
    }
  }
  return found;
}

export function parseSearchQuery(text: string, synonyms: Synonyms): SearchQuery {
  const lowered = text.normalize("NFKC").toLowerCase();
  const full = lowered.replace(/\s+/g, " ").trim();
  const typed = tokens(lowered);
  const meaningful = typed.filter((token) => token.quoted || !FILLER.has(token.text));
  const words = meaningful.length > 0 ? meaningful : typed;
  const groups: QueryGroup[] = [];
  for (let at = 0; at < words.length;) {
    const word = words[at] as { text: string; quoted: boolean };
    if (word.quoted) {
      groups.push({ typed: word.text, alternatives: [word.text], quoted: true });
      at += 1;
      continue;
    }
    // The longest run of unquoted words that a synonym group names, from this word on.
    let taken = 1;
    let members: readonly string[] | undefined;
    for (let length = Math.min(LONGEST_MEMBER, words.length - at); length >= 1; length--) {
      const run = words.slice(at, at + length);
      if (run.some((token) => token.quoted)) continue;
      members = synonyms.get(synonymKey(run.map((token) => token.text).join(" ")));
      if (members) {
        taken = length;
        break;
      }
    }
    const phrase = words
      .slice(at, at + taken)
      .map((token) => token.text)
      .join(" ");
    groups.push({
      typed: phrase,
      alternatives: [phrase, ...(members ?? []).filter((m) => m !== phrase)],
      quoted: false,
    });
    at += taken;
  }
  return { full, groups };
}

/** The words of a phrase as the text-search parser sees them: letters and digits; "c++" is "c", "node.js" "node js". */
export const lexemeWords = (phrase: string): string[] => phrase.match(/[\p{L}\p{N}]+/gu) ?? [];
