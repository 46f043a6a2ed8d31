/** Himalayas' real browse shape (reference §4): dates in unix seconds, locationRestrictions as strings, guid = URL. */
export function himalayasJob(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const link = `https://himalayas.app/companies/company-${i}/jobs/backend-engineer-${i}`;
  return {
    title: `Himalayas Backend Engineer ${i}`,
    excerpt: `Role ${i}.`,
    companyName: `Himalayas Company ${i}`,
    companySlug: `company-${i}`,
    companyLogo: `https://cdn-images.himalayas.app/company-${i}.png`,
    employmentType: i % 2 ? "Full Time" : "Contractor",
    minSalary: i % 2 ? 120_000 : null,
    maxSalary: i % 2 ? 150_000 : null,
    salaryPeriod: i % 2 ? "annual" : null,
    seniority: ["Senior"],
    currency: i % 2 ? "USD" : null,
    locationRestrictions: i % 3 ? ["United States", "Canada"] : [],
    timezoneRestrictions: [-8, -5],
    categories: ["Backend-Engineer", "Software-Engineer"],
    parentCategories: ["Software Engineering"],
    description: `<p>Himalayas job ${i}.</p><ul><li>TypeScript on AWS</li></ul>`,
    pubDate: 1_795_006_800 - i * 3600,
    expiryDate: 1_800_190_800 - i * 3600,
    applicationLink: link,
    guid: link,
    ...overrides,
  };
}

export function himalayasBody(jobs: unknown[], offset: number, totalCount: number, nextCursor: string | null): string {
  return JSON.stringify({
    comments: "Use nextCursor for pagination; offset is deprecated.",
    updatedAt: 1_795_010_400,
    offset,
    limit: 20,
    totalCount,
    nextCursor,
    jobs,
  });
}
