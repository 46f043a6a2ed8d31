import { expect, test } from "vitest";
import {
  isExpired,
  jobIdSchema,
  jobInputSchema,
  jobPostSchema,
  jobSearchSchema,
  postingDateProblem,
} from "#shared/job.ts";
import { containsPattern } from "#server/jobs/filters.ts";
import { toJobFields, toJobValues, toWireJob, type JobRow } from "#server/jobs/mapper.ts";
import { validJob } from "#tests/support/factories.ts";

const DAY = 24 * 60 * 60 * 1000;

test("a complete job from the post form is valid", () => {
  expect(jobInputSchema.safeParse(validJob()).success).toBe(true);
});

test("form strings become numbers: salaries with thousands separators and fractional openings", () => {
  const job = jobInputSchema.parse(validJob({ minPrice: "45,000", maxPrice: " 60 000 ", postionopens: "2.50" }));
  expect(job).toMatchObject({ minPrice: 45000, maxPrice: 60000, postionopens: 2.5 });
});

test("blank and null optional fields mean not given", () => {
  const job = jobInputSchema.parse(
    validJob({ companySite: "", higherEducation: "   ", companyLogo: null, postedByNumber: null }),
  );
  expect(job.companySite).toBeUndefined();
  expect(job.higherEducation).toBeUndefined();
  expect(job.companyLogo).toBeUndefined();
  expect(job.postedByNumber).toBeUndefined();
});

test("a required field sent as null is Required", () => {
  const result = jobInputSchema.safeParse(validJob({ jobTitle: null, experienceLevel: null, applyLink: null }));
  expect(result.success).toBe(false);
  const messages = Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? []);
  expect(messages).toMatchObject({ jobTitle: "Required", experienceLevel: "Required", applyLink: "Required" });
});

test("the gender 'Any' exists on the post form", () => {
  expect(jobInputSchema.safeParse(validJob({ gender: "Any" })).success).toBe(true);
});

test("a maximum salary equal to the minimum is allowed", () => {
  expect(jobInputSchema.safeParse(validJob({ minPrice: "50000", maxPrice: "50000" })).success).toBe(true);
});

test("a date-time posting date with a timezone is accepted, a leap day only in leap years", () => {
  expect(jobInputSchema.safeParse(validJob({ postingDate: "2024-06-01T10:30:00.000Z" })).success).toBe(true);
  expect(jobInputSchema.safeParse(validJob({ postingDate: "2024-06-01T10:30:00+05:30" })).success).toBe(true);
  expect(jobInputSchema.safeParse(validJob({ postingDate: "2024-02-29" })).success).toBe(true);
  expect(jobInputSchema.safeParse(validJob({ postingDate: "2023-02-29" })).success).toBe(false);
});

test("the search query defaults to page 1 of 10, all dates", () => {
  expect(jobSearchSchema.parse({})).toEqual({ page: 1, limit: 10, datePosted: "all" });
});

test("the search query turns blank values into 'any'", () => {
  expect(jobSearchSchema.parse({ search: " ", experienceLevel: "", minSalary: "", page: "", limit: "" })).toEqual({
    page: 1,
    limit: 10,
    datePosted: "all",
  });
});

test("salary filters are free text on the form but compare as numbers", () => {
  expect(jobSearchSchema.parse({ minSalary: "45,000", maxSalary: "90000" })).toMatchObject({
    minSalary: 45000,
    maxSalary: 90000,
  });
});

test("job ids are UUIDs", () => {
  expect(jobIdSchema.safeParse("6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f").success).toBe(true);
  expect(jobIdSchema.safeParse("64b7f0c2a1e4b3d2c1f0e9d8").success).toBe(false);
});

test("a listing expires once postingDate + 30 days is past", () => {
  const now = new Date("2024-07-01T12:00:00Z");
  expect(isExpired(new Date(now.getTime() - 30 * DAY + 1000), now)).toBe(false);
  expect(isExpired(new Date(now.getTime() - 30 * DAY), now)).toBe(false);
  expect(isExpired(new Date(now.getTime() - 30 * DAY - 1000), now)).toBe(true);
  expect(isExpired("2024-05-01", now)).toBe(true);
});

test("a posting date is refused once it is older than the 30 days a listing is shown", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  expect(postingDateProblem("2026-10-25", now)).toBeUndefined();
  expect(postingDateProblem(new Date(now.getTime() - 30 * DAY), now)).toBeUndefined();
  expect(postingDateProblem(new Date(now.getTime() - 30 * DAY - 1000), now)).toBe(
    "Must be within the last 30 days; an older listing is never shown",
  );
  expect(postingDateProblem("2026-10-24", now)).toBe(
    "Must be within the last 30 days; an older listing is never shown",
  );
});

test("a posting date is refused once it is tomorrow everywhere on Earth, not while it is already today somewhere", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  expect(postingDateProblem("2026-11-23", now)).toBeUndefined();
  // 12:00 UTC is 02:00 on 24 November at UTC+14 (Kiribati), so the 24th is someone's today.
  expect(postingDateProblem("2026-11-24", now)).toBeUndefined();
  expect(postingDateProblem("2026-11-25", now)).toBe("Must not be in the future");
  expect(postingDateProblem(new Date(now.getTime() + 14 * 60 * 60 * 1000 + 1000), now)).toBe(
    "Must not be in the future",
  );
});

test("only the post schema applies the posting window; the stored-job schema keeps an old date valid", () => {
  const old = validJob({ postingDate: "2024-06-01" });
  expect(jobInputSchema.safeParse(old).success).toBe(true);
  const refused = jobPostSchema.safeParse(old);
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual(["postingDate"]);
  expect(jobPostSchema.safeParse(validJob()).success).toBe(true);
});

test("search text is matched literally: %, _ and \\ are escaped for LIKE", () => {
  expect(containsPattern("100%")).toBe("%100\\%%");
  expect(containsPattern("QA_Lead")).toBe("%QA\\_Lead%");
  expect(containsPattern("a\\b")).toBe("%a\\\\b%");
  expect(containsPattern("plain")).toBe("%plain%");
});

test("a job round-trips from the form to the database row and back to the spec's wire names", () => {
  const input = jobInputSchema.parse(validJob());
  const values = toJobValues(input, "owner@example.com");
  const now = new Date("2024-07-01T00:00:00Z");
  const row: JobRow = {
    ...values,
    id: "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f",
    ownerId: "u1",
    createdAt: now,
    updatedAt: now,
  } as JobRow;
  const wire = toWireJob(row);
  expect(wire).toMatchObject({
    _id: row.id,
    jobTitle: "Frontend Developer",
    Industry: "Software",
    companyDec: "Acme makes widgets for everyone.",
    postionopens: 2,
    minPrice: "40000",
    companyInstgram: "https://www.instagram.com/acme",
    companyInstagram: "https://www.instagram.com/acme",
    postedByEmail: "owner@example.com",
  });
  expect(toJobValues(jobInputSchema.parse(toJobFields(wire)), "owner@example.com")).toEqual(values);
});

test("duplicate skills are stored once", () => {
  const input = jobInputSchema.parse(validJob({ skills: [{ value: "React" }, { value: "React" }, { value: "CSS" }] }));
  expect(toJobValues(input, null).skills).toEqual(["React", "CSS"]);
});
