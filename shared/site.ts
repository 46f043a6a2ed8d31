/** What the operator's configuration says about their board (README "Configuration", `SITE_*` and `HERO_*`). */
export type SocialKind = "linkedin" | "facebook" | "instagram" | "twitter" | "site" | "telegram" | "whatsapp";

export type SocialLink = { href: string; label: string; kind: SocialKind };

export type SiteSettings = {
  /** The board's name: header, footer, splash, page titles. */
  name: string;
  /** Absent, like the phone, address and hours, until the operator sets it (the contact form works regardless). */
  contactEmail: string | undefined;
  phone: string | undefined;
  /** Postal address, one line each; empty when the operator shows none. */
  address: string[];
  hours: string | undefined;
  socialLinks: SocialLink[];
  /** The hero's and Our Story's three counters, as the operator set them (HERO_*). */
  counters: { jobsPosted: CounterSetting; monthlyUsers: CounterSetting; jobseekers: CounterSetting };
};

/** `auto`: the board's own figure (README "Configuration"); `off`: not shown; otherwise the operator's text as written. */
export type CounterSetting = "auto" | "off" | { text: string };
