/**
 * The search corpus of `npm run bench`: at least 500 distinct GET /api/jobs queries, so a result cache cannot carry
 * the figures. Common and rare title words, zero matches, 1–2 character searches, locations, every enum value,
 * salary bounds, date cutoffs, combinations, a few deep pages, and (a third of it) what the word search reads:
 * several words, synonyms and abbreviations, companies and skills, a place in the box, and misspelt words; and the
 * words and phrases seekers type that the realistic seed's descriptions hold (`npm run seed -- --realistic`), from
 * ones most listings have ("customer", "team") to ones a few have ("sabbatical", "phlebotomy").
 */
import { DATE_POSTED, EMPLOYMENT_TYPES, ENGLISH_LEVELS, EXPERIENCE_LEVELS, GENDERS } from "#shared/job.ts";
import { mulberry32 } from "#server/seed.ts";

const COMMON_WORDS = [
  "engineer",
  "developer",
  "manager",
  "designer",
  "analyst",
  "sales",
  "nurse",
  "writer",
  "data",
  "react",
  "qa",
  "hr",
];
const RARE_WORDS = [
  "accountant",
  "devops",
  "machine learning",
  "node.js",
  "recruiter",
  "coordinator",
  "graphic",
  "content",
  "ui/ux",
  "automation",
];
const CITIES = [
  "bengaluru",
  "mumbai",
  "pune",
  "hyderabad",
  "chennai",
  "delhi",
  "gurugram",
  "noida",
  "kochi",
  "remote",
  "jaipur",
  "indore",
];
/** Queries a seeker types that the word search answers (ADR 38): several words, synonyms, companies, skills. */
const WORD_QUERIES = [
  "developer react",
  "engineer devops",
  "manager operations",
  "designer graphic",
  "analyst data senior",
  "js developer",
  "k8s",
  "ml engineer",
  "hr recruiter",
  "wfh",
  "ux designer",
  "fresher",
  "front end developer",
  "nodejs",
  "mongodb",
  "redux",
  "c++",
  "northwind",
  "kestrel analytics",
  "monsoon apps",
  "nursing",
  "developers",
  "designers",
  "part time writer",
  "lead engineer",
];
const TYPO_SOURCES = [
  "engineer",
  "developer",
  "accountant",
  "designer",
  "analyst",
  "recruiter",
  "coordinator",
  "automation",
  "customer",
  "experience",
  "marketing",
  "warehouse",
  "accounting",
  "teacher",
  "pharmacist",
  "hospitality",
  "recruitment",
  "production",
  "insurance",
  "management",
];
/** Single words of the descriptions, common to rare: what a search that reads descriptions meets most. */
const DESCRIPTION_WORDS = [
  "customer",
  "team",
  "experience",
  "support",
  "management",
  "insurance",
  "payroll",
  "gst",
  "tally",
  "inventory",
  "warehouse",
  "patient",
  "teacher",
  "cbse",
  "hotel",
  "chef",
  "kitchen",
  "cnc",
  "quality",
  "production",
  "forklift",
  "salesforce",
  "kafka",
  "airflow",
  "spark",
  "figma",
  "seo",
  "python",
  "sql",
  "excel",
  "kubernetes",
  "hindi",
  "bhiwandi",
  "esops",
  "sabbatical",
  "creche",
  "hackathons",
  "nabh",
  "fssai",
  "kaizen",
  "ifrs",
  "olympiad",
  "phlebotomy",
  "reels",
  "audit",
  "shifts",
];
/** Phrases seekers type that the descriptions answer, several words each. */
const DESCRIPTION_PHRASES = [
  "customer service",
  "customer support",
  "data entry",
  "health insurance",
  "night shift",
  "work from home",
  "voice process",
  "inside sales",
  "b2b sales",
  "cold calling",
  "field sales",
  "patient care",
  "icu nurse",
  "gst returns",
  "bank reconciliation",
  "financial modelling",
  "lesson planning",
  "cbse teacher",
  "maths teacher",
  "picking and packing",
  "last mile delivery",
  "front office",
  "hotel management",
  "continental cuisine",
  "quality control",
  "cnc operator",
  "lean manufacturing",
  "production planning",
  "talent acquisition",
  "end to end recruitment",
  "payroll compliance",
  "social media marketing",
  "seo content writer",
  "google ads campaigns",
  "figma prototyping",
  "user research",
  "power bi dashboards",
  "python sql",
  "etl pipelines",
  "machine learning models",
  "react typescript",
  "rest api",
  "aws devops",
  "kubernetes docker",
  "microservices kafka",
  "code review",
  "freshers welcome",
  "immediate joiner",
  "provident fund",
  "performance bonus",
  "hybrid work",
  "team lead",
  "sales manager",
  "data analyst python",
  "accounts payable tally",
  "mba marketing",
  "b.com fresher",
  "diploma mechanical",
  "sales team customer",
  "data management experience",
];
/** Abbreviations and nicknames Indian seekers type for roles, stacks and qualifications. */
const SYNONYMS = [
  "bde",
  "bpo",
  "sde",
  "swe",
  "ca",
  "cma",
  "hr exec",
  "tl",
  "qc",
  "qa tester",
  "ml",
  "ai engineer",
  "bi developer",
  "fe developer",
  "fsd",
  "ui dev",
  "py",
  "ts",
  "gcp",
  "sap fico",
  "csr",
  "kam",
  "asm",
  "telecaller",
  "receptionist",
  "tele sales",
  "data scientist",
  "sister",
  "gnm",
  "b.ed",
];

const SALARIES = [100_000, 250_000, 400_000, 600_000, 900_000, 1_200_000, 2_000_000];

export function searchCorpus(size = 600, seed = 42): string[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const makers: (() => Record<string, string>)[] = [
    () => ({ search: pick(COMMON_WORDS) }),
    () => ({ search: pick(RARE_WORDS) }),
    () => ({ search: Array.from({ length: 6 + Math.floor(random() * 4) }, () => pick([...letters])).join("") }), // zero matches
    () => ({ search: Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick([...letters])).join("") }),
    () => ({ location: pick(CITIES) }),
    () => ({ experienceLevel: pick(EXPERIENCE_LEVELS) }),
    () => ({ employmentType: pick(EMPLOYMENT_TYPES) }),
    () => ({ gender: pick(GENDERS.slice(0, 3)) }),
    () => ({ englishLevel: pick(ENGLISH_LEVELS) }),
    () => ({ minSalary: String(pick(SALARIES)) }),
    () => ({ maxSalary: String(pick(SALARIES)) }),
    () => ({ datePosted: pick(DATE_POSTED) }),
    () => ({ search: pick(COMMON_WORDS), location: pick(CITIES), experienceLevel: pick(EXPERIENCE_LEVELS) }),
    () => ({
      employmentType: pick(EMPLOYMENT_TYPES),
      englishLevel: pick(ENGLISH_LEVELS),
      datePosted: pick(DATE_POSTED),
      minSalary: String(pick(SALARIES)),
    }),
    () => ({ search: pick(RARE_WORDS), gender: pick(GENDERS.slice(0, 3)), maxSalary: String(pick(SALARIES)) }),
    () => ({ page: String(2 + Math.floor(random() * 20)), ...(random() < 0.5 ? { search: pick(COMMON_WORDS) } : {}) }),
    () => ({ page: String(100 + Math.floor(random() * 900)), ...(random() < 0.5 ? { location: pick(CITIES) } : {}) }), // deep
    // The word search's queries: at least 30% of the corpus (8 makers of these 25, and the 7 below).
    () => ({ search: pick(WORD_QUERIES) }),
    () => ({ search: pick(WORD_QUERIES), experienceLevel: pick(EXPERIENCE_LEVELS) }),
    () => ({ search: `${pick(WORD_QUERIES)} ${pick(CITIES)}` }), // a place in the box
    () => ({ search: `${pick(COMMON_WORDS)} ${pick(CITIES)}`, sort: "newest" }),
    () => ({ search: misspell(pick(TYPO_SOURCES)) }),
    () => ({ search: `${misspell(pick(TYPO_SOURCES))} ${pick(CITIES)}` }),
    () => ({ search: `${pick(COMMON_WORDS)} ${pick(RARE_WORDS)}` }),
    () => ({ search: pick(WORD_QUERIES), page: String(2 + Math.floor(random() * 5)) }),
    // What the realistic seed's descriptions hold: common and rare words, phrases, synonyms, typos of them.
    () => ({ search: pick(DESCRIPTION_WORDS) }),
    () => ({ search: pick(DESCRIPTION_PHRASES) }),
    () => ({ search: pick(DESCRIPTION_PHRASES), location: pick(CITIES) }),
    () => ({ search: `${pick(DESCRIPTION_WORDS)} ${pick(DESCRIPTION_WORDS)}` }),
    () => ({ search: pick(SYNONYMS) }),
    () => ({ search: `${pick(SYNONYMS)} ${pick(CITIES)}` }),
    () => ({ search: `${misspell(pick(TYPO_SOURCES))} ${pick(DESCRIPTION_WORDS)}` }),
  ];
  /** One letter changed, dropped, doubled or swapped with the next: a typo the search corrects. */
  function misspell(word: string): string {
    const at = 1 + Math.floor(random() * (word.length - 2));
    const kind = Math.floor(random() * 4);
    if (kind === 0) return word.slice(0, at) + pick([...letters]) + word.slice(at + 1);
    if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
    if (kind === 2) return word.slice(0, at) + word[at] + word.slice(at);
    return word.slice(0, at) + (word[at + 1] ?? "") + word[at] + word.slice(at + 2);
  }
  const queries = new Set<string>();
  while (queries.size < size) {
    const params = pick(makers)();
    if (!params.page && random() < 0.2) params.limit = String(pick([20, 50, 100]));
    queries.add(`/api/jobs?${new URLSearchParams(params).toString()}`);
  }
  // Shuffled so neighbours in time are unrelated queries.
  return [...queries].sort(() => random() - 0.5);
}
