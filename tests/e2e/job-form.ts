import type { Page } from "playwright-core";

/** Every field of spec §3, through the form's own labels and controls. */
export type JobFields = {
  jobTitle: string;
  companyName: string;
  Industry: string;
  jobLocation: string;
  postionopens: string;
  postingDate: string;
  minPrice: string;
  maxPrice: string;
  salaryType: string;
  /** Left alone, the form posts its default (INR). */
  salaryCurrency?: string;
  employmentType: string;
  experienceLevel: string;
  englishLevel: string;
  gender: string;
  higherEducation: string;
  skills: string[];
  description: string;
  responsibilities: string;
  requirements: string;
  companyLogo: string;
  companySite: string;
  companyDec: string;
  companyLinkedin: string;
  companyFacebook: string;
  companyInstgram: string;
  companyTwitter: string;
  applyLink: string;
  postedByNumber: string;
};

export const LABELS: Record<Exclude<keyof JobFields, "skills">, string> = {
  jobTitle: "Job Title",
  companyName: "Company Name",
  Industry: "Industry",
  jobLocation: "Job Location",
  postionopens: "Number of Openings",
  postingDate: "Job Posting Date",
  minPrice: "Minimum Salary",
  maxPrice: "Maximum Salary",
  salaryType: "Salary Type",
  salaryCurrency: "Salary Currency",
  employmentType: "Employment Type",
  experienceLevel: "Experience Level",
  englishLevel: "English Level",
  gender: "Gender",
  higherEducation: "Higher Education (optional)",
  description: "Job Description",
  responsibilities: "Responsibilities (optional)",
  requirements: "Requirements (optional)",
  companyLogo: "Company Logo URL (optional)",
  companySite: "Company Website (optional)",
  companyDec: "Company Description",
  companyLinkedin: "LinkedIn (optional)",
  companyFacebook: "Facebook (optional)",
  companyInstgram: "Instagram (optional)",
  companyTwitter: "Twitter (optional)",
  applyLink: "Apply Link",
  postedByNumber: "Contact Number (optional)",
};

const SELECTS = new Set([
  "salaryType",
  "salaryCurrency",
  "employmentType",
  "experienceLevel",
  "englishLevel",
  "gender",
]);

export const field = (page: Page, name: keyof typeof LABELS) => page.getByLabel(LABELS[name], { exact: true });

export async function chooseSkills(page: Page, skills: string[]) {
  const input = page.getByLabel("Required Skill Sets", { exact: true });
  for (const skill of skills) {
    await input.fill(skill);
    await page.getByRole("option", { name: skill, exact: true }).click();
  }
}

/** Types a skill into the skills select with the keyboard alone and presses Enter, as someone without a mouse would. */
export async function typeSkill(page: Page, skill: string) {
  await page.getByLabel("Required Skill Sets", { exact: true }).focus();
  await page.keyboard.type(skill);
  await page.keyboard.press("Enter");
}

/** The company fields the form shows only for "A new company" once the employer has a company (issue 32). */
const COMPANY_FIELDS = new Set([
  "companyName",
  "Industry",
  "companyLogo",
  "companySite",
  "companyDec",
  "companyLinkedin",
  "companyFacebook",
  "companyInstgram",
  "companyTwitter",
]);

export async function fillJobForm(page: Page, job: Partial<JobFields>) {
  // An employer who posted before has a company picked; typing a company's fields means a new one.
  const company = page.getByRole("combobox", { name: "Company", exact: true });
  if (Object.keys(job).some((name) => COMPANY_FIELDS.has(name)) && (await company.count()) > 0)
    await company.selectOption({ label: "A new company" });
  for (const [name, value] of Object.entries(job)) {
    if (name === "skills") continue;
    const control = field(page, name as keyof typeof LABELS);
    if (SELECTS.has(name)) await control.selectOption(value as string);
    else await control.fill(value as string);
  }
  if (job.skills) await chooseSkills(page, job.skills);
}

export function completeJob(overrides: Partial<JobFields> = {}): JobFields {
  return {
    jobTitle: "Staff Platform Engineer",
    companyName: "Northwind Labs",
    Industry: "Cloud Software",
    jobLocation: "Pune",
    postionopens: "3",
    postingDate: new Date().toISOString().slice(0, 10),
    minPrice: "90000",
    maxPrice: "150000",
    salaryType: "Monthly",
    employmentType: "Contract",
    experienceLevel: "5+ Year",
    englishLevel: "Advanced English",
    gender: "Any",
    higherEducation: "M.Tech",
    skills: ["Node", "React"],
    description: "Own the platform.\nMentor engineers.",
    responsibilities: "1. Design services\n2. Review code",
    requirements: "1. Eight years of backend work\n2. Kubernetes",
    companyLogo: "https://northwind.example/logo.png",
    companySite: "https://northwind.example",
    companyDec: "Northwind Labs builds developer tools used by thousands of teams.",
    companyLinkedin: "https://www.linkedin.com/company/northwind",
    companyFacebook: "https://www.facebook.com/northwind",
    companyInstgram: "https://www.instagram.com/northwind",
    companyTwitter: "https://twitter.com/northwind",
    applyLink: "https://northwind.example/jobs/platform",
    postedByNumber: "+91 99887 66554",
    ...overrides,
  };
}
