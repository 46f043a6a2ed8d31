/**
 * `npm run fuzz -- --requests 10000 [--seed N] [--url http://127.0.0.1:3000]` — the soak version of
 * tests/api/fuzz.test.ts: hostile requests over every API route and page loader, sent one at a time, and totals.
 * Without --url it runs the real app in-process on an in-memory PGlite (nothing on disk is touched); with --url
 * it targets a running board (which should be a throwaway one: valid requests among the hostile ones do write).
 * Exits 1 when any answer was a 5xx, broke the error shape, or a refused request changed data.
 */
import { parseArgs } from "node:util";
import fc from "fast-check";
import { openPglite } from "#server/db/client.ts";
import { ensureBuild } from "#server/pages.ts";
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
import { challengeHeaders, wantsChallenge } from "#tests/support/pow.ts";
import { serveApp } from "#tests/support/serve-app.ts";

const { values } = parseArgs({
  options: { requests: { type: "string", default: "10000" }, seed: { type: "string" }, url: { type: "string" } },
});
const total = Number(values.requests);
const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
if (!Number.isInteger(total) || total < 1) throw new Error("--requests must be a positive whole number");

const IN_PROCESS_METRICS_TOKEN = "fuzz-metrics-token-0123456789";

async function inProcessBoard() {
  await ensureBuild((message) => console.log(message));
  const database = await openPglite(undefined);
  await database.migrate();
  const app = await serveApp(database, {
    pages: true,
    env: {
      AUTH_RATE_LIMIT_MAX: "1000000",
      CONTACT_RATE_LIMIT_MAX: "1000000",
      METRICS_TOKEN: IN_PROCESS_METRICS_TOKEN,
      POW_MAX_NUMBER: "1000",
    },
  });
  return {
    url: app.url,
    digest: () => stateDigest(database.db),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const board = values.url
  ? { url: values.url.replace(/\/$/, ""), digest: undefined, close: async () => undefined }
  : await inProcessBoard();
const employer = await signUp(board.url);
const posted = await api(board.url, "/api/post-job", { method: "POST", body: validJob(), session: employer });
const target: FuzzTarget = {
  jobId: posted.json.id ?? posted.json.insertedId,
  email: employer.email,
  cookie: employer.cookie,
  metricsToken: values.url ? process.env.METRICS_TOKEN : IN_PROCESS_METRICS_TOKEN,
};

const shapes = routes(target);
const named = fc.oneof(
  ...Object.entries(shapes).map(([name, shape]) => hostileRequest(target, shape).map((request) => ({ name, request }))),
);
const tally = new Map<string, { sent: number; s2xx: number; s3xx: number; s4xx: number; s5xx: number }>();
const failures: string[] = [];
const started = Date.now();

for (let done = 0; done < total;) {
  const batch = fc.sample(named, { numRuns: Math.min(500, total - done), seed: seed + done });
  for (const { name, request } of batch) {
    const mutating = ["POST", "PUT", "PATCH", "DELETE"].includes(request.method);
    const before = mutating && board.digest ? await board.digest() : undefined;
    // Half the posts to a form that wants a proof of work carry a real solution, so the hostile bodies behind the
    // check are reached too; the other half (and the forged x-altcha headers) hit the check itself.
    if (done % 2 === 0 && !request.headers["x-altcha"] && wantsChallenge(request.method, request.path))
      Object.assign(request.headers, await challengeHeaders(board.url, request.method, request.path));
    const answer = await send(board.url, request);
    const row = tally.get(name) ?? { sent: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0 };
    row.sent++;
    row[`s${Math.floor(answer.status / 100)}xx` as "s2xx"]++;
    tally.set(name, row);
    const broken = brokenPromise(request, answer);
    if (broken) failures.push(`${request.method} ${request.path.slice(0, 120)} → ${broken}`);
    if (before !== undefined && answer.status >= 400 && (await board.digest!()) !== before)
      failures.push(`${request.method} ${request.path.slice(0, 120)} → ${answer.status} but data changed`);
    if (!values.url && prototypePolluted())
      failures.push(`${request.method} ${request.path.slice(0, 120)} polluted Object.prototype`);
    done++;
  }
  process.stdout.write(`\r${done}/${total} requests`);
}

const seconds = (Date.now() - started) / 1000;
console.log(
  `\n\n${"route".padEnd(30)} ${"sent".padStart(6)} ${"2xx".padStart(6)} ${"3xx".padStart(6)} ${"4xx".padStart(6)} ${"5xx".padStart(6)}`,
);
const sum = { sent: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0 };
for (const [name, row] of [...tally].sort()) {
  console.log(
    `${name.padEnd(30)} ${[row.sent, row.s2xx, row.s3xx, row.s4xx, row.s5xx].map((n) => String(n).padStart(6)).join(" ")}`,
  );
  for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += row[key];
}
console.log(
  `${"total".padEnd(30)} ${[sum.sent, sum.s2xx, sum.s3xx, sum.s4xx, sum.s5xx].map((n) => String(n).padStart(6)).join(" ")}`,
);
console.log(
  `\n${total} requests in ${seconds.toFixed(1)} s (seed ${seed}); ${sum.s5xx} answered 5xx; ${failures.length} broken promises`,
);
for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
await board.close();
process.exit(failures.length ? 1 : 0);
