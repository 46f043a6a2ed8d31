import { sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { rowsOf } from "#server/db/rows.ts";
import { applications } from "#server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";

let testDatabase: TestDatabase | undefined;
afterEach(() => testDatabase?.drop());

test.each(engines)(
  "on %s a CV is stored as it was sent, never run through compression (ADR 40, migration 0020)",
  async (engine) => {
    testDatabase = await createTestDatabase(engine);
    const { db } = testDatabase.database;
    // A value PostgreSQL would shrink to a few hundred bytes if it tried: the column must not let it try.
    const cv = Buffer.from("%PDF-1.4\n" + "0 0 obj << /Length 0 >> stream endstream endobj\n".repeat(3_000));
    const [stored] = await db.insert(applications).values({ cv }).returning({ id: applications.id });
    const [row] = await rowsOf(
      db,
      sql`SELECT pg_column_size(cv) AS size, cv FROM applications WHERE id = ${stored?.id ?? ""}`,
    );
    expect(Number(row?.size)).toBeGreaterThanOrEqual(cv.length);
    expect(Buffer.compare(Buffer.from(row?.cv as Uint8Array), cv)).toBe(0);
  },
);
