import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertJobsBulk } from "#server/seed/insert-jobs.ts";
import { syntheticJob } from "#server/seed/synthetic-jobs.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { employerJobWrites } from "#tests/support/employer-writes.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("salary currency on %s", (engine) => {
  let server: TestServer;
  let employer: Session;

  const writes = employerJobWrites(
    () => server,
    () => employer,
  );
  const { db, rowCount, post, patch } = writes;
  const storedCurrency = async (id: string) => (await writes.row(id))?.salaryCurrency;
  const read = async (id: string) =>
    (await api(server.url, `/api/all-jobs/${id}`, { session: employer })).json as { salaryCurrency: string };
  const posted = (overrides: Record<string, unknown> = {}) => writes.posted(validJob(overrides));

  beforeAll(async () => {
    server = await startTestServer({ engine });
    employer = await signUp(server.url);
    // Same amounts, two currencies: only the currency tells them apart in a salary search.
    const now = new Date();
    await insertJobsBulk(db(), [
      { ...syntheticJob(1, now), title: "Rupee Analyst", minSalary: 50_000, maxSalary: 60_000, postingDate: now },
      {
        ...syntheticJob(2, now),
        title: "Dollar Analyst",
        minSalary: 50_000,
        maxSalary: 60_000,
        salaryCurrency: "USD",
        postingDate: now,
      },
      {
        ...syntheticJob(3, now),
        title: "Euro Analyst",
        minSalary: 1_000,
        maxSalary: 2_000,
        salaryCurrency: "EUR",
        postingDate: now,
      },
    ]);
  });
  afterAll(() => server.close());

  test("a listing posted in EUR is stored and answered in EUR", async () => {
    const id = await posted({ salaryCurrency: "EUR" });
    expect(await storedCurrency(id)).toBe("EUR");
    expect(await read(id)).toMatchObject({ salaryCurrency: "EUR", minPrice: "40000", maxPrice: "60000" });
  });

  test("a listing posted without a currency is in INR", async () => {
    const body = validJob();
    delete body.salaryCurrency;
    const { json } = await post(body);
    expect(await storedCurrency(json.insertedId)).toBe("INR");
    expect((await read(json.insertedId)).salaryCurrency).toBe("INR");
    expect(await storedCurrency(await posted({ salaryCurrency: "" }))).toBe("INR");
  });

  test("a currency code in lower case is read as the code in upper case", async () => {
    expect(await storedCurrency(await posted({ salaryCurrency: " usd " }))).toBe("USD");
  });

  test.each([["XYZ"], ["rupees"], ["US$"], [356], [["INR"]]])(
    "a post with salaryCurrency %j is a 400 naming the field, and nothing is stored",
    async (value) => {
      const before = await rowCount();
      const { status, json } = await post(validJob({ salaryCurrency: value }));
      expect(status).toBe(400);
      expect(json.error.code).toBe("VALIDATION_FAILED");
      expect(json.error.fields).toEqual({ salaryCurrency: "Must be an ISO 4217 currency code, like INR, USD or EUR" });
      expect(await rowCount()).toBe(before);
    },
  );

  test("an update changes the currency to USD, and an update that leaves it out keeps it", async () => {
    const id = await posted({ salaryCurrency: "EUR" });
    const changed = await patch(id, { salaryCurrency: "USD" });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ modifiedCount: 1 });
    expect((await read(id)).salaryCurrency).toBe("USD");

    expect((await patch(id, { jobTitle: "Lead Frontend Developer" })).status).toBe(200);
    expect(await read(id)).toMatchObject({ salaryCurrency: "USD" });
  });

  test("an update to an unknown currency is a 400 naming the field and changes nothing", async () => {
    const id = await posted({ salaryCurrency: "EUR" });
    const before = await read(id);
    const { status, json } = await patch(id, { salaryCurrency: "XYZ", jobTitle: "Changed" });
    expect(status).toBe(400);
    expect(json.error.fields).toEqual({ salaryCurrency: expect.any(String) });
    expect(await read(id)).toEqual(before);
  });

  async function titles(query: Record<string, string>) {
    const { status, json } = await api(server.url, `/api/jobs?${new URLSearchParams({ limit: "100", ...query })}`);
    expect(status, JSON.stringify(json)).toBe(200);
    return (json as { jobTitle: string }[])
      .map((job) => job.jobTitle)
      .filter((title) => title.endsWith("Analyst"))
      .sort();
  }

  test("salary bounds without a currency match INR listings only", async () => {
    expect(await titles({ minSalary: "40000" })).toEqual(["Rupee Analyst"]);
    expect(await titles({ maxSalary: "70000" })).toEqual(["Rupee Analyst"]);
  });

  test("salary bounds with a currency match listings in that currency only", async () => {
    expect(await titles({ minSalary: "40000", salaryCurrency: "USD" })).toEqual(["Dollar Analyst"]);
    expect(await titles({ minSalary: "40000", maxSalary: "60000", salaryCurrency: "usd" })).toEqual(["Dollar Analyst"]);
    expect(await titles({ maxSalary: "5000", salaryCurrency: "EUR" })).toEqual(["Euro Analyst"]);
    expect(await titles({ minSalary: "40000", salaryCurrency: "INR" })).toEqual(["Rupee Analyst"]);
  });

  test("a currency without salary bounds filters nothing", async () => {
    expect(await titles({ salaryCurrency: "USD" })).toEqual(["Dollar Analyst", "Euro Analyst", "Rupee Analyst"]);
  });

  test("a search with an unknown currency is a 400 naming salaryCurrency", async () => {
    const { status, json } = await api(server.url, "/api/jobs?minSalary=1&salaryCurrency=XYZ");
    expect(status).toBe(400);
    expect(json.error.fields).toHaveProperty("salaryCurrency");
  });
});
