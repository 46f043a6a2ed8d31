import { expect, test } from "vitest";
import { dialledNumber, telHref } from "#shared/phone.ts";

test("a number's spaces, dashes and brackets are left out of its tel: link", () => {
  expect(telHref("+91 80-4567 8901")).toBe("tel:+918045678901");
  expect(telHref("080 (4567) 8901")).toBe("tel:08045678901");
});

test("the (0) trunk prefix of an international number is not dialled", () => {
  expect(dialledNumber("+44 (0)7700 900123")).toBe("+447700900123");
  expect(dialledNumber("+44 ( 0 ) 20 7946 0958")).toBe("+442079460958");
});

test("a number without a country code keeps its leading zero", () => {
  expect(dialledNumber("(0)20 7946 0958")).toBe("02079460958");
  expect(dialledNumber("020 7946 0958")).toBe("02079460958");
});

test("only a leading plus is kept", () => {
  expect(dialledNumber(" +1 555+0100 ")).toBe("+15550100");
});
