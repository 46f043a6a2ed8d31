import { EMPLOYMENT_TYPES, ENGLISH_LEVELS, EXPERIENCE_LEVELS, GENDERS, SALARY_TYPES } from "#shared/job.ts";
import type { JobValues } from "#server/jobs.ts";
import { mulberry32, pick, withArticle } from "#server/seed/draws.ts";
import { REALISTIC_ROLES, SHORT_SEED_ROLES } from "#server/seed/realistic-text.ts";
import { inSentence, realisticText } from "#server/seed/realistic-jobs.ts";

export { mulberry32, withArticle };

/** The short seed's roles: the realistic seed's first twenty, which it had before the realistic seed's families. */
const ROLES = REALISTIC_ROLES.slice(0, SHORT_SEED_ROLES);

const COMPANIES = [
  "Northwind Labs",
  "Bluepeak Systems",
  "Kestrel Analytics",
  "Saffron Retail",
  "Lotus Health",
  "Tidewater Logistics",
  "Brightleaf Media",
  "Quartzline Fintech",
  "Monsoon Apps",
  "Cedar & Stone",
  "Pixelcraft Studio",
  "Granite Cloud",
  "Vermilion Foods",
  "Orbitly",
  "Helix Diagnostics",
  "Riverbend Education",
  "Copperfield Staffing",
  "Nimbus Networks",
  "Marigold Marketing",
  "Summit Freight",
];

const CITIES = [
  "Bengaluru",
  "Mumbai",
  "Pune",
  "Hyderabad",
  "Chennai",
  "Delhi",
  "Gurugram",
  "Noida",
  "Kolkata",
  "Ahmedabad",
  "Jaipur",
  "Kochi",
  "Indore",
  "Chandigarh",
  "Remote",
];

const EDUCATION = ["B.Tech / B.E.", "Any graduate", "MBA", "B.Com", "BCA / MCA", "Diploma", "12th pass"];

const SENIORITY: Record<(typeof EXPERIENCE_LEVELS)[number], string> = {
  Internship: "Intern ",
  Fresher: "Junior ",
  "0-3 Year": "",
  "3-5 Year": "Senior ",
  "5+ Year": "Lead ",
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "");

export const DESCRIPTION_VOCABULARY = 3_000;

const SYLLABLES = ["ba", "ko", "ri", "mu", "te", "lo", "vi", "sa", "nu", "de", "fa", "zo", "pi", "gu", "he", "ya"];

/**
 * Made-up words for long descriptions: a vocabulary as broad as a board's (a few thousand words), none of them a word
 * the search corpus types, so the words make listings heavier without making them match more queries. Made once, on
 * first use.
 */
let vocabulary: string[] | undefined;
function madeUpWords(): string[] {
  if (!vocabulary) {
    const random = mulberry32(20_261_204);
    const words = new Set<string>();
    while (words.size < DESCRIPTION_VOCABULARY) {
      const syllables = 3 + Math.floor(random() * 3);
      words.add(Array.from({ length: syllables }, () => pick(random, SYLLABLES)).join(""));
    }
    vocabulary = [...words];
  }
  return vocabulary;
}

/**
 * The i-th synthetic listing: varied titles, companies, cities, enums and salaries, with posting dates
 * spread over the 60 days before `now` (so about half are live and half expired). `descriptionWords`: a paragraph of
 * that many words added to the description, drawn from DESCRIPTION_VOCABULARY made-up ones. The seed's descriptions are
 * about 220 characters and real ones about 3,300 (340 of these words make that); a benchmark of short listings understates what a
 * search costs (ADR 57, 58). The other fields are the same with or without it. `realistic`: the role drawn from the
 * realistic seed's families instead, and a description of 2,500–3,500 characters of real job-ad language for it
 * (server/seed/realistic-jobs.ts), with the responsibilities and requirements it lists; dates, salaries and enums
 * come from the same draws as without it.
 */
export function syntheticJob(
  i: number,
  now: Date,
  { descriptionWords = 0, realistic = false }: { descriptionWords?: number; realistic?: boolean } = {},
): JobValues {
  const random = mulberry32(i * 2654435761);
  // One draw from either list, so a realistic listing's dates, salaries and enums come from the same draws.
  const role = pick(random, realistic ? REALISTIC_ROLES : ROLES);
  const company = pick(random, COMPANIES);
  const drawnCity = pick(random, CITIES);
  // A nurse, a cook or a machine operator works somewhere: their remote listings take a city instead.
  const city =
    realistic && drawnCity === "Remote" && !role.remote ? (CITIES[i % (CITIES.length - 1)] as string) : drawnCity;
  const experienceLevel = pick(random, EXPERIENCE_LEVELS);
  const seniority = EXPERIENCE_LEVELS.indexOf(experienceLevel);
  const salaryType = random() < 0.8 ? "Yearly" : pick(random, SALARY_TYPES);
  const yearlyMin = Math.round((role.base * (0.6 + seniority * 0.35) * (0.85 + random() * 0.3)) / 10_000) * 10_000;
  const divisor = salaryType === "Yearly" ? 1 : salaryType === "Monthly" ? 12 : 2080;
  // Bounds as employers write them: round thousands a year, round hundreds a month, round tens an hour.
  const step = salaryType === "Yearly" ? 10_000 : salaryType === "Monthly" ? 1_000 : 10;
  const round = (amount: number) => Math.max(step, Math.round(amount / step) * step);
  const minSalary = round(yearlyMin / divisor);
  const maxSalary = Math.max(minSalary + step, round(minSalary * (1.2 + random() * 0.5)));
  // Most of the role's skills, never none; drawn from a generator of their own, so a role's list can change without
  // moving every later field of the listing (dates, salaries) in the seeded corpus.
  const skillDraw = mulberry32(i * 2654435761 + 1);
  const chosen = role.skills.filter(() => skillDraw() < 0.7);
  const skills = chosen.length > 0 ? chosen : role.skills.slice(0, 1);
  const postingDate = new Date(now.getTime() - Math.floor(random() * 60 * 24 * 60) * 60_000);
  const domain = `${slug(company)}.example`;
  // Seniority shows in the title, as it does on real boards.
  const title = `${SENIORITY[experienceLevel]}${role.title}`;
  const text = realistic ? realisticText(i, { role, company, city, title, experienceLevel, skills }) : undefined;
  return {
    title,
    companyName: company,
    industry: role.industry,
    companySite: `https://${domain}`,
    higherEducation: pick(random, EDUCATION),
    companyLogo: null,
    description:
      text?.description ??
      [
        `${company} is hiring ${withArticle(title)} for our ${city === "Remote" ? "remote" : city} team.`,
        `You will work with a small, friendly team and own your work from the first week.`,
        `We offer a clear growth path, health cover and flexible hours.`,
        ...(descriptionWords > 0 ? [longParagraph(i, descriptionWords)] : []),
      ].join("\n"),
    companyDescription: `${company} is ${withArticle(inSentence(role.industry))} company founded to make everyday work simpler for its customers across India.`,
    responsibilities:
      text?.responsibilities ??
      [
        `Deliver high-quality work as ${withArticle(title)}`,
        "Collaborate with colleagues across teams",
        "Share progress in weekly reviews",
      ].join("\n"),
    requirements:
      text?.requirements ??
      [
        `${experienceLevel === "Fresher" || experienceLevel === "Internship" ? "Eagerness to learn" : `${experienceLevel.replace(" Year", " years")} of relevant experience`}`,
        "Clear written and spoken communication",
        role.tech ? "Comfort with Git and code review" : "Comfort with spreadsheets and email",
      ].join("\n"),
    openings: 1 + Math.floor(random() * 5),
    postingDate,
    minSalary,
    maxSalary,
    salaryType,
    // Indian cities and rupee amounts.
    salaryCurrency: "INR",
    location: city,
    englishLevel: pick(random, ENGLISH_LEVELS),
    gender: random() < 0.7 ? "Any" : pick(random, GENDERS),
    experienceLevel,
    employmentType: random() < 0.7 ? "Full-time" : pick(random, EMPLOYMENT_TYPES),
    skills,
    postedByEmail: `careers@${domain}`,
    postedByNumber: random() < 0.6 ? `+91 98${String(10_000_000 + Math.floor(random() * 89_999_999))}` : null,
    applyLink: `https://${domain}/careers/${slug(title)}-${i}`,
    companyLinkedin: `https://www.linkedin.com/company/${slug(company)}`,
    companyFacebook: random() < 0.5 ? `https://www.facebook.com/${slug(company)}` : null,
    companyInstagram: random() < 0.4 ? `https://www.instagram.com/${slug(company)}` : null,
    companyTwitter: random() < 0.5 ? `https://twitter.com/${slug(company).replace(/-/g, "")}` : null,
  };
}

/** `count` made-up words for the i-th listing, from a generator of their own, as sentences of about twelve words. */
function longParagraph(i: number, count: number): string {
  const words = madeUpWords();
  const draw = mulberry32(i * 2654435761 + 2);
  const chosen = Array.from({ length: count }, () => pick(draw, words));
  const sentences: string[] = [];
  for (let at = 0; at < chosen.length; at += 12) {
    const sentence = chosen.slice(at, at + 12).join(" ");
    sentences.push(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`);
  }
  return sentences.join(" ");
}
