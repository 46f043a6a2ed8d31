import { expect, test } from "vitest";
import { inlineParams } from "#server/db/one-trip.ts";

test("a statement's values become the literals pg would have sent as its parameters", () => {
  expect(inlineParams("SELECT $1, $2, $3, $4", ["it's", 5, null, true])).toBe("SELECT 'it''s', '5', NULL, 'true'");
});

test("a list becomes an array literal, as pg sends it", () => {
  expect(inlineParams("SELECT 1 WHERE x = ANY($1)", [["a b", "c"]])).toBe(`SELECT 1 WHERE x = ANY('{"a b","c"}')`);
});

test("$10 is the tenth value, not the first followed by a 0", () => {
  const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
  expect(inlineParams("SELECT $10, $1", values)).toBe("SELECT 'v10', 'v1'");
});

test("a $n inside a string, a quoted name, a comment or a dollar-quoted string is left as written", () => {
  const text = `SELECT '$1', "$1", $$ $1 $$, $q$ $1 $q$ -- $1\n, /* $1 */ $1`;
  expect(inlineParams(text, ["x"])).toBe(`SELECT '$1', "$1", $$ $1 $$, $q$ $1 $q$ -- $1\n, /* $1 */ 'x'`);
});

test("a value with backslashes is quoted as an escape string", () => {
  expect(inlineParams("SELECT $1", ["C:\\path"])).toBe("SELECT  E'C:\\\\path'");
});

test("a value with no text form cannot be inlined", () => {
  expect(inlineParams("SELECT $1", [Buffer.from("x")])).toBeUndefined();
});

test("a placeholder with no value is refused", () => {
  expect(() => inlineParams("SELECT $2", ["only one"])).toThrow("No value for $2");
});
