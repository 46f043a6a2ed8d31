import { expect, test } from "vitest";
import { createStatsCounter, sumRows, visitKey } from "#server/stats/counter.ts";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15";
const JOB = "4f7c2a34-8a51-4f0e-9a54-0d1f3e9b6c11";
const person = { clientIp: "203.0.113.5", userAgent: BROWSER };

test("the same person viewing a listing on two days is held once on each day, with the day it came on", () => {
  let now = new Date("2026-11-26T23:59:00Z");
  const counter = createStatsCounter({ now: () => now });
  expect(counter.countView(JOB, person)).toBe(true);
  expect(counter.countView(JOB, person)).toBe(false);
  now = new Date("2026-11-27T00:01:00Z");
  expect(counter.countView(JOB, person)).toBe(true);
  expect(counter.take()).toEqual({
    rows: [],
    visits: [
      { what: "view", jobId: JOB, day: "2026-11-26", clientIp: person.clientIp },
      { what: "view", jobId: JOB, day: "2026-11-27", clientIp: person.clientIp },
    ],
  });
});

test("a view and an Apply click by the same person are each held once", () => {
  const counter = createStatsCounter();
  counter.countView(JOB, person);
  counter.countApplyClick(JOB, person);
  counter.countApplyClick(JOB, person);
  expect(counter.take().visits.map((visit) => visit.what)).toEqual(["view", "apply"]);
});

test("the same address with another browser is the same person", () => {
  const counter = createStatsCounter();
  counter.countView(JOB, person);
  counter.countView(JOB, { ...person, userAgent: `${BROWSER} Edg/131.0` });
  expect(counter.take().visits).toHaveLength(1);
});

test("what was taken is gone, and what a failed flush puts back is added to what was counted since", () => {
  const counter = createStatsCounter();
  counter.countImpressions([JOB, JOB], BROWSER);
  counter.countView(JOB, person);
  const taken = counter.take();
  expect(counter.take()).toEqual({ rows: [], visits: [] });
  counter.countImpressions([JOB], BROWSER);
  counter.putBack(taken);
  expect(counter.countView(JOB, person)).toBe(false);
  const again = counter.take();
  expect(again.rows).toMatchObject([{ jobId: JOB, impressions: 3 }]);
  expect(again.visits).toMatchObject([{ what: "view", jobId: JOB, clientIp: person.clientIp }]);
});

test("a results page fetched by a crawler adds no impressions", () => {
  const counter = createStatsCounter();
  counter.countImpressions([JOB], "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)");
  expect(counter.take()).toEqual({ rows: [], visits: [] });
});

test("a visit's key depends on the day's salt, and rows of one listing and day add into one", () => {
  const visit = { what: "view" as const, jobId: JOB, day: "2026-11-26", ...person };
  const salt = new Uint8Array(32);
  expect(visitKey(salt, visit)).toMatch(/^[\w-]{22}$/);
  expect(visitKey(salt, visit)).toBe(visitKey(new Uint8Array(32), visit));
  expect(visitKey(new Uint8Array(32).fill(1), visit)).not.toBe(visitKey(salt, visit));
  const row = { jobId: JOB, day: "2026-11-26", views: 1, applyClicks: 0, impressions: 2 };
  expect(sumRows([row, { ...row, views: 0, applyClicks: 1, impressions: 1 }])).toEqual([
    { ...row, applyClicks: 1, impressions: 3 },
  ]);
});
