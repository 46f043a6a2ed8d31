import type { Company } from "#shared/companies.ts";

/** The company as one node of linked data: its page's Organization and its listings' hiringOrganization name it. */
export const organizationId = (companyUrl: string) => `${companyUrl}#organization`;

/** schema.org Organization for a company's page (issue 32): its name, address, logo, description and profiles. */
export function organizationLd(company: Company, url: string) {
  const profiles = [company.linkedin, company.facebook, company.instagram, company.twitter].filter(
    (link): link is string => Boolean(link),
  );
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(url),
    name: company.name,
    url: company.site ?? url,
    description: company.description,
    ...(company.logo ? { logo: company.logo } : {}),
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
    mainEntityOfPage: url,
  };
}
