import { QUERY_CLASSES, type QueryClass, type RelevanceQuery } from "#tests/relevance/queries.ts";

/** What a search gave: the first page's listings by key, in order, and how many it found in all. */
export type FirstPage = { keys: string[]; total: number };

export type Verdict = { pass: boolean; why: string };

/** Whether a first page is what the query's labels expect, and if not, what was wrong and what came back. */
export function judge(query: RelevanceQuery, page: FirstPage): Verdict {
  const problems: string[] = [];
  if (query.none && page.total > 0) problems.push(`found ${page.total}, expected nothing`);
  const missing = query.mustInclude.filter((key) => !page.keys.includes(key));
  if (missing.length > 0) problems.push(`missing ${missing.join(", ")}`);
  if (query.first) {
    const top = page.keys.slice(0, query.first.length);
    const notOnTop = query.first.filter((key) => !top.includes(key));
    if (notOnTop.length > 0) problems.push(`not on top: ${notOnTop.join(", ")}`);
  }
  const unwanted = (query.mustExclude ?? []).filter((key) => page.keys.includes(key));
  if (unwanted.length > 0) problems.push(`should not be there: ${unwanted.join(", ")}`);
  if (problems.length === 0) return { pass: true, why: "" };
  const got = page.keys.length > 0 ? page.keys.join(", ") : "nothing";
  return { pass: false, why: `${problems.join("; ")}; got (${page.total}) ${got}` };
}

export type Share = { passed: number; of: number; share: number };

const shareOf = (verdicts: Verdict[]): Share => {
  const passed = verdicts.filter((verdict) => verdict.pass).length;
  return { passed, of: verdicts.length, share: verdicts.length === 0 ? 0 : passed / verdicts.length };
};

/** The share of queries that passed, per class and overall. */
export function shares(results: { query: RelevanceQuery; verdict: Verdict }[]): {
  byClass: Map<QueryClass, Share>;
  overall: Share;
} {
  const byClass = new Map<QueryClass, Share>();
  for (const queryClass of QUERY_CLASSES) {
    const verdicts = results.filter((result) => result.query.class === queryClass).map((result) => result.verdict);
    if (verdicts.length > 0) byClass.set(queryClass, shareOf(verdicts));
  }
  return { byClass, overall: shareOf(results.map((result) => result.verdict)) };
}

/** The share a search must reach (issue 30): below it the suite fails. */
export const GATE = 0.9;

const percent = (share: Share) => `${(share.share * 100).toFixed(1)}% (${share.passed}/${share.of})`;

const describeQuery = (query: RelevanceQuery) =>
  [
    query.text === undefined ? "(no text)" : JSON.stringify(query.text),
    ...Object.entries(query.filters ?? {}).map(([name, value]) => `${name}=${value}`),
  ].join(" ");

/** The report printed after a run: every query with its verdict, then the shares. */
export function report(engine: string, results: { query: RelevanceQuery; verdict: Verdict }[]): string {
  const { byClass, overall } = shares(results);
  const lines = [`Relevance set on ${engine}`, ""];
  for (const { query, verdict } of results)
    lines.push(
      `${verdict.pass ? "pass" : "FAIL"}  ${query.class.padEnd(24)} ${describeQuery(query).padEnd(40)} ${verdict.why}`,
    );
  lines.push("");
  for (const [queryClass, share] of byClass) lines.push(`${queryClass.padEnd(24)} ${percent(share)}`);
  lines.push(`${"overall".padEnd(24)} ${percent(overall)} (gate ${GATE * 100}%)`);
  return lines.join("\n");
}
