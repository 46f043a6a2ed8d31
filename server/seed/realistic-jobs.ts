import type { EXPERIENCE_LEVELS } from "#shared/job.ts";
import { mulberry32, withArticle } from "#server/seed/draws.ts";
import {
  BENEFITS,
  CLOSING,
  COMPANY_ABOUT,
  EXPERIENCE_LINES,
  FAMILY_TEXT,
  GENERIC_DUTIES,
  GENERIC_REQUIREMENTS,
  HOW_TO_APPLY,
  LOCALITIES,
  RARE,
  ROLE_CONTEXT,
  type RealisticRole,
} from "#server/seed/realistic-text.ts";

/** Real descriptions run from about 2,500 to 3,500 characters; each listing aims at a length drawn in this range. */
export const REALISTIC_LENGTH = { min: 2_500, max: 3_500 } as const;
const AIM = { from: 2_600, to: 3_300 };

export type RealisticListing = {
  role: RealisticRole;
  company: string;
  city: string;
  title: string;
  experienceLevel: (typeof EXPERIENCE_LEVELS)[number];
  skills: string[];
};

const YEARS: Record<RealisticListing["experienceLevel"], string> = {
  Internship: "",
  Fresher: "",
  "0-3 Year": "1 to 3 years",
  "3-5 Year": "3 to 5 years",
  "5+ Year": "5 or more years",
};

/** Industry names as a sentence says them: "e-commerce", "artificial intelligence", but "SaaS" and "BPO" kept. */
export const inSentence = (industry: string) =>
  industry
    .split(" ")
    .map((word) => (/^[A-Z][a-z-]+$/.test(word) ? word.toLowerCase() : word))
    .join(" ");

/** The pool's items in an order of the listing's own, handed out one at a time until it runs out. */
function dealer(random: () => number, pool: readonly string[]): () => string | undefined {
  const order = [...pool];
  let dealt = 0;
  return () => {
    if (dealt >= order.length) return undefined;
    const at = dealt + Math.floor(random() * (order.length - dealt));
    [order[dealt], order[at]] = [order[at] as string, order[dealt] as string];
    return order[dealt++];
  };
}

const HEADINGS = {
  role: ["About the role", "The role", "Job description", "Role overview"],
  duties: ["Key responsibilities", "What you will do", "Responsibilities", "Your day to day"],
  requirements: ["Requirements", "What we are looking for", "Skills and qualifications", "Who you are"],
  extras: ["Good to have", "Nice to have", "Preferred qualifications", "Bonus points"],
  benefits: ["What we offer", "Benefits", "Perks and benefits", "Why join us"],
};

/**
 * The i-th listing's description (2,500–3,500 characters of plain text, one paragraph or list item a line, as the
 * job page shows them), and its responsibilities and requirements (three of the description's each). Drawn from a
 * generator of its own, so the listing's other fields are those the same draw gives without it.
 */
export function realisticText(
  i: number,
  listing: RealisticListing,
): { description: string; responsibilities: string; requirements: string } {
  const random = mulberry32(i * 2654435761 + 3);
  const family = FAMILY_TEXT[listing.role.family];
  const industry = inSentence(listing.role.industry);
  const localities = LOCALITIES[listing.city] ?? [];
  const locality = localities[Math.floor(random() * localities.length)];
  const values: Record<string, string> = {
    company: listing.company,
    title: listing.title,
    aTitle: withArticle(listing.title),
    place: locality ? `our ${locality} office` : "a remote-first setup",
    city: listing.city,
    industry,
    aIndustry: withArticle(industry),
    skills: listing.skills.join(", "),
    skill: listing.skills[0] ?? listing.role.skills[0] ?? "",
    years: YEARS[listing.experienceLevel],
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
  const heading = (names: string[]) => `${names[Math.floor(random() * names.length)]}:`;
  const deal = (pool: readonly string[]) => {
    const next = dealer(random, pool);
    return () => {
      const text = next();
      return text === undefined ? undefined : fill(text);
    };
  };
  const next = {
    about: deal(COMPANY_ABOUT),
    intro: deal(family.intro),
    context: deal(ROLE_CONTEXT),
    duty: deal(family.duties),
    genericDuty: deal(GENERIC_DUTIES),
    requirement: deal(family.requirements),
    genericRequirement: deal(GENERIC_REQUIREMENTS),
    extra: deal(family.extras),
    benefit: deal(BENEFITS),
    rare: deal(RARE),
  };
  const fresher = listing.experienceLevel === "Fresher" || listing.experienceLevel === "Internship";
  const experience = deal(EXPERIENCE_LINES[fresher ? "fresher" : "experienced"])();
  const some = (draw: () => string | undefined, count: number) =>
    Array.from({ length: count }, draw).filter((text): text is string => text !== undefined);

  const sections = {
    duties: [...some(next.duty, 5), ...some(next.genericDuty, 1)],
    requirements: [
      ...(experience ? [experience] : []),
      ...some(next.requirement, 4),
      ...some(next.genericRequirement, 1),
    ],
    extras: some(next.extra, 1),
    benefits: some(next.benefit, 4),
  };
  const about = some(next.about, 2).join(" ");
  const role = [...some(next.intro, 1), ...some(next.context, 1)].join(" ");
  const rare = some(next.rare, 1 + Math.floor(random() * 2)).join(" ");
  // Many ads end without a word on the applicant's data; most of those that have one say "data".
  const closing = [...some(deal(HOW_TO_APPLY), 1), ...some(deal(CLOSING), random() < 0.6 ? 1 : 0)];
  const headings = {
    role: heading(HEADINGS.role),
    duties: heading(HEADINGS.duties),
    requirements: heading(HEADINGS.requirements),
    extras: heading(HEADINGS.extras),
    benefits: heading(HEADINGS.benefits),
  };
  const assemble = () =>
    [
      `About ${listing.company}:`,
      about,
      headings.role,
      role,
      locality ? `Job location: ${locality}, ${listing.city}` : "Job location: Remote (anywhere in India)",
      headings.duties,
      ...sections.duties,
      headings.requirements,
      ...sections.requirements,
      headings.extras,
      ...sections.extras,
      headings.benefits,
      ...sections.benefits,
      rare,
      ...closing,
    ].join("\n");

  // More of each list in turn until the listing reaches its length: a line is at most about 200 characters, so it
  // ends between its aim and 3,500.
  const aim = AIM.from + Math.floor(random() * (AIM.to - AIM.from));
  const growth: [string[], () => string | undefined][] = [
    [sections.duties, next.duty],
    [sections.requirements, next.requirement],
    [sections.benefits, next.benefit],
    [sections.duties, next.genericDuty],
    [sections.requirements, next.genericRequirement],
    [sections.extras, next.extra],
  ];
  let length = assemble().length;
  for (let turn = 0, idle = 0; length < aim && idle < growth.length; turn++) {
    const [list, draw] = growth[turn % growth.length]!;
    const text = draw();
    if (text === undefined) {
      idle++;
      continue;
    }
    idle = 0;
    list.push(text);
    length += text.length + 1;
  }
  return {
    description: assemble(),
    responsibilities: sections.duties.slice(0, 3).join("\n"),
    requirements: sections.requirements.slice(0, 3).join("\n"),
  };
}
