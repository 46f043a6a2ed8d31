/** JobWiz ("Job Search API" on RapidAPI) real shape (reference §5): `{ jobs }` only, nested salary or null. */
export function jobWizJob(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: i % 2 ? `Q3lQZS1mcm9udGVuZC1lbmctMTIz${i}AAAA==` : `1357924680135792${String(i).padStart(4, "0")}`,
    application_url: `https://boards.greenhouse.io/company${i}/jobs/${7_412_000 + i}`,
    company_name: `JobWiz Company ${i}`,
    employment_type: "Employee",
    employment_hour_type: i % 2 ? "Full-time" : "",
    plain_text_description: `JobWiz role ${i}.\n\nShip TypeScript features.`,
    html_description: `<p>JobWiz role ${i}.</p><ul><li>Ship TypeScript features</li></ul>`,
    publication_time: new Date(Date.UTC(2026, 10, 16, 8, 15) - i * 3_600_000).toISOString(),
    source: "Greenhouse",
    title: `Software Engineer ${i}`,
    location: "Seattle, WA",
    salary: i % 2 ? { currency: "USD", min_salary: 135_000, max_salary: 165_000, salary_type: "yearly" } : null,
    ...overrides,
  };
}

/** The spec's description of JobWiz: flat fields and a total_results count. */
export function jobWizSpecJob(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `spec-${i}`,
    title: `Spec Engineer ${i}`,
    company_name: `Spec Company ${i}`,
    company_logo: `https://logos.example/${i}.png`,
    post_date: "2026-11-10T02:46:23.665Z",
    salary_min: i % 2 ? 100_000 : null,
    salary_max: i % 2 ? 120_000 : null,
    description: `<p>Spec description ${i}</p>`,
    location: "Seattle, WA",
    tags: ["react", "aws"],
    job_url: `https://jobs.example/${i}`,
    ...overrides,
  };
}

export function jobWizBody(jobs: unknown[], extras: Record<string, unknown> = {}): string {
  return JSON.stringify({ jobs, ...extras });
}
