import { expect, test } from "vitest";
import { createStatsCounter } from "#server/stats/counter.ts";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15";
const JOB = "4f7c2a34-8a51-4f0e-9a54-0d1f3e9b6c11";
const person = { clientIp: "203.0.113.5", userAgent: BROWSER };

test("the same person viewing a listing on two days is one view on each day", () => {
  let now = new Date("2026-11-26T23:59:00Z");
  const counter = createStatsCounter({ now: () => now });
  expect(counter.countView(JOB, person)).toBe(true);
  expect(counter.countView(JOB, person)).toBe(false);
  now = new Date("2026-11-27T00:01:00Z");
  expect(counter.countView(JOB, person)).toBe(true);
  expect(counter.take()).toEqual([
    { jobId: JOB, day: "2026-11-26", views: 1, applyClicks: 0, impressions: 0 },
    { jobId: JOB, day: "2026-11-27", views: 1, applyClicks: 0, impressions: 0 },
  ]);
});

test("a view and an Apply click by the same person are each counted once", () => {
  const counter = createStatsCounter();
  counter.countView(JOB, person);
  counter.countApplyClick(JOB, person);
  counter.countApplyClick(JOB, person);
  expect(counter.take()).toMatchObject([{ views: 1, applyClicks: 1 }]);
});

test("the same address with another browser is another person", () => {
  const counter = createStatsCounter();
  counter.countView(JOB, person);
  counter.countView(JOB, { ...person, userAgent: `${BROWSER} Edg/131.0` });
  expect(counter.take()).toMatchObject([{ views: 2 }]);
});

test("what was taken is gone, and rows a failed flush puts back are added to what was counted since", () => {
  const counter = createStatsCounter();
  counter.countImpressions([JOB, JOB], BROWSER);
  const taken = counter.take();
  expect(counter.take()).toEqual([]);
  counter.countImpressions([JOB], BROWSER);
  counter.putBack(taken);
  expect(counter.take()).toMatchObject([{ jobId: JOB, impressions: 3 }]);
});

test("a results page fetched by a crawler adds no impressions", () => {
  const counter = createStatsCounter();
  counter.countImpressions([JOB], "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)");
  expect(counter.take()).toEqual([]);
});
