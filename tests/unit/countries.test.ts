import { expect, test } from "vitest";
import { countryOfLocation } from "#shared/countries.ts";
import { jobPostingLd } from "#app/lib/job-posting-ld.ts";
import type { Job } from "#shared/job.ts";

const code = (location: string) => countryOfLocation(location)?.code;

test("a location whose last part is a country's name is in that country", () => {
  expect(code("Berlin, Germany")).toBe("DE");
  expect(code("London, United Kingdom")).toBe("GB");
  expect(code("Bengaluru, Karnataka, India")).toBe("IN");
  expect(code("Singapore")).toBe("SG");
});

test("common short and local names count: USA, U.S.A., UK, UAE, Deutschland, Brasil", () => {
  expect(code("Remote, USA")).toBe("US");
  expect(code("New York, U.S.A.")).toBe("US");
  expect(code("Manchester, UK")).toBe("GB");
  expect(code("Dubai, UAE")).toBe("AE");
  expect(code("München, Deutschland")).toBe("DE");
  expect(code("São Paulo, Brasil")).toBe("BR");
});

test("case, accents, '&' and the way the work is done around the country do not matter", () => {
  expect(code("berlin, GERMANY")).toBe("DE");
  expect(code("Abidjan, Cote d'Ivoire")).toBe("CI");
  expect(code("Port of Spain, Trinidad and Tobago")).toBe("TT");
  expect(code("Remote USA")).toBe("US");
  expect(code("Germany (Remote)")).toBe("DE");
  expect(code("Remote - Canada")).toBe("CA");
  expect(code("Amsterdam / The Netherlands")).toBe("NL");
});

test("a location that names no country has none, and a place merely containing a country's name is not taken for it", () => {
  expect(code("Bengaluru")).toBeUndefined();
  expect(code("Remote")).toBeUndefined();
  expect(code("Jersey City, New Jersey")).toBeUndefined();
  expect(code("New Mexico")).toBeUndefined();
  expect(code("Indiana")).toBeUndefined();
});

const job = (jobLocation: string, salaryCurrency: Job["salaryCurrency"] = "INR") =>
  ({
    _id: "0b4f3c1e-7d0a-4a7e-9d55-0d6c9d6f7a11",
    jobTitle: "Engineer",
    companyName: "Acme",
    companySite: null,
    companyLogo: null,
    description: "Build things.",
    responsibilities: null,
    requirements: null,
    postingDate: "2026-11-20T00:00:00.000Z",
    minPrice: "50000",
    maxPrice: "70000",
    salaryType: "Yearly",
    salaryCurrency,
    jobLocation,
    employmentType: "Full-time",
    experienceLevel: "3-5 Year",
    skills: [],
    postionopens: 1,
  }) as unknown as Job;

test("the JobPosting's address country follows the location, India when it names none", () => {
  const country = (location: string) =>
    jobPostingLd(job(location), "https://jobs.example/jobs/1", "https://jobs.example/companies/acme").jobLocation
      .address.addressCountry;
  expect(country("Berlin, Germany")).toBe("DE");
  expect(country("Remote, USA")).toBe("US");
  expect(country("Pune")).toBe("IN");
  expect(country("Remote")).toBe("IN");
});

test("a remote JobPosting asks for applicants in the country its location names", () => {
  expect(
    jobPostingLd(job("Remote, USA"), "https://jobs.example/jobs/1", "https://jobs.example/companies/acme")
      .applicantLocationRequirements,
  ).toEqual({
    "@type": "Country",
    name: "United States",
  });
  expect(
    jobPostingLd(job("Remote"), "https://jobs.example/jobs/1", "https://jobs.example/companies/acme")
      .applicantLocationRequirements?.name,
  ).toBe("India");
});

test("the JobPosting's salary is in the listing's currency", () => {
  expect(
    jobPostingLd(job("Berlin, Germany", "EUR"), "https://jobs.example/jobs/1", "https://jobs.example/companies/acme")
      .baseSalary.currency,
  ).toBe("EUR");
  expect(
    jobPostingLd(job("Pune"), "https://jobs.example/jobs/1", "https://jobs.example/companies/acme").baseSalary.currency,
  ).toBe("INR");
});
