import { randomUUID } from "node:crypto";
import type { JobFormValues } from "#shared/job.ts";

/** A complete, valid job in the spec's wire shape; override what a test cares about. */
export function validJob(overrides: Partial<Record<keyof JobFormValues, unknown>> = {}): Record<string, unknown> {
  return {
    jobTitle: "Frontend Developer",
    companyName: "Acme Widgets",
    Industry: "Software",
    companySite: "https://acme.example",
    higherEducation: "B.Tech",
    companyLogo: "https://acme.example/logo.png",
    description: "Build delightful interfaces.\nShip every week.",
    companyDec: "Acme makes widgets for everyone.",
    responsibilities: "Write React components\nReview pull requests",
    requirements: "3 years of React\nGood English",
    postionopens: 2,
    postingDate: new Date().toISOString().slice(0, 10),
    minPrice: "40000",
    maxPrice: "60000",
    salaryType: "Monthly",
    jobLocation: "Bengaluru",
    englishLevel: "Intermediate English",
    gender: "Any",
    experienceLevel: "0-3 Year",
    employmentType: "Full-time",
    skills: [
      { value: "React", label: "React" },
      { value: "CSS", label: "CSS" },
    ],
    postedByNumber: "+91 98765 43210",
    applyLink: "https://acme.example/apply",
    companyLinkedin: "https://www.linkedin.com/company/acme",
    companyFacebook: "",
    companyInstgram: "https://www.instagram.com/acme",
    companyTwitter: "",
    ...overrides,
  };
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
