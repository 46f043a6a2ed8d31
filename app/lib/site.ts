/** Header and footer navigation (spec §2 "Header and footer"). */
export const MAIN_NAV = [
  { to: "/", label: "Find Jobs" },
  { to: "/job-sites", label: "Job Sites" },
  { to: "/my-job", label: "My Listings" },
  { to: "/post-job", label: "Post Free Job" },
] as const;

/** The 'More us' dropdown. */
export const MORE_US_NAV = [
  { to: "/about-us", label: "Our Story" },
  { to: "/contact", label: "Get in Touch" },
  { to: "/terms-and-condition", label: "User Agreement" },
  { to: "/privacy-policy", label: "Privacy Notice" },
  { to: "/blog", label: "Blog" },
] as const;

/** The footer's external links: a professional network and a messaging channel. */
export const SOCIAL_LINKS = [
  { href: "https://www.linkedin.com/company/job-board-community", label: "LinkedIn", kind: "linkedin" },
  { href: "https://t.me/jobboardcommunity", label: "Telegram channel", kind: "telegram" },
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

/** Spec §3: a sign-in token kept under this key is removed on logout. */
export const TOKEN_STORAGE_KEY = "genius-token";
