import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openPglite, type Database } from "#server/db/client.ts";
import { blogPosts } from "#server/db/schema.ts";

/** ADR 18: the embedded database answers from its own thread; errors, transactions and values come back intact. */
let database: Database;

beforeAll(async () => {
  database = await openPglite(undefined);
  await database.migrate();
});
afterAll(() => database.close());

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error & { cause?: Record<string, unknown> },
  );

test("a failing query comes back with PostgreSQL's code and detail, and the database keeps answering", async () => {
  await database.db.execute(sql`CREATE TABLE thread_unique (id int PRIMARY KEY)`);
  await database.db.execute(sql`INSERT INTO thread_unique VALUES (1)`);
  const error = await errorOf(database.db.execute(sql`INSERT INTO thread_unique VALUES (1)`));
  expect(error?.cause).toMatchObject({ code: "23505", detail: "Key (id)=(1) already exists." });
  expect(await database.ping()).toBe(true);
});

test("a transaction that throws is rolled back, one that returns is committed", async () => {
  const title = "Thread transaction";
  await expect(
    database.db.transaction(async (tx) => {
      await tx.insert(blogPosts).values({ title, date: "2026-11-23", content: "rolled back" });
      throw new Error("changed my mind");
    }),
  ).rejects.toThrow("changed my mind");
  expect(await database.db.select().from(blogPosts).where(eq(blogPosts.title, title))).toEqual([]);
  const id = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({ title, date: "2026-11-23", content: "kept" })
      .returning({ id: blogPosts.id });
    return row?.id;
  });
  expect((await database.db.select().from(blogPosts).where(eq(blogPosts.title, title))).map((row) => row.id)).toEqual([
    id,
  ]);
});

test("a file of every byte value goes in and comes back byte for byte, and an empty one stays empty", async () => {
  await database.db.execute(sql`CREATE TABLE thread_bytes (name text PRIMARY KEY, data bytea NOT NULL)`);
  const file = Buffer.from(Array.from({ length: 1024 * 1024 + 3 }, (_, i) => (i * 7) % 256));
  await database.db.execute(sql`INSERT INTO thread_bytes VALUES ('file', ${file}), ('empty', ${Buffer.alloc(0)})`);
  const { rows } = (await database.db.execute(sql`SELECT name, data FROM thread_bytes ORDER BY name`)) as unknown as {
    rows: { name: string; data: Uint8Array }[];
  };
  expect(rows.map((row) => [row.name, row.data.byteLength])).toEqual([
    ["empty", 0],
    ["file", file.length],
  ]);
  expect(Buffer.from(rows[1]!.data).equals(file)).toBe(true);
});

test("transactions begun at once run one after the other, each seeing its own writes", async () => {
  await database.db.execute(sql`CREATE TABLE thread_counter (n int NOT NULL)`);
  await database.db.execute(sql`INSERT INTO thread_counter VALUES (0)`);
  await Promise.all(
    Array.from({ length: 10 }, () =>
      database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`SELECT n FROM thread_counter`)) as unknown as { rows: { n: number }[] };
        await tx.execute(sql`UPDATE thread_counter SET n = ${Number(rows[0]?.n) + 1}`);
      }),
    ),
  );
  const counted = (await database.db.execute(sql`SELECT n FROM thread_counter`)) as unknown as {
    rows: { n: number }[];
  };
  expect(counted.rows).toEqual([{ n: 10 }]);
});

test("dates, numbers and JSON come back as drizzle reads them in-process", async () => {
  const [row] = await database.db
    .insert(blogPosts)
    .values({ title: "Values across threads", date: "2024-02-29", content: "x" })
    .returning();
  expect(row?.createdAt).toBeInstanceOf(Date);
  const [read] = await database.db.select().from(blogPosts).where(eq(blogPosts.title, "Values across threads"));
  expect(read).toEqual(row);
});
