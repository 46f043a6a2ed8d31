import { expect, test } from "vitest";
import { addSkill } from "#app/lib/job-form-values.ts";
import { fieldErrors, messagesByField } from "#shared/errors.ts";
import { jobInputSchema, MAX_SKILLS, normaliseSkillName, SKILL_OPTIONS } from "#shared/job.ts";
import { validJob } from "#tests/support/factories.ts";

const skills = (...values: string[]) => values.map((value) => ({ value, label: value }));
const parsedSkills = (...values: string[]) =>
  jobInputSchema.parse(validJob({ skills: skills(...values) })).skills.map(({ value }) => value);
const refusal = (...values: string[]) => {
  const result = jobInputSchema.safeParse(validJob({ skills: skills(...values) }));
  expect(result.success).toBe(false);
  return fieldErrors(result.error?.issues ?? []);
};

test("a skill outside the eight suggestions is accepted as typed", () => {
  expect(parsedSkills("Rust", "Kubernetes")).toEqual(["Rust", "Kubernetes"]);
});

test("a skill name is trimmed and its inner whitespace collapsed to single spaces", () => {
  expect(parsedSkills("  Machine \t  learning\n ")).toEqual(["Machine learning"]);
});

test("a suggestion typed in another case takes the suggestion's spelling", () => {
  expect(parsedSkills("react", "MONGODB", " c++ ")).toEqual(["React", "MongoDB", "C++"]);
  for (const option of SKILL_OPTIONS) expect(normaliseSkillName(option.toUpperCase())).toBe(option);
});

test("case-insensitive duplicates are merged, the first spelling kept", () => {
  expect(parsedSkills("Rust", "rust", "React", "react", "RUST ")).toEqual(["Rust", "React"]);
});

test("twenty skills are accepted and a twenty-first is refused on the skills field", () => {
  const twenty = Array.from({ length: MAX_SKILLS }, (_, i) => `Skill ${i + 1}`);
  expect(parsedSkills(...twenty)).toHaveLength(20);
  expect(refusal(...twenty, "Skill 21")).toEqual({ skills: "At most 20 skills" });
});

test("duplicates are merged before counting, so a repeated skill does not tip the list over twenty", () => {
  const twenty = Array.from({ length: MAX_SKILLS }, (_, i) => `Skill ${i + 1}`);
  expect(parsedSkills(...twenty, "skill 1")).toHaveLength(20);
});

test("a skill of 40 characters is accepted and one of 41 is refused on the skills field", () => {
  expect(parsedSkills("x".repeat(40))).toEqual(["x".repeat(40)]);
  const fields = refusal("React", "x".repeat(41));
  expect(fields).toEqual({ "skills.1.value": "Each skill must be at most 40 characters" });
  expect(messagesByField(fields)).toEqual({ skills: "Each skill must be at most 40 characters" });
});

test("the length limit applies once surrounding whitespace is trimmed", () => {
  expect(parsedSkills(`   ${"x".repeat(40)}   `)).toEqual(["x".repeat(40)]);
});

test.each([
  ["empty", ""],
  ["blank", "   "],
  ["made of zero-width characters alone", "\u200b\u2060"],
])("a skill name that is %s is refused", (_name, value) => {
  expect(refusal(value)).toEqual({ "skills.0.value": "Skill names must not be empty" });
});

test("names in other scripts, with symbols or emoji, are accepted", () => {
  expect(parsedSkills("C#", "データ分析", "हिन्दी टाइपिंग", "👩‍💻 Pairing")).toEqual([
    "C#",
    "データ分析",
    "हिन्दी टाइपिंग",
    "👩‍💻 Pairing",
  ]);
});

test("a skill name with a lone surrogate is refused (jsonb cannot store one)", () => {
  expect(refusal("Ru\ud800st")).toEqual({ "skills.0.value": "Must be valid Unicode text" });
  expect(refusal("\udc00Rust")).toEqual({ "skills.0.value": "Must be valid Unicode text" });
});

test.each([
  ["NUL", "Ru\u0000st"],
  ["a C0 control", "Ru\u0007st"],
  ["DEL", "Ru\u007fst"],
  ["a C1 control", "Ru\u0098st"],
  ["a bidi override", "\u202eRust"],
  ["a bidi isolate", "Ru\u2067st"],
])("a skill name with %s is refused", (_name, value) => {
  expect(refusal(value)).toEqual({ "skills.0.value": "Must not contain control characters" });
});

test("no skill at all is still refused", () => {
  expect(refusal()).toEqual({ skills: "Pick at least one skill" });
});

test("the form adds a typed skill normalised, and not again in another case", () => {
  const once = addSkill(skills("Rust"), "  react ");
  expect(once).toEqual(skills("Rust", "React"));
  expect(addSkill(once, "RUST")).toBe(once);
  expect(addSkill(once, "   ")).toBe(once);
  expect(addSkill(once, "Go  lang")).toEqual(skills("Rust", "React", "Go lang"));
});
