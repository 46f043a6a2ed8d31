import { describe, expect, test } from "vitest";
import { withoutPhrase } from "#app/lib/home-search.ts";
import { loadSynonyms, parseSearchQuery, parseSynonyms, synonymKey } from "#server/jobs/query.ts";
import { editDistance, editsAllowed } from "#server/jobs/typos.ts";

const synonyms = loadSynonyms();
const groups = (text: string) => parseSearchQuery(text, synonyms).groups;

describe("the search query parser", () => {
  test("each typed word is a group of its own, lower-cased, in the order typed", () => {
    expect(groups("Developer REACT").map((group) => group.typed)).toEqual(["developer", "react"]);
  });

  test("the whole text is kept, lower-cased with spaces collapsed, for the exact-title rank", () => {
    expect(parseSearchQuery("  Software   Engineer ", synonyms).full).toBe("software engineer");
  });

  test("a quoted phrase is one group matched as typed, without synonyms", () => {
    expect(groups('"front end" lead')).toEqual([
      { typed: "front end", alternatives: ["front end"], quoted: true },
      { typed: "lead", alternatives: ["lead"], quoted: false },
    ]);
  });

  test("an unclosed quote quotes the rest of the text", () => {
    expect(groups('lead "machine learning')[1]).toMatchObject({ typed: "machine learning", quoted: true });
  });

  test("an abbreviation brings its synonyms: k8s is kubernetes", () => {
    expect(groups("k8s")[0]?.alternatives).toEqual(expect.arrayContaining(["k8s", "kubernetes"]));
  });

  test("a run of words that a synonym names is one group: 'front end designer' is frontend + designer", () => {
    const [first, second] = groups("front end designer");
    expect(first?.typed).toBe("front end");
    expect(first?.alternatives).toEqual(expect.arrayContaining(["frontend", "front-end"]));
    expect(second?.typed).toBe("designer");
  });

  test("the longest run a synonym names wins: 'front end developer' is also a front end engineer", () => {
    const [only, ...rest] = groups("front end developer");
    expect(rest).toEqual([]);
    expect(only?.alternatives).toEqual(expect.arrayContaining(["frontend developer", "front end engineer"]));
  });

  test("dots, hyphens and slashes do not matter to a synonym: node.js, nodejs and node are one", () => {
    expect(groups("node.js")[0]?.alternatives).toEqual(expect.arrayContaining(["node", "nodejs"]));
    expect(synonymKey("Front-End")).toBe("front end");
  });

  test("ca means the chartered accountant", () => {
    expect(groups("ca")[0]?.alternatives).toContain("chartered accountant");
  });

  test("words that say nothing about a listing are left out when others remain: 'python jobs in pune'", () => {
    expect(groups("python jobs in pune").map((group) => group.typed)).toEqual(["python", "pune"]);
  });

  test("a text made only of such words is kept as it is", () => {
    expect(groups("jobs").map((group) => group.typed)).toEqual(["jobs"]);
  });

  test("the shipped list holds at least 60 pairs", () => {
    const members = new Set([...synonyms.values()].map((group) => group.join(",")));
    const pairs = [...members].reduce((sum, group) => sum + group.split(",").length - 1, 0);
    expect(pairs).toBeGreaterThanOrEqual(60);
  });

  test("an operator's list joins a shipped group when they share a member", () => {
    const joined = parseSynonyms("js, javascript", "javascript, ecma");
    expect(joined.get("js")).toEqual(expect.arrayContaining(["js", "javascript", "ecma"]));
    expect(joined.get("ecma")).toEqual(expect.arrayContaining(["js"]));
  });

  test("comments and blank lines in a synonyms file are ignored", () => {
    expect([...parseSynonyms("# a comment\n\n wfh , remote \n").keys()]).toEqual(["wfh", "remote"]);
  });
});

describe("typo tolerance", () => {
  test("a swapped pair of letters is one edit: pyhton → python", () => {
    expect(editDistance("pyhton", "python")).toBe(1);
  });

  test("a missing, an extra and a wrong letter are one edit each", () => {
    expect(editDistance("acountant", "accountant")).toBe(1);
    expect(editDistance("kubernetess", "kubernetes")).toBe(1);
    expect(editDistance("nurze", "nurse")).toBe(1);
    expect(editDistance("grafic", "graphic")).toBe(2);
  });

  test("words under 5 letters and words with digits are never corrected", () => {
    expect(editsAllowed("java")).toBe(0);
    expect(editsAllowed("role07")).toBe(0);
    expect(editsAllowed("nurze")).toBe(1);
    expect(editsAllowed("pyhton")).toBe(2);
  });
});

describe("the place chip", () => {
  test("removing the place takes its words out of the search and keeps the rest", () => {
    expect(withoutPhrase("Python Chennai", "chennai")).toBe("Python");
    expect(withoutPhrase("designer new delhi remote", "new delhi")).toBe("designer remote");
  });

  test("a place not in the text leaves the text as it is", () => {
    expect(withoutPhrase("python", "pune")).toBe("python");
  });
});
