import { SKILL_OPTIONS } from "#shared/job.ts";

/**
 * Skills the form suggests once something is typed: the spec's eight first, then what listings on a board like this
 * ask for, tech and non-tech. Anything else can still be created; this list only saves typing and spelling.
 */
export const SKILL_SUGGESTIONS: readonly string[] = [
  ...SKILL_OPTIONS,
  "TypeScript",
  "Python",
  "Java",
  "Kotlin",
  "Swift",
  "Go",
  "Rust",
  "C#",
  ".NET",
  "PHP",
  "Laravel",
  "Ruby on Rails",
  "Django",
  "Flask",
  "Spring Boot",
  "Angular",
  "Vue.js",
  "Next.js",
  "Express",
  "GraphQL",
  "REST APIs",
  "SQL",
  "PostgreSQL",
  "MySQL",
  "Redis",
  "Docker",
  "Kubernetes",
  "AWS",
  "Azure",
  "Google Cloud",
  "Terraform",
  "Linux",
  "Git",
  "CI/CD",
  "Android",
  "iOS",
  "Flutter",
  "React Native",
  "Machine Learning",
  "Data Analysis",
  "Power BI",
  "Tableau",
  "Excel",
  "Figma",
  "Adobe Photoshop",
  "Adobe Illustrator",
  "UI Design",
  "UX Research",
  "SEO",
  "Content Writing",
  "Digital Marketing",
  "Social Media",
  "Sales",
  "Customer Support",
  "Tally",
  "GST",
  "Accounting",
  "Bookkeeping",
  "Payroll",
  "Recruitment",
  "Project Management",
  "Agile",
  "Scrum",
  "Communication",
  "English",
  "Hindi",
  "Nursing",
  "Teaching",
  "Driving",
  "Forklift",
  "Electrical",
  "Plumbing",
  "Welding",
  "AutoCAD",
];

/**
 * The suggestions for what is typed, best first: an exact name, then names that start with it, then names that hold
 * it, each group in the list's order; names already chosen are left out. Empty input: the spec's eight.
 */
export function suggestSkills(typed: string, chosen: readonly string[]): string[] {
  const taken = new Set(chosen.map((name) => name.toLowerCase()));
  const query = typed.trim().replace(/\s+/g, " ").toLowerCase();
  const open = (name: string) => !taken.has(name.toLowerCase());
  if (query === "") return SKILL_OPTIONS.filter(open);
  const rank = (name: string) => {
    const lower = name.toLowerCase();
    if (lower === query) return 0;
    if (lower.startsWith(query)) return 1;
    return lower.includes(query) ? 2 : 3;
  };
  return SKILL_SUGGESTIONS.filter((name) => open(name) && rank(name) < 3).sort((a, b) => rank(a) - rank(b));
}
