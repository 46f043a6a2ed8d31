import { expect, test } from "vitest";
import { byShape, shapeOf } from "#scripts/bench/shapes.ts";

test("a request's shape counts its search's words and names its other parameters, without their values or page size", () => {
  expect(shapeOf("http://127.0.0.1:3000/api/jobs?search=nurse+kochi&experienceLevel=Fresher&limit=20")).toBe(
    "2 words + experienceLevel",
  );
  expect(shapeOf("/api/jobs?search=java")).toBe("1 word");
  expect(shapeOf("/api/jobs?page=4&location=pune")).toBe("location + page");
  expect(shapeOf("/api/jobs?search=+&limit=50")).toBe("no parameters");
});

test("the shapes holding most of the slowest twentieth come first, each with its median", () => {
  const samples = [
    ...Array.from({ length: 90 }, (_, i) => ({ ms: 10 + (i % 10), ok: true, bytes: 0, url: "/api/jobs?page=2" })),
    ...Array.from({ length: 10 }, (_, i) => ({ ms: 50 + i, ok: true, bytes: 0, url: "/api/jobs?search=a+b" })),
  ];
  const [first, second] = byShape(samples);
  expect(first).toEqual({ shape: "2 words", requests: 10, p50: 55, slowest: 5 });
  expect(second).toEqual({ shape: "page", requests: 90, p50: 15, slowest: 0 });
});
