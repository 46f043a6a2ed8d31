import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, user } from "#server/db/schema.ts";
import { insertJob, updateJobRow } from "#server/jobs/writes.ts";
import { jobPostSchema } from "#shared/job.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { signUp } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("whether a listing's write made its company on %s", (engine) => {
  let server: TestServer;
  let owner: { id: string; email: string };
  const db = () => server.services.database.db;
  const input = (overrides: Record<string, unknown>) => jobPostSchema.parse(validJob(overrides));

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const session = await signUp(server.url);
    const [row] = await db().select({ id: user.id, email: user.email }).from(user).where(eq(user.email, session.email));
    owner = row as { id: string; email: string };
  });
  afterAll(() => server.close());

  test("a listing naming a company its owner has none of makes it; the next of that name, or one picking it, does not", async () => {
    const first = await insertJob(db(), input({ companyName: "Made Here Ltd" }), owner);
    expect(first).toMatchObject({ madeCompany: true });
    const second = await insertJob(db(), input({ companyName: "made here LTD" }), owner);
    expect(second).toMatchObject({ madeCompany: false });
    const [made] = await db().select({ id: companies.id }).from(companies).where(eq(companies.ownerId, owner.id));
    const picked = await insertJob(db(), input({ companyId: made?.id, companyName: "Anything" }), owner);
    expect(picked).toMatchObject({ madeCompany: false });
  });

  test("an edit that renames the company to a new name makes it; one that keeps it does not", async () => {
    const written = await insertJob(db(), input({ companyName: "Before Rename Co" }), owner);
    const id = written?.id as string;
    expect(await updateJobRow(db(), id, input({ companyName: "Before Rename Co", jobTitle: "Changed" }), null)).toEqual(
      { modifiedCount: 1, madeCompany: false },
    );
    expect(await updateJobRow(db(), id, input({ companyName: "After Rename Co" }), null)).toEqual({
      modifiedCount: 1,
      madeCompany: true,
    });
  });
});
