import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createApiClient, UNREADABLE_ANSWER } from "#app/lib/api-client.ts";
import { jobInputSchema } from "#shared/job.ts";
import { uniqueEmail, validJob } from "#tests/support/factories.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** The browser's client against the real API: the answers it reads are the ones the server gives. */
let server: TestServer;
let client: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  server = await startTestServer();
  client = createApiClient(server.url);
});
afterAll(() => server?.close());

test("a contact message the server refuses comes back with the server's message and each field's reason", async () => {
  const result = await client.sendContactMessage({ name: "   ", email: "ravi@localhost", message: "Hello" });
  expect(result).toMatchObject({
    ok: false,
    kind: "refused",
    status: 400,
    code: "VALIDATION_FAILED",
    fields: {
      name: "Please enter your name",
      email: "Please enter a valid email address, like name@example.com",
    },
  });
});

test("a listing posted without a session is refused in the server's own words", async () => {
  const result = await client.postJob(jobInputSchema.parse(validJob()));
  expect(result).toEqual({
    ok: false,
    kind: "refused",
    status: 401,
    code: "UNAUTHENTICATED",
    message: "Sign in to do that",
  });
});

test("a report on a listing that does not exist is the server's 404, as sent", async () => {
  const result = await client.reportJob(randomUUID(), { reason: "spam" });
  expect(result).toEqual({ ok: false, kind: "refused", status: 404, code: "NOT_FOUND", message: "Job not found" });
});

test("an alert the server stores is read as the shared ok answer", async () => {
  const result = await client.subscribeToAlert({ email: uniqueEmail(), frequency: "weekly", search: {} });
  expect(result).toEqual({ ok: true, data: { ok: true } });
});

test("better-auth's own error shape (a reset with a stale token) is unreadable, and keeps its status for the page", async () => {
  const result = await client.resetPassword("a long enough password", "stale-token");
  expect(result).toEqual({ ok: false, kind: "unreadable", status: 400, message: UNREADABLE_ANSWER });
});
