/** Header and footer navigation (spec §2 "Header and footer"). */
export const MAIN_NAV = [
  { to: "/", label: "Find Jobs" },
  { to: "/job-sites", label: "Job Sites" },
  { to: "/my-job", label: "My Listings" },
  { to: "/post-job", label: "Post Free Job" },
] as const;

/** The main links a page shows: without a source to offer, Job Sites would lead to an empty page. */
export function mainNav({ jobSites }: { jobSites: boolean }) {
  return MAIN_NAV.filter((item) => jobSites || item.to !== "/job-sites");
}

/** The 'More us' dropdown. */
export const MORE_US_NAV = [
  { to: "/about-us", label: "Our Story" },
  { to: "/contact", label: "Get in Touch" },
  { to: "/terms-and-condition", label: "User Agreement" },
  { to: "/privacy-policy", label: "Privacy Notice" },
  { to: "/blog", label: "Blog" },
] as const;

/** Pages a crawler may index, besides the job detail pages (sitemap.xml). */
export const PUBLIC_PAGES = [
  "/",
  "/job-sites",
  "/remoteok",
  "/adzunajobs",
  "/jooblejobs",
  "/himalayasjobs",
  "/jobwiz",
  "/about-us",
  "/contact",
  "/blog",
  "/community-guidelines",
  "/terms-and-condition",
  "/privacy-policy",
] as const;
