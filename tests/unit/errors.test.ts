import { expect, test } from "vitest";
import { jobInputSchema } from "#shared/job.ts";
import { ERROR_STATUS, fieldErrors, messagesByField } from "#shared/errors.ts";
import { validJob } from "#tests/support/factories.ts";

test("the API keys a field's message by its dotted path", () => {
  const result = jobInputSchema.safeParse(validJob({ skills: [{ value: "x".repeat(41), label: "x".repeat(41) }] }));
  expect(result.success).toBe(false);
  expect(Object.keys(fieldErrors(result.error?.issues ?? []))).toEqual(["skills.0.value"]);
});

test("a form shows a message on a nested path on the field it belongs to, first message winning", () => {
  expect(
    messagesByField({
      "skills.0.value": "Must be one of: JavaScript",
      "skills.1.value": "second",
      jobTitle: "Required",
    }),
  ).toEqual({
    skills: "Must be one of: JavaScript",
    jobTitle: "Required",
  });
});

test("every error code has one HTTP status, 4xx for the caller's mistakes and 5xx for ours", () => {
  for (const [code, status] of Object.entries(ERROR_STATUS)) {
    expect(status >= 500).toBe(code === "INTERNAL" || code === "SERVICE_UNAVAILABLE");
  }
});
