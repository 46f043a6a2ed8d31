/**
 * `npm run bench:applications [-- --seconds 15 --connections 8 --think-ms 0 --url http://127.0.0.1:PORT]`: applying on the board
 * (issue 31) while the home search is under load. Without --url it starts `server/main.ts` on a free loopback port
 * with the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and stops it after. Seed first for a
 * realistic search (`npm run seed -- --jobs N`).
 *
 * 1. GET /api/jobs from `connections` connections alone;
 * 2. the same searches, and beside them `connections` applicants each sending applications with a 1 MB PDF in turn
 *    (after a pause of about `think-ms` each, when given).
 * Compare the search figures of the two phases, and the applications' p95, from one run.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { searchCorpus } from "#scripts/bench/corpus.ts";
import { employerBoardEnv, listingFields, signUpEmployer } from "#scripts/bench/employer.ts";
import { closedLoop, summarise, type Sample, type Summary } from "#scripts/bench/load.ts";
import { startBoard } from "#scripts/support/start-board.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "8" },
    "think-ms": { type: "string", default: "0" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
/**
 * How long each applicant waits after an answer before sending the next application. 0 (the default) sends them back
 * to back, the most the board can take; a pause of seconds is people filling the form, at a rate a board meets.
 */
const THINK_MS = Number(values["think-ms"]);
/** The header a proxy in front of the board would set to the client's address. */
const CLIENT_HEADER = "x-real-ip";
/**
 * A PDF's header and 1 MB of random bytes: a real CV's streams are compressed, so PostgreSQL cannot compress it further
 * and stores (and logs) all of it. A megabyte of spaces compressed to a few kB and measured a cheaper application.
 */
const CV = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(1024 * 1024 - 9)]);

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
const row = (name: string, s: Summary) =>
  console.log(
    `${name.padEnd(40)} ${s.requests.toString().padStart(6)} ${s.perSecond.toFixed(1).padStart(7)} ${ms(s.p50).padStart(9)} ${ms(s.p95).padStart(9)} ${ms(s.p99).padStart(9)} ${s.errors.toString().padStart(6)}`,
  );

/** An employer's listing that takes applications on the board, and how to delete it after. */
async function boardListing(url: string): Promise<{ id: string; remove: () => Promise<void> }> {
  const employer = await signUpEmployer(url);
  const posted = await fetch(`${url}/api/post-job`, {
    method: "POST",
    headers: employer.headers,
    body: JSON.stringify(listingFields({ applyMethod: "board" })),
  });
  const body = (await posted.json()) as { insertedId?: string; status?: string };
  if (!posted.ok || !body.insertedId || body.status !== "published")
    throw new Error(
      `the listing was not published (${posted.status} ${JSON.stringify(body)}): run with MODERATION=off`,
    );
  const id = body.insertedId;
  return {
    id,
    remove: async () => {
      await fetch(`${url}/api/job/${id}`, { method: "DELETE", headers: employer.headers });
    },
  };
}

async function applicants(url: string, jobId: string, until: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, applicant) => {
      // Each connection is a different person, from their own address (behind the proxy the board is told to trust),
      // as applicants are: one address's applications wait on each other for its rate limit (server/rate-limit.ts).
      const headers = { [CLIENT_HEADER]: `10.0.${Math.floor(applicant / 250)}.${(applicant % 250) + 1}` };
      // With a pause, people also arrive at random moments. The eight first uploads sent at once made the run's tail
      // (at 1M beside searches, p95 274 and 522 ms against 119 and 127 ms started apart), a burst no pace of people makes.
      if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, THINK_MS * Math.random()));
      while (performance.now() < until) {
        const form = new FormData();
        const i = n++;
        for (const [name, value] of Object.entries({
          name: `Applicant ${i}`,
          email: `applicant-${i}-${Date.now()}@example.com`,
          consent: "on",
        }))
          form.set(name, value);
        form.set("cv", new Blob([new Uint8Array(CV)]), "cv.pdf");
        const began = performance.now();
        const response = await fetch(`${url}/api/jobs/${jobId}/applications`, {
          method: "POST",
          body: form,
          headers,
        }).catch(() => undefined);
        await response?.arrayBuffer();
        samples.push({ ms: performance.now() - began, ok: response?.status === 201, bytes: CV.length });
        if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
      }
    }),
  );
  return samples;
}

async function main() {
  const started = values.url
    ? undefined
    : await startBoard(
        employerBoardEnv({ APPLICATION_RATE_LIMIT_MAX: "1000000", TRUSTED_PROXY_HEADER: CLIENT_HEADER }),
        { waitMs: 120_000 },
      );
  const url = values.url ?? started?.url ?? "";
  try {
    const listing = await boardListing(url);
    const jobId = listing.id;
    const corpus = searchCorpus(Math.max(600, SECONDS * 500));
    let cursor = 0;
    const next = () => `${url}${corpus[cursor++ % corpus.length]}`;
    console.log(`Applications benchmark against ${url}, ${SECONDS} s per phase, ${CONNECTIONS} connections each\n`);
    console.log(
      `${"phase".padEnd(40)} ${"reqs".padStart(6)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"errors".padStart(6)}`,
    );
    row("GET /api/jobs alone", summarise(await closedLoop(CONNECTIONS, SECONDS, next), SECONDS));
    const until = performance.now() + SECONDS * 1000;
    const [searches, applied] = await Promise.all([
      closedLoop(CONNECTIONS, SECONDS, next),
      applicants(url, jobId, until),
    ]);
    row("GET /api/jobs beside the applicants", summarise(searches, SECONDS));
    row(`POST applications, 1 MB CV${THINK_MS > 0 ? `, ~${THINK_MS} ms apart` : ""}`, summarise(applied, SECONDS));
    // The board as it was found: the listing goes, and its applications with it after their retention (ADR 40).
    await listing.remove();
  } finally {
    await started?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
