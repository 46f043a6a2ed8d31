import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { engines } from "#tests/support/engines.ts";
import { api } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

describe.each(engines)("health on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  test("GET /api/health answers ok once the database is migrated", async () => {
    const { status, json } = await api(server.url, "/api/health");
    expect(status).toBe(200);
    expect(json).toEqual({ status: "ok" });
  });

  test("GET /api/health answers 503 when the database stops answering", async () => {
    const other = await startTestServer({ engine });
    await other.services.database.close();
    const { status, json } = await api(other.url, "/api/health");
    expect(status).toBe(503);
    expect(json.error.code).toBe("SERVICE_UNAVAILABLE");
    await other.close();
  });

  test("an unknown API path is a JSON 404, never HTML", async () => {
    const { status, json } = await api(server.url, "/api/nope");
    expect(status).toBe(404);
    expect(json.error.code).toBe("NOT_FOUND");
  });
});

describe("health on the embedded database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine: "pglite" });
  });
  afterAll(() => server.close());

  test("GET /api/health answers while a long query holds the database's one connection, which just answered", async () => {
    const { db } = server.services.database;
    await db.execute(sql`SELECT 1`);
    const order: string[] = [];
    const slow = db.execute(sql`SELECT pg_sleep(3)`).then(() => order.push("slow query"));
    const health = await api(server.url, "/api/health");
    order.push("health");
    expect(health.status).toBe(200);
    await slow;
    expect(order).toEqual(["health", "slow query"]);
  });
});

describe("security headers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test("every answer forbids MIME sniffing and framing by other sites, and sends no HSTS over plain http", async () => {
    const { headers } = await api(server.url, "/api/health");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("strict-transport-security")).toBeNull();
  });
});
