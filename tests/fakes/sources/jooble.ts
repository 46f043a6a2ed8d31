/**
 * Jooble's real shape (reference §3): ids are signed 64-bit integers sent as bare JSON numbers, `updated`
 * has 7 fractional digits and sometimes no offset, `snippet` is HTML. Builders keep ids as strings and
 * the body writer emits them unquoted, exactly as Jooble does.
 */
export function joobleJob(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = `${i % 2 ? "-" : ""}${5_523_189_912_034_456_000n + BigInt(i)}`;
  return {
    title: `Jooble Developer ${i}`,
    location: i % 2 ? "Bengaluru, Karnataka" : "Pune, Maharashtra",
    snippet: `&nbsp;...build <b>React</b> apps, role ${i}...&nbsp;`,
    salary: i % 2 ? "₹ 25,000 - 30,000 a month" : "",
    source: "linkedin.com",
    type: i % 3 ? "Full-time" : "",
    link: `https://jooble.org/desc/${id}?ckey=react&pos=${i}`,
    company: i % 4 ? `Jooble Company ${i}` : "",
    updated: i % 2 ? `2026-11-17T14:22:08.347000${i % 10}` : "2026-11-09T03:10:41.9981234+03:00",
    id,
    ...overrides,
  };
}

/** Jooble's body with ids as bare 64-bit integers (JSON.parse in Node would round them). */
export function joobleBody(jobs: unknown[], totalCount: number): string {
  return JSON.stringify({ totalCount, jobs }).replace(/"id":"(-?\d+)"/g, '"id":$1');
}
