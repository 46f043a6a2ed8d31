import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { createApiClient, NETWORK_FAILURE, UNREADABLE_ANSWER } from "#app/lib/api-client.ts";
import { jobInputSchema } from "#shared/job.ts";
import { validJob } from "#tests/support/factories.ts";

type Received = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
type Answer = { status: number; type?: string; body?: string };

/** A real HTTP server on 127.0.0.1 that answers what each test sets, and remembers what it was sent. */
let answer: (request: Received) => Answer;
let challengeAnswer: string;
let received: Received[];
let origin: string;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    // A board with its proof-of-work challenges off (ADR 41) unless a test sets one: the post is what is recorded.
    if (request.url === "/api/challenge")
      return response.writeHead(200, { "content-type": "application/json" }).end(challengeAnswer);
    const sent: Received = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body };
    received.push(sent);
    const { status, type = "application/json", body: text = "" } = answer(sent);
    response.writeHead(status, { "content-type": type }).end(text);
  });
});

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });
const JOB_ID = "0b5c1f4e-8a1e-4f55-9a51-6a3f3f0f2b10";
const BAKER = jobInputSchema.parse(validJob({ jobTitle: "Baker" }));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received = [];
  challengeAnswer = "null";
  answer = () => ({ status: 500 });
});

test("a refusal in the one error shape carries the server's code, its message as sent and its field errors", async () => {
  answer = () =>
    json(400, {
      error: {
        code: "VALIDATION_FAILED",
        message: "Some fields are not valid",
        fields: { email: "Please enter a valid email address, like name@example.com" },
      },
    });
  const result = await createApiClient(origin).subscribeToAlert({ email: "ravi@", frequency: "daily", search: {} });
  expect(result).toEqual({
    ok: false,
    kind: "refused",
    status: 400,
    code: "VALIDATION_FAILED",
    message: "Some fields are not valid",
    fields: { email: "Please enter a valid email address, like name@example.com" },
  });
});

test("the server's message is passed on word for word whatever the status, not replaced by the client's", async () => {
  for (const [status, code, message] of [
    [401, "UNAUTHENTICATED", "Sign in to do that"],
    [403, "FORBIDDEN", "Only the employer who posted this job can change it"],
    [404, "NOT_FOUND", "Job not found"],
    [413, "PAYLOAD_TOO_LARGE", "The body is larger than 100 KB"],
    [429, "RATE_LIMITED", "Too many attempts from your network. Try again in 60 seconds."],
    [500, "INTERNAL", "Something went wrong on our side; please try again"],
  ] as const) {
    answer = () => json(status, { error: { code, message } });
    const result = await createApiClient(origin).deleteJob(JOB_ID);
    expect(result).toEqual({ ok: false, kind: "refused", status, code, message });
  }
});

test("an answer that is not JSON (a proxy's error page) is one unreadable failure that keeps its status", async () => {
  answer = () => ({ status: 502, type: "text/html", body: "<h1>502 Bad Gateway</h1>" });
  const result = await createApiClient(origin).postJob(BAKER);
  expect(result).toEqual({ ok: false, kind: "unreadable", status: 502, message: UNREADABLE_ANSWER });
});

test("an error body in another shape (better-auth's own) is unreadable, so the page words it by status", async () => {
  answer = () => json(400, { code: "INVALID_TOKEN", message: "invalid token" });
  const result = await createApiClient(origin).resetPassword("a new password", "stale-token");
  expect(result).toEqual({ ok: false, kind: "unreadable", status: 400, message: UNREADABLE_ANSWER });
});

test("an error body with a code outside the shared table is not trusted as the one shape", async () => {
  answer = () => json(418, { error: { code: "TEAPOT", message: "I am a teapot" } });
  const result = await createApiClient(origin).reportJob(JOB_ID, { reason: "spam" });
  expect(result).toMatchObject({ ok: false, kind: "unreadable", status: 418, message: UNREADABLE_ANSWER });
});

test("no answer at all (nothing listens) is the one network failure", async () => {
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
  const closedOrigin = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  await new Promise((resolve) => gone.close(resolve));
  const result = await createApiClient(closedOrigin).sendContactMessage({ name: "Anu", email: "a@b.c", message: "Hi" });
  expect(result).toEqual({ ok: false, kind: "network", status: 0, message: NETWORK_FAILURE });
});

test("a success is read with the shared answer schema", async () => {
  answer = () =>
    json(201, {
      acknowledged: true,
      insertedId: JOB_ID,
      status: "pending",
      awaitingVerification: false,
      extra: "ignored",
    });
  const result = await createApiClient(origin).postJob(BAKER);
  expect(result).toEqual({
    ok: true,
    data: { acknowledged: true, insertedId: JOB_ID, status: "pending", awaitingVerification: false },
  });
});

test("a success whose body breaks the answer schema is unreadable, not taken for a success", async () => {
  answer = () => json(200, { acknowledged: false, matchedCount: 0, modifiedCount: 0, status: "published" });
  const result = await createApiClient(origin).updateJob(JOB_ID, BAKER);
  expect(result).toEqual({ ok: false, kind: "unreadable", status: 200, message: UNREADABLE_ANSWER });
});

test("a call whose success is its status alone needs no body in the answer (spec §7: sendEmail's body is not read)", async () => {
  answer = () => ({ status: 200, type: "text/plain", body: "" });
  const result = await createApiClient(origin).sendContactMessage({ name: "Anu", email: "a@b.c", message: "Hi" });
  expect(result).toEqual({ ok: true, data: undefined });
});

test("a call sends its body as JSON to its path, with ids escaped into the path", async () => {
  answer = () => json(200, { ok: true });
  await createApiClient(origin).reportJob("../admin?x=1", { reason: "scam", comment: "Asks for a fee" });
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({
    method: "POST",
    url: "/api/jobs/..%2Fadmin%3Fx%3D1/report",
    body: JSON.stringify({ reason: "scam", comment: "Asks for a fee" }),
  });
  expect(received[0]?.headers["content-type"]).toBe("application/json");
});

test("token sync after a sign-in sends the issued token as a Bearer token to the operator's URL", async () => {
  answer = (request) =>
    request.url === "/api/auth/token" ? json(200, { token: "signed.jwt.token" }) : { status: 204 };
  await createApiClient(origin).syncSignIn("/token-sync");
  expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual(["GET /api/auth/token", "POST /token-sync"]);
  expect(received[1]?.headers.authorization).toBe("Bearer signed.jwt.token");
});

test("a token sync that fails is only logged: signing in or out has already happened", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    answer = () => json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "Down for a moment" } });
    await expect(createApiClient(origin).syncSignIn("/token-sync")).resolves.toBeUndefined();
    await expect(createApiClient(origin).syncSignOut("/token-sync")).resolves.toBeUndefined();
    expect(logged.mock.calls.map(([what]) => what)).toEqual([
      "Token sync after sign-in failed",
      "Token sync after sign-out failed",
    ]);
  } finally {
    logged.mockRestore();
  }
});

test("without a token-sync URL nothing is sent", async () => {
  const client = createApiClient(origin);
  await client.syncSignIn(null);
  await client.syncSignOut(null);
  expect(received).toEqual([]);
});

test("a form post carries the solution of a fresh challenge in X-Altcha, one the server's check accepts", async () => {
  const challenge = await createChallenge({
    algorithm: "SHA-256",
    hmacKey: "test key",
    maxNumber: 200,
    expires: new Date(Date.now() + 600_000),
  });
  challengeAnswer = JSON.stringify({ ...challenge, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  answer = () => ({ status: 200 });
  expect((await createApiClient(origin).sendContactMessage({ name: "Anu", email: "a@b.c", message: "Hi" })).ok).toBe(
    true,
  );
  const solution = received[0]?.headers["x-altcha"];
  expect(typeof solution).toBe("string");
  expect(await verifySolution(String(solution), "test key")).toBe(true);
});
