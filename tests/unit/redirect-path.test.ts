import { expect, test } from "vitest";
import { safeRedirectPath } from "#shared/redirect-path.ts";

/** Each would take a browser to another host, or is no path of the board's at all. */
const HOSTILE = [
  "/\t/evil.test/phish",
  decodeURIComponent("/%09/evil.test/phish"),
  "/\n/evil.test",
  "/\r\n/evil.test",
  "\t//evil.test",
  "//evil.test",
  "///evil.test",
  "/\\evil.test",
  "\\/evil.test",
  "/\\/evil.test",
  "/x\\..\\..\\evil",
  "/\u0000/evil.test",
  "/\u001f/evil.test",
  "/\u007f/evil.test",
  "https://evil.test/",
  "http:/evil.test",
  "javascript:alert(1)",
  "evil.test",
  " /post-job",
  "",
  `/${"a".repeat(2000)}`,
];

test("a value a browser would resolve to another host, or that is no path of the board's, falls back", () => {
  for (const value of HOSTILE) expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
});

test("the report's /%09/evil.test/phish, which the URL parser takes to evil.test, falls back", () => {
  const value = new URLSearchParams("from=/%09/evil.test/phish").get("from");
  expect(new URL(value ?? "", "https://board.example").host).toBe("evil.test");
  expect(safeRedirectPath(value)).toBe("/");
});

test("a path on the board, with its query and fragment, is kept as it was given", () => {
  for (const value of ["/", "/post-job", "/my-job?posted=held", "/jobs/7f3a#apply", "/search?q=a%2F%2Fb", "/a/b/../c"])
    expect(safeRedirectPath(value)).toBe(value);
});

test("something that is not a string, and an empty value, get the fallback the caller names", () => {
  expect(safeRedirectPath(undefined, "/home")).toBe("/home");
  expect(safeRedirectPath(null)).toBe("/");
  expect(safeRedirectPath(42)).toBe("/");
  expect(safeRedirectPath("", "")).toBe("");
});
