import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { validJob } from "#tests/support/factories.ts";
import {
  brokenPromise,
  hostileRequest,
  prototypePolluted,
  routes,
  send,
  stateDigest,
  type FuzzTarget,
} from "#tests/support/hostile-requests.ts";
import { api, signUp } from "#tests/support/http.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

/** Cases per route in CI (a few hundred, as issue 11 asks); `npm run fuzz -- --requests 10000` runs many more. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
/**
 * A fixed seed, so a red run is the commit's doing and replays the same way; fresh seeds are `npm run fuzz`'s job
 * (or FUZZ_SEED=random here), and each finding there becomes a test of its own.
 */
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261123);

// 250 requests per route, some of them 100 KB bodies, on a shared two-core machine.
vi.setConfig({ testTimeout: 180_000 });

let server: TestServer;
let target: FuzzTarget;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  const employer = await signUp(server.url);
  const posted = await api(server.url, "/api/post-job", { method: "POST", body: validJob(), session: employer });
  target = { jobId: posted.json.id ?? posted.json.insertedId, email: employer.email, cookie: employer.cookie };
});
afterAll(() => server?.close());

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

describe("hostile requests", () => {
  test.each(Object.keys(routes({ jobId: "", email: "", cookie: "" })))(
    "%s answers every hostile request with a valid 2xx or a 4xx in the one error shape, and a refused request changes nothing",
    async (name) => {
      const route = routes(target)[name]!;
      await fc.assert(
        fc.asyncProperty(hostileRequest(target, route), async (request) => {
          const mutating = MUTATING.has(request.method);
          const before = mutating ? await stateDigest(server.services.database.db) : "";
          const answer = await send(server.url, request);
          expect(brokenPromise(request, answer)).toBeNull();
          if (mutating && answer.status >= 400) expect(await stateDigest(server.services.database.db)).toBe(before);
          expect(prototypePolluted()).toBe(false);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    120_000,
  );
});
