import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { challengeHeaders } from "#tests/support/pow.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const UNKNOWN_ID = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";

/** Every refusal is JSON in the one error shape: never HTML, never a stack trace. */
function expectErrorShape(response: { status: number; headers: Headers; json: unknown }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = response.json as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  expect(JSON.stringify(body)).not.toMatch(/at .+\.(ts|js):\d+/);
}

describe.each(engines)("malformed requests to the jobs API on %s", (engine) => {
  let server: TestServer;
  let employer: Session;
  let jobId: string;

  const db = () => server.services.database.db;
  const row = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];
  const rowCount = async () => (await db().select({ n: count() }).from(jobs))[0]?.n;

  /** Raw fetch with the employer's cookie, for bodies and headers the JSON helper would not send. */
  async function raw(
    path: string,
    init: Omit<RequestInit, "headers"> & { headers?: Record<string, string>; duplex?: "half" },
  ) {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { origin: server.url, cookie: employer.cookie, ...init.headers },
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // left as text so the content-type assertion reports what came back
    }
    return { status: response.status, headers: response.headers, json };
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    employer = await signUp(server.url);
    const { json } = await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: employer });
    jobId = json.insertedId;
  });
  afterAll(() => server.close());

  test("malformed JSON in a new job is a 400 and nothing is written", async () => {
    const before = await rowCount();
    const response = await raw("/api/post-job", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"jobTitle": "Frontend Developer",',
    });
    expectErrorShape(response, 400, "MALFORMED_JSON");
    expect(await rowCount()).toBe(before);
  });

  test("malformed JSON in an update is a 400 and the row is unchanged", async () => {
    const before = await row(jobId);
    const response = await raw(`/api/update-job/${jobId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: "{jobTitle: 'single quotes'}",
    });
    expectErrorShape(response, 400, "MALFORMED_JSON");
    expect(await row(jobId)).toEqual(before);
  });

  test.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])(
    "a new job sent as %s is a 415 and nothing is written",
    async (type) => {
      const before = await rowCount();
      const response = await raw("/api/post-job", {
        method: "POST",
        headers: { "content-type": type },
        body: JSON.stringify(validJob()),
      });
      expectErrorShape(response, 415, "UNSUPPORTED_MEDIA_TYPE");
      expect(await rowCount()).toBe(before);
    },
  );

  test("a new job with no content type at all is a 415", async () => {
    const response = await raw("/api/post-job", { method: "POST", body: new Blob([JSON.stringify(validJob())]) });
    expectErrorShape(response, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  test("an update sent as form data is a 415 and the row is unchanged", async () => {
    const before = await row(jobId);
    const response = await raw(`/api/update-job/${jobId}`, {
      method: "PATCH",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "jobTitle=Hijacked",
    });
    expectErrorShape(response, 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(await row(jobId)).toEqual(before);
  });

  test("JSON with a charset parameter is accepted", async () => {
    const response = await raw("/api/post-job", {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        ...(await challengeHeaders(server.url, "POST", "/api/post-job")),
      },
      body: JSON.stringify(validJob()),
    });
    expect(response.status).toBe(201);
  });

  test("a body over 100 KB is a 413 and nothing is written", async () => {
    const before = await rowCount();
    const body = JSON.stringify(validJob({ description: "x".repeat(101 * 1024) }));
    const response = await raw("/api/post-job", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expectErrorShape(response, 413, "PAYLOAD_TOO_LARGE");
    expect(await rowCount()).toBe(before);
  });

  test("an endless body streamed without a Content-Length is cut off with a 413", async () => {
    const before = await rowCount();
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    // Were the server to buffer the whole body before measuring it, this upload would never end.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent++ === 0 ? new TextEncoder().encode('{"description":"') : chunk);
      },
    });
    const response = await raw("/api/post-job", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    });
    expectErrorShape(response, 413, "PAYLOAD_TOO_LARGE");
    expect(await rowCount()).toBe(before);
  });

  test("an update over 100 KB is a 413 and the row is unchanged", async () => {
    const before = await row(jobId);
    const response = await api(server.url, `/api/update-job/${jobId}`, {
      method: "PATCH",
      body: { description: "y".repeat(120 * 1024) },
      session: employer,
    });
    expectErrorShape(response, 413, "PAYLOAD_TOO_LARGE");
    expect(await row(jobId)).toEqual(before);
  });

  test("a body just under 100 KB is read and judged on its fields", async () => {
    const response = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ description: "z".repeat(90 * 1024) }),
      session: employer,
    });
    expectErrorShape(response, 400, "VALIDATION_FAILED");
    expect(response.json.error.fields.description).toBe("Must be at most 10000 characters");
  });

  test.each([
    ["an array", "[]", "VALIDATION_FAILED"],
    ["an array of jobs", JSON.stringify([validJob()]), "VALIDATION_FAILED"],
    ["null", "null", "VALIDATION_FAILED"],
    ["a string", '"job"', "VALIDATION_FAILED"],
    ["a number", "42", "VALIDATION_FAILED"],
    ["empty", "", "MALFORMED_JSON"],
  ])("a body that is %s instead of a JSON object is a 400 (%s) and nothing is written", async (_kind, body, code) => {
    const before = await rowCount();
    const response = await raw("/api/post-job", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expectErrorShape(response, 400, code);
    expect(await rowCount()).toBe(before);
  });

  test.each(["not-a-uuid", "123", "1' OR '1'='1", "6f1c2d3e4b5a4c7d8e9f0a1b2c3d4e5f0", "%E0%A4%A"])(
    "a malformed id (%s) is a 400 on read, update and delete",
    async (id) => {
      const before = await rowCount();
      const read = await raw(`/api/all-jobs/${id}`, { method: "GET" });
      const update = await api(server.url, `/api/update-job/${id}`, {
        method: "PATCH",
        body: { jobTitle: "x" },
        session: employer,
      });
      const remove = await raw(`/api/job/${id}`, { method: "DELETE" });
      for (const response of [read, update, remove]) expectErrorShape(response, 400, "VALIDATION_FAILED");
      expect(read.json).toMatchObject({ error: { fields: { id: "Not a valid job id" } } });
      expect(await rowCount()).toBe(before);
    },
  );

  test("an unknown id is a 404 on read, update and delete", async () => {
    const before = await rowCount();
    expectErrorShape(await raw(`/api/all-jobs/${UNKNOWN_ID}`, { method: "GET" }), 404, "NOT_FOUND");
    expectErrorShape(
      await api(server.url, `/api/update-job/${UNKNOWN_ID}`, { method: "PATCH", body: validJob(), session: employer }),
      404,
      "NOT_FOUND",
    );
    expectErrorShape(await raw(`/api/job/${UNKNOWN_ID}`, { method: "DELETE" }), 404, "NOT_FOUND");
    expect(await rowCount()).toBe(before);
  });

  test("a wrong method on a jobs route is a JSON 404, not HTML", async () => {
    expectErrorShape(await raw("/api/post-job", { method: "GET" }), 404, "NOT_FOUND");
    expectErrorShape(
      await raw(`/api/job/${jobId}`, { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" }),
      404,
      "NOT_FOUND",
    );
  });

  test("an unauthenticated malformed write is refused as unauthenticated before the body is read", async () => {
    const response = await fetch(`${server.url}/api/post-job`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "text/plain" },
      body: "junk",
    });
    const text = await response.text();
    expectErrorShape(
      { status: response.status, headers: response.headers, json: JSON.parse(text) },
      401,
      "UNAUTHENTICATED",
    );
  });

  test("a repeated query parameter is read as its first value", async () => {
    // Two listings only this test matches, newest first: page 1 is the newer, page 2 the older.
    const tag = `Repeatedparam${engine}`;
    const posted = (title: string, postingDate: string) =>
      api(server.url, "/api/post-job", {
        method: "POST",
        body: validJob({ jobTitle: title, postingDate }),
        session: employer,
      });
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
    await posted(`${tag} Newer`, today.toISOString().slice(0, 10));
    await posted(`${tag} Older`, yesterday.toISOString().slice(0, 10));
    const titles = async (query: string) => {
      const response = await raw(`/api/jobs?search=${tag}&${query}`, { method: "GET" });
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      return (response.json as { jobTitle: string }[]).map((job) => job.jobTitle);
    };
    expect(await titles("page=1&page=2&limit=1&limit=abc")).toEqual([`${tag} Newer`]);
    expect(await titles("page=2&page=1&limit=1&limit=abc")).toEqual([`${tag} Older`]);
    expect(await titles("limit=1&limit=2")).toEqual([`${tag} Newer`]);
  });

  test("searches for quotes, wildcards and non-Latin text are answered as plain text", async () => {
    for (const search of ["😀", "日本語", "'; DROP TABLE jobs; --", "%%%", "___"]) {
      const response = await raw(`/api/jobs?${new URLSearchParams({ search })}`, { method: "GET" });
      expect(response.status, search).toBe(200);
      expect(response.json).toEqual([]);
    }
    expect(await rowCount()).toBeGreaterThan(0);
  });

  test("a NUL character in a search is a 400 naming the field, not a database error", async () => {
    const response = await raw(`/api/jobs?${new URLSearchParams({ search: "a\u0000b" })}`, { method: "GET" });
    expectErrorShape(response, 400, "VALIDATION_FAILED");
    expect(response.json).toMatchObject({ error: { fields: { search: "Must not contain NUL characters" } } });
  });

  test("a NUL character in a posted job is a 400 naming the field and nothing is written", async () => {
    const before = await rowCount();
    const response = await api(server.url, "/api/post-job", {
      method: "POST",
      body: validJob({ jobTitle: "Null\u0000Byte", companySite: "https://acme.example/\u0000" }),
      session: employer,
    });
    expectErrorShape(response, 400, "VALIDATION_FAILED");
    expect(response.json.error.fields).toMatchObject({
      jobTitle: "Must not contain NUL characters",
      companySite: expect.any(String),
    });
    expect(await rowCount()).toBe(before);
  });
});
