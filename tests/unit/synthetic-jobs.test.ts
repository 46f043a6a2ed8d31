import { expect, test } from "vitest";
import { syntheticJob, withArticle } from "#server/seed/synthetic-jobs.ts";

const NOW = new Date("2026-01-15T12:00:00Z");
const demo = Array.from({ length: 60 }, (_, i) => syntheticJob(i + 1, NOW));

test("demo salaries have round bounds, as employers write them, and the maximum is above the minimum", () => {
  for (const job of demo) {
    const step = job.salaryType === "Yearly" ? 10_000 : job.salaryType === "Monthly" ? 1_000 : 10;
    expect(job.minSalary % step, `${job.title} ${job.minSalary}`).toBe(0);
    expect(job.maxSalary % step, `${job.title} ${job.maxSalary}`).toBe(0);
    expect(job.maxSalary).toBeGreaterThan(job.minSalary);
  }
});

const WEB_SKILLS = ["JavaScript", "C++", "HTML", "CSS", "React", "Node", "MongoDB", "Redux"];

test("demo titles vary with seniority, and skills fit the role (web skills never on a nurse or an accountant)", () => {
  expect(new Set(demo.map((job) => job.title)).size).toBeGreaterThanOrEqual(30);
  expect(demo.some((job) => /^(Senior|Lead|Junior|Intern) /.test(job.title))).toBe(true);
  for (const job of demo) {
    // The form asks for at least one skill: a listing without one could not be edited as it was seeded.
    expect(job.skills?.length ?? 0, job.title).toBeGreaterThan(0);
    if (/Nurse|Accountant|Sales|Writer|Recruiter|Support|Operations|Coordinator|Marketing|Graphic/.test(job.title))
      expect(
        (job.skills ?? []).filter((skill) => WEB_SKILLS.includes(skill)),
        job.title,
      ).toEqual([]);
    if (/Frontend|Full Stack|React Native|Node\.js/.test(job.title))
      expect(job.skills?.length ?? 0, job.title).toBeGreaterThan(0);
    if (/UI\/UX/.test(job.title))
      expect(
        (job.skills ?? []).every((skill) => ["Figma", "User research", "Prototyping", "HTML", "CSS"].includes(skill)),
        job.title,
      ).toBe(true);
  }
});

test("the skills people search for most are on the listings that need them (python, sql, kubernetes, typescript)", () => {
  const board = Array.from({ length: 400 }, (_, i) => syntheticJob(i + 1, NOW));
  const withSkill = (skill: string) => board.filter((job) => job.skills?.includes(skill)).map((job) => job.title);
  for (const skill of ["Python", "SQL", "Kubernetes", "Docker", "TypeScript", "Java", "AWS", "Figma", "Excel"])
    expect(withSkill(skill).length, skill).toBeGreaterThan(0);
  expect(withSkill("Python").every((title) => /Data Analyst|Machine Learning|Backend|QA/.test(title))).toBe(true);
  expect(withSkill("Kubernetes").every((title) => /DevOps/.test(title))).toBe(true);
});

test('seeded sentences take "an" before a vowel: an advertising company, an Intern DevOps Engineer, a UI/UX Designer', () => {
  expect(withArticle("advertising")).toBe("an advertising");
  expect(withArticle("Intern DevOps Engineer")).toBe("an Intern DevOps Engineer");
  expect(withArticle("UI/UX Designer")).toBe("a UI/UX Designer");
  expect(withArticle("Graphic Designer")).toBe("a Graphic Designer");
  for (const job of demo) {
    expect(`${job.description}\n${job.companyDescription}\n${job.responsibilities}`, job.title).not.toMatch(
      /\ba [aeio]/i,
    );
  }
});

test("long descriptions add that many made-up words and change nothing else of a listing", () => {
  const short = syntheticJob(7, NOW);
  const long = syntheticJob(7, NOW, { descriptionWords: 420 });
  expect({ ...long, description: short.description }).toEqual(short);
  expect(long.description.startsWith(short.description)).toBe(true);
  const added = long.description.slice(short.description.length).trim();
  expect(added.split(/\s+/)).toHaveLength(420);
  // As long as a real listing's (about 3,300 characters), and the same every time.
  expect(long.description.length).toBeGreaterThan(3_000);
  expect(syntheticJob(7, NOW, { descriptionWords: 420 }).description).toBe(long.description);
});

test("the longest seeded description still fits the form's 10,000 characters", () => {
  for (let i = 1; i <= 50; i++) {
    expect(syntheticJob(i, NOW, { descriptionWords: 800 }).description.length).toBeLessThanOrEqual(10_000);
  }
});
