import { expect, test } from "vitest";
import { formatAmount, salaryInText, salaryRange, salaryWithType } from "#shared/money.ts";

test("card salaries get thousands separators and their period", () => {
  expect(salaryRange("360000", "516691", "Yearly")).toBe("3,60,000-5,16,691 / Yearly");
  expect(salaryRange("5000", "8000", "Monthly")).toBe("5,000-8,000 / Monthly");
  expect(salaryRange("250", "400")).toBe("250-400");
});

test("the detail page's salary chip gets thousands separators too", () => {
  expect(salaryWithType("1200000", "1500000", "Yearly")).toBe("12,00,000 - 15,00,000 / Yearly");
});

test("free-text salaries that are not plain numbers are shown as typed", () => {
  expect(formatAmount("negotiable")).toBe("negotiable");
  expect(formatAmount("40k")).toBe("40k");
  expect(formatAmount("1,20,000")).toBe("1,20,000");
  expect(formatAmount("99.5")).toBe("99.5");
});

test("salaries in another currency than rupees carry its symbol or code, grouped the international way", () => {
  expect(salaryRange("40000", "60000", "Yearly", "USD")).toBe("$40,000-$60,000 / Yearly");
  expect(salaryWithType("1200000", "1500000", "Yearly", "EUR")).toBe("€1,200,000 - €1,500,000 / Yearly");
  expect(formatAmount("40000", "CAD")).toBe("CA$40,000");
  expect(formatAmount("negotiable", "USD")).toBe("negotiable");
});

test("rupee salaries stay plain numbers beside the rupee icon, grouped the Indian way", () => {
  expect(salaryRange("360000", "516691", "Yearly", "INR")).toBe("3,60,000-5,16,691 / Yearly");
});

test("a salary in a mail carries the rupee sign before Indian-grouped amounts, and other currencies their own symbol", () => {
  expect(salaryInText("1200000", "1800000", "Yearly")).toBe("₹12,00,000 - ₹18,00,000 / Yearly");
  expect(salaryInText("500", "900", "Monthly")).toBe("₹500 - ₹900 / Monthly");
  expect(salaryInText("40000", "60000", "Yearly", "USD")).toBe("$40,000 - $60,000 / Yearly");
  expect(salaryInText("negotiable", "1200000", "Yearly")).toBe("negotiable - ₹12,00,000 / Yearly");
});
