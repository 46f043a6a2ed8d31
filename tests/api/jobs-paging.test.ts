import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EXACT_COUNT_LIMIT, RESULT_WINDOW } from "#shared/job-paging.ts";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Exactville holds exactly EXACT_COUNT_LIMIT live listings, Overtown one more. Overtown's listings share one
 * millisecond, apart by microseconds and with many exact ties, so a cursor that rounded to milliseconds would
 * repeat or skip listings. One expired Overtown listing never shows in a search.
 */
describe.each(engines)("paging and totals at the exact-count boundary on %s", (engine) => {
  let server: TestServer;
  let overtownIds: string[];

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const now = new Date();
    const listing = (n: number, location: string, age: number) => ({
      ...syntheticJob(n, now),
      location,
      postingDate: new Date(now.getTime() - age),
    });
    const rows = [
      ...Array.from({ length: EXACT_COUNT_LIMIT }, (_, i) => listing(i + 1, "Exactville", (i + 1) * 60_000)),
      ...Array.from({ length: EXACT_COUNT_LIMIT + 1 }, (_, i) => listing(5_000 + i, "Overtown", DAY)),
      listing(9_999, "Overtown", 40 * DAY),
    ];
    for (let i = 0; i < rows.length; i += 1_000)
      await insertJobsBulk(server.services.database.db, rows.slice(i, i + 1_000));
    const db = server.services.database.db;
    await db.execute(sql`
      UPDATE jobs SET posting_date = date_trunc('milliseconds', posting_date) + (abs(hashtext(id::text)) % 7) * interval '1 microsecond'
      WHERE location = 'Overtown' AND posting_date > now() - interval '30 days'`);
    await db.execute(sql`ANALYZE jobs`);
    const result = (await db.execute(sql`
      SELECT id::text AS id FROM jobs WHERE location = 'Overtown' AND posting_date > now() - interval '30 days'
      ORDER BY posting_date DESC, id DESC`)) as unknown as { rows: { id: string }[] };
    overtownIds = result.rows.map((row) => row.id);
  }, 120_000);
  afterAll(() => server?.close());

  test("a total of exactly the limit is counted exactly and says so", async () => {
    const { status, headers } = await api(server.url, "/api/jobs?location=Exactville");
    expect(status).toBe(200);
    expect(headers.get("x-total-count")).toBe(String(EXACT_COUNT_LIMIT));
    expect(headers.get("x-total-count-exact")).toBe("true");
    expect(headers.get("access-control-expose-headers")).toMatch(/X-Total-Count-Exact/);
  });

  test("one match over the limit gives an estimate, labelled approximate, never below what is known to be there", async () => {
    const { headers } = await api(server.url, "/api/jobs?location=Overtown");
    expect(headers.get("x-total-count-exact")).toBe("false");
    expect(Number(headers.get("x-total-count"))).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  test("the last page by number is reachable and, being short, tells the exact total", async () => {
    const { json, headers } = await api(server.url, "/api/jobs?location=Overtown&limit=100&page=11");
    expect(json.map((job: { _id: string }) => job._id)).toEqual(overtownIds.slice(1_000));
    expect(headers.get("x-total-count")).toBe(String(EXACT_COUNT_LIMIT + 1));
    expect(headers.get("x-total-count-exact")).toBe("true");
    expect(headers.get("x-next-cursor")).toBeNull();
  });

  test("following X-Next-Cursor walks every match once, in order, to the end", async () => {
    const seen: string[] = [];
    let path: string | null = "/api/jobs?location=Overtown&limit=100";
    while (path) {
      const { status, json, headers }: { status: number; json: { _id: string }[]; headers: Headers } = await api(
        server.url,
        path,
      );
      expect(status).toBe(200);
      seen.push(...json.map((job) => job._id));
      const cursor = headers.get("x-next-cursor");
      if (cursor)
        expect(headers.get("link")).toBe(
          `</api/jobs?location=Overtown&limit=100&cursor=${encodeURIComponent(cursor)}>; rel="next"`,
        );
      path = cursor ? `/api/jobs?location=Overtown&limit=100&cursor=${encodeURIComponent(cursor)}` : null;
    }
    expect(seen).toEqual(overtownIds);
  });

  test("a page number past the result window is a 400 that points to the cursor", async () => {
    const { status, json } = await api(server.url, `/api/jobs?limit=10&page=${RESULT_WINDOW / 10 + 1}`);
    expect(status).toBe(400);
    expect(json.error.code).toBe("VALIDATION_FAILED");
    expect(json.error.fields.page).toMatch(/at most 1000.*X-Next-Cursor/);
    expect((await api(server.url, `/api/jobs?limit=10&page=${RESULT_WINDOW / 10}`)).status).toBe(200);
  });

  test("a malformed cursor is a 400, not a silent first page", async () => {
    for (const cursor of ["nonsense", "123_not-a-uuid", "1_00000000-0000-0000-0000-00000000000g"]) {
      const { status, json } = await api(server.url, `/api/jobs?cursor=${cursor}`);
      expect(status).toBe(400);
      expect(json.error.fields.cursor).toMatch(/Not a valid cursor/);
    }
  });

  test("a cursor together with a page number is a 400", async () => {
    const { headers } = await api(server.url, "/api/jobs?location=Overtown");
    const { status, json } = await api(server.url, `/api/jobs?page=2&cursor=${headers.get("x-next-cursor")}`);
    expect(status).toBe(400);
    expect(json.error.fields.page).toBeDefined();
  });

  test("GET /api/all-jobs answers a bounded page of every listing, expired ones too, and a cursor to the rest", async () => {
    const first = await api(server.url, "/api/all-jobs");
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(100);
    const seen: string[] = first.json.map((job: { _id: string }) => job._id);
    let cursor = first.headers.get("x-next-cursor");
    while (cursor) {
      const next = await api(server.url, `/api/all-jobs?limit=100&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...next.json.map((job: { _id: string }) => job._id));
      cursor = next.headers.get("x-next-cursor");
    }
    expect(seen).toHaveLength(2 * EXACT_COUNT_LIMIT + 2);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test("GET /api/all-jobs refuses a limit over 100 and a bad cursor", async () => {
    expect((await api(server.url, "/api/all-jobs?limit=101")).json.error.fields.limit).toMatch(/at most 100/);
    expect((await api(server.url, "/api/all-jobs?cursor=x")).status).toBe(400);
  });
});
