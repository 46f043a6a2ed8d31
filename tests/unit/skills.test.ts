import { expect, test } from "vitest";
import { SKILL_OPTIONS } from "#shared/job.ts";
import { suggestSkills } from "#shared/skills.ts";

test("with nothing typed the suggestions are the spec's eight, less those already chosen", () => {
  expect(suggestSkills("", [])).toEqual([...SKILL_OPTIONS]);
  expect(suggestSkills("  ", ["React", "redux"])).toEqual(["JavaScript", "C++", "HTML", "CSS", "Node", "MongoDB"]);
});

test("a part of a skill's name suggests it, an exact name first, then names that start with it", () => {
  expect(suggestSkills("Rea", [])[0]).toBe("React");
  expect(suggestSkills("TypeScr", [])).toEqual(["TypeScript"]);
  expect(suggestSkills("java", [])).toEqual(["Java", "JavaScript"]);
  expect(suggestSkills("go", []).slice(0, 2)).toEqual(["Go", "Google Cloud"]);
  expect(suggestSkills("go", [])).toContain("MongoDB");
});

test("what matches nothing suggests nothing, so creating it is the only choice", () => {
  expect(suggestSkills("Cobol", [])).toEqual([]);
  expect(suggestSkills("react", ["React"])).toEqual(["React Native"]);
});
