/** Adzuna's real shape (reference §2): `__CLASS__` keys, <strong> highlights, salary_is_predicted as a string. */
export function adzunaJob(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = String(5_011_873_000 + i);
  return {
    __CLASS__: "Adzuna::API::Response::Job",
    id,
    adref: `eyJhbGciOiJIUzI1NiJ9.adref-${i}`,
    title: `<strong>TypeScript</strong> Developer ${i}`,
    description: `We are looking for a <strong>TypeScript</strong> developer &amp; team player, number ${i} …`,
    created: new Date(Date.UTC(2026, 10, 17, 9, 41, 22) - i * 3_600_000).toISOString().replace(".000Z", "Z"),
    redirect_url: `https://www.adzuna.co.uk/jobs/land/ad/${id}?se=x&utm_medium=api&utm_source=test&v=1`,
    company: { __CLASS__: "Adzuna::API::Response::Company", display_name: `Adzuna Company ${i}` },
    location: {
      __CLASS__: "Adzuna::API::Response::Location",
      area: ["UK", "London", "Central London"],
      display_name: i % 2 ? "Farringdon, Central London" : "Manchester, Greater Manchester",
    },
    category: { __CLASS__: "Adzuna::API::Response::Category", tag: "it-jobs", label: "IT Jobs" },
    salary_min: 40_000 + i,
    salary_max: 60_000 + i,
    salary_is_predicted: "0",
    contract_type: "permanent",
    contract_time: "full_time",
    ...overrides,
  };
}

export function adzunaBody(jobs: unknown[], count: number): string {
  return JSON.stringify({ __CLASS__: "Adzuna::API::Response::JobSearchResults", count, mean: 51_000, results: jobs });
}

export const adzunaAuthFailure = {
  doc: "https://api.adzuna.com/v1/doc",
  display: "Authorisation failed",
  exception: "AUTH_FAIL",
  __CLASS__: "Adzuna::API::Response::Exception",
};
