import { expect, test } from "vitest";
import { jobSearchSchema } from "#shared/job.ts";
import { externalSearchSchema } from "#shared/sources.ts";

const QUERIES = [
  ["the listings' search", jobSearchSchema],
  ["a source's search", externalSearchSchema],
] as const;

const pageProblem = (schema: (typeof QUERIES)[number][1], page: string) => {
  const parsed = schema.safeParse({ page });
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join("; ");
};

test.each(QUERIES)("in %s, no page or an empty one is the first page", (_, schema) => {
  expect(schema.parse({}).page).toBe(1);
  expect(schema.parse({ page: "" }).page).toBe(1);
});

test.each(QUERIES)("in %s, a page is a whole number from 1 to 100,000", (_, schema) => {
  expect(schema.parse({ page: "7" }).page).toBe(7);
  expect(schema.parse({ page: "100000" }).page).toBe(100_000);
  expect(pageProblem(schema, "100001")).not.toBeNull();
});

test.each(QUERIES)("in %s, a page that is not a whole number from 1 says what is wrong", (_, schema) => {
  expect(pageProblem(schema, "abc")).toBe("Must be a number");
  expect(pageProblem(schema, "2.5")).toBe("Must be a whole number");
  expect(pageProblem(schema, "0")).toBe("Must be 1 or more");
});

test("a page size is a whole number from 1 up to each query's own maximum", () => {
  expect(jobSearchSchema.safeParse({ limit: "101" }).error?.issues[0]?.message).toBe("Must be at most 100");
  expect(externalSearchSchema.safeParse({ limit: "501" }).error?.issues[0]?.message).toBe("Must be at most 500");
  expect(jobSearchSchema.safeParse({ limit: "0" }).error?.issues[0]?.message).toBe("Must be 1 or more");
  expect(externalSearchSchema.safeParse({ limit: "1.5" }).error?.issues[0]?.message).toBe("Must be a whole number");
});
