import type { Company } from "#shared/companies.ts";

/** schema.org Organization for a company's page (issue 32): its name, address, logo, description and profiles. */
export function organizationLd(company: Company, url: string) {
  const profiles = [company.linkedin, company.facebook, company.instagram, company.twitter].filter(
    (link): link is string => Boolean(link),
  );
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.name,
    url: company.site ?? url,
    description: company.description,
    ...(company.logo ? { logo: company.logo } : {}),
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
    mainEntityOfPage: url,
  };
}
