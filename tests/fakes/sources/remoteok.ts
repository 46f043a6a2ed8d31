/** RemoteOK's real shape: a JSON array whose element 0 is a legal notice, then jobs (reference §1). */
export const remoteOkNotice = {
  last_updated: 1795012800,
  legal:
    "API Terms of Service: link back to the job on Remote OK with a followed link and mention Remote OK as the source.",
};

const DAY = 86_400;

export function remoteOkJob(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = String(1_142_000 + i);
  const slug = `remote-engineer-${i}-${id}`;
  return {
    slug,
    id,
    epoch: 1_795_000_000 - i * DAY,
    date: new Date((1_795_000_000 - i * DAY) * 1000).toISOString().replace(".000Z", "+00:00"),
    company: `Remote Company ${i}`,
    company_logo: `https://remoteok.com/assets/img/jobs/logo-${i}.png`,
    logo: `https://remoteok.com/assets/img/jobs/logo-${i}.png`,
    position: `Remote Engineer ${i}`,
    tags: ["typescript", "node", i % 2 ? "backend" : "frontend"],
    description: `<p>Remote role number ${i}.</p><ul><li>TypeScript</li></ul>`,
    location: i % 3 ? "Worldwide" : "Europe",
    salary_min: i % 2 ? 0 : 90_000,
    salary_max: i % 2 ? 0 : 130_000,
    apply_url: `https://remoteOK.com/l/${id}`,
    url: `https://remoteOK.com/remote-jobs/${slug}`,
    original: true,
    verified: i % 2 === 0,
    ...overrides,
  };
}

export function remoteOkBody(jobs: unknown[]): string {
  return JSON.stringify([remoteOkNotice, ...jobs]);
}
