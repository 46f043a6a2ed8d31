import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { useE2e } from "#tests/e2e/fixtures.ts";

const e2e = useE2e();

/** More live listings than the exact-count limit (1,000), so totals are the planner's estimate (ADR 9). */
const LISTINGS = 2_000;

beforeAll(async () => {
  const now = new Date();
  const db = e2e.server.services.database.db;
  await insertJobsBulk(
    db,
    Array.from({ length: LISTINGS }, (_, i) => ({
      ...syntheticJob(i + 1, now),
      postingDate: new Date(now.getTime() - i * 60_000),
    })),
  );
  // What the seed and migrations do: the estimate reads these statistics.
  await db.execute(sql`ANALYZE jobs`);
});

test("past the exact-count limit the results heading says 'About N Jobs' and the pages say 'about M'", async () => {
  const page = await e2e.open("/");
  await expect.poll(() => page.getByRole("heading", { level: 2, name: "About 2,000 Jobs" }).count()).toBe(1);
  const pages = page.getByRole("form", { name: "Pages" });
  await expect.poll(() => pages.textContent()).toContain("1 / about 200");
  await pages.getByRole("button", { name: "Next" }).click();
  await expect.poll(() => pages.textContent()).toContain("2 / about 200");
});

test("a search with no matches shows the exact '0 Jobs', not an estimate", async () => {
  const page = await e2e.open("/?search=zzz-no-such-title");
  await expect.poll(() => page.getByRole("heading", { level: 2, name: "0 Jobs" }).count()).toBe(1);
});
