import type { Env } from "#server/env.ts";
import type { CounterSetting, SiteSettings, SocialKind, SocialLink } from "#shared/site.ts";

/** The brand a social link's host belongs to, for its icon and accessible name. */
const BRANDS: { host: RegExp; kind: SocialKind; label: string }[] = [
  { host: /(^|\.)linkedin\.com$/, kind: "linkedin", label: "LinkedIn" },
  { host: /(^|\.)(t\.me|telegram\.me|telegram\.org)$/, kind: "telegram", label: "Telegram channel" },
  { host: /(^|\.)(facebook\.com|fb\.com)$/, kind: "facebook", label: "Facebook" },
  { host: /(^|\.)instagram\.com$/, kind: "instagram", label: "Instagram" },
  { host: /(^|\.)(twitter\.com|x\.com)$/, kind: "twitter", label: "X (Twitter)" },
  { host: /(^|\.)(wa\.me|whatsapp\.com)$/, kind: "whatsapp", label: "WhatsApp" },
];

function socialLink(href: string): SocialLink {
  const host = new URL(href).hostname.toLowerCase();
  const brand = BRANDS.find((candidate) => candidate.host.test(host));
  return brand
    ? { href, kind: brand.kind, label: brand.label }
    : { href, kind: "site", label: host.replace(/^www\./, "") };
}

/** `count`, the earlier name of `auto` for Jobs Posted, still means it. */
function counterSetting(value: string): CounterSetting {
  const word = value.toLowerCase();
  if (word === "auto" || word === "count") return "auto";
  if (word === "off") return "off";
  return { text: value };
}

/** Built once at boot from the validated settings; pages receive it through the root loader, never from env. */
export function siteSettings(env: Env): SiteSettings {
  return {
    name: env.SITE_NAME,
    contactEmail: env.SITE_EMAIL,
    phone: env.SITE_PHONE,
    address: env.SITE_ADDRESS,
    hours: env.SITE_HOURS,
    socialLinks: env.SITE_SOCIAL_LINKS.map(socialLink),
    counters: {
      jobsPosted: counterSetting(env.HERO_JOBS_POSTED),
      monthlyUsers: counterSetting(env.HERO_MONTHLY_USERS),
      jobseekers: counterSetting(env.HERO_JOBSEEKERS),
    },
  };
}
