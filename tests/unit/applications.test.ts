import { expect, test } from "vitest";
import { jobPostingLd } from "#app/lib/job-posting-ld.ts";
import { applicationFieldsSchema, cvKindOf } from "#shared/applications.ts";
import { jobInputSchema, type Job } from "#shared/job.ts";
import { docxBytes, exeBytes, pdfBytes, zipBytes } from "#tests/support/cv-files.ts";
import { validJob } from "#tests/support/factories.ts";

const listing = (applyMethod: Job["applyMethod"]) =>
  ({
    _id: "0b4f3c1e-7d0a-4a7e-9d55-0d6c9d6f7a11",
    jobTitle: "Engineer",
    companyName: "Acme",
    description: "Build things.",
    postingDate: "2026-11-20T00:00:00.000Z",
    minPrice: "50000",
    maxPrice: "70000",
    salaryType: "Yearly",
    salaryCurrency: "INR",
    jobLocation: "Pune",
    employmentType: "Full-time",
    experienceLevel: "3-5 Year",
    skills: [],
    postionopens: 1,
    applyMethod,
  }) as unknown as Job;

test("JobPosting data says directApply only for listings that take applications on the board", () => {
  expect(
    jobPostingLd(listing("board"), "https://jobs.example/jobs/1", "https://jobs.example/companies/acme").directApply,
  ).toBe(true);
  for (const method of ["link", "email", null] as const)
    expect(
      jobPostingLd(listing(method), "https://jobs.example/jobs/1", "https://jobs.example/companies/acme").directApply,
    ).toBe(false);
});

test("a CV is a PDF by its %PDF- header and a Word document by the word/document.xml in its ZIP, whatever its name", () => {
  expect(cvKindOf(pdfBytes())).toBe("pdf");
  expect(cvKindOf(docxBytes())).toBe("docx");
  expect(cvKindOf(zipBytes({ "xl/workbook.xml": "<workbook/>" }))).toBeNull();
  expect(cvKindOf(exeBytes())).toBeNull();
  expect(cvKindOf(Buffer.from("just text, named cv.pdf"))).toBeNull();
  expect(cvKindOf(new Uint8Array())).toBeNull();
});

test("a listing's apply method is one of board, link or email, and may be left out as before", () => {
  for (const applyMethod of ["board", "link", "email"])
    expect(jobInputSchema.parse(validJob({ applyMethod })).applyMethod).toBe(applyMethod);
  expect(jobInputSchema.parse(validJob()).applyMethod).toBeUndefined();
  expect(jobInputSchema.parse(validJob({ applyMethod: "" })).applyMethod).toBeUndefined();
  expect(jobInputSchema.safeParse(validJob({ applyMethod: "fax" })).success).toBe(false);
});

test("the application form's phone and cover note are optional, and consent must be given", () => {
  const base = { name: "Asha", email: "asha@example.com", consent: "on" };
  expect(applicationFieldsSchema.parse({ ...base, phone: "", coverNote: "" })).toEqual({
    name: "Asha",
    email: "asha@example.com",
    consent: "on",
  });
  expect(applicationFieldsSchema.safeParse({ ...base, consent: undefined }).success).toBe(false);
  expect(applicationFieldsSchema.safeParse({ ...base, name: "Asha\r\nBcc: x@example.com" }).success).toBe(false);
});
