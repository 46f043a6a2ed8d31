/**
 * `npm run bench:pair -- --with NAME=VALUE [--without NAME=VALUE] [--rounds 4 --seconds 10 --connections 8]`: the
 * cost of one setting, as a ratio from one run. Starts two boards on the configured PostgreSQL (DATABASE_URL), one
 * with the setting and one without, and loads them in turn with the same mix (three searches, then a job page, over
 * distinct queries and listings, so no answer is reused), in the order ABBA so neither side always runs on the
 * caches the other warmed. Prints each round and the ratios of the sums: req/s with ÷ without, p95 with ÷ without.
 *
 * What it measures: `--with METRICS_TOKEN=…` the cost of counting for /metrics (ADR 37), `--with STATS_COUNTING=true
 * --without STATS_COUNTING=false` the cost of the listings' stats (ADR 43). PostgreSQL only: the embedded database
 * opens in one process at a time, so two boards cannot share it.
 */
import { parseArgs } from "node:util";
import { searchCorpus } from "#scripts/bench/corpus.ts";
import { closedLoop, summarise, type Sample, type Summary } from "#scripts/bench/load.ts";
import { machineSpeed } from "#scripts/bench/machine.ts";
import { startBoard, type StartedBoard } from "#scripts/support/start-board.ts";

const { values } = parseArgs({
  options: {
    with: { type: "string", multiple: true, default: [] },
    without: { type: "string", multiple: true, default: [] },
    rounds: { type: "string", default: "4" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    warmup: { type: "string", default: "5" },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const WARMUP_SECONDS = Number(values.warmup);

/** `NAME=VALUE` pairs into an environment; anything else is a usage error. */
function settings(pairs: string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf("=");
      if (at < 1) throw new Error(`Expected NAME=VALUE, got "${pair}"`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (name: string, s: Summary) =>
  console.log(
    `${name.padEnd(22)} ${s.requests.toString().padStart(6)} ${s.perSecond.toFixed(1).padStart(7)} ${ms(s.p50).padStart(9)} ${ms(s.p95).padStart(9)} ${ms(s.p99).padStart(9)} ${s.errors.toString().padStart(6)}`,
  );

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL: the pair runs two boards on one PostgreSQL");
  const withEnv = settings(values.with);
  const withoutEnv = settings(values.without);
  if (Object.keys(withEnv).length === 0) throw new Error("Name the setting to measure: --with NAME=VALUE");
  // The side without a setting does not inherit it from this shell.
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_DEMO: "false",
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0000",
  };
  for (const name of Object.keys(withEnv)) if (!(name in withoutEnv)) delete base[name];

  const boards: Record<"with" | "without", StartedBoard> = {
    with: await startBoard({ ...base, ...withEnv }, { waitMs: 120_000 }),
    without: await startBoard({ ...base, ...withoutEnv }, { waitMs: 120_000 }),
  };
  try {
    console.log(`with: ${values.with.join(" ")}; without: ${values.without.join(" ") || "(unset)"}`);
    console.log(`Machine speed: ${ms(machineSpeed())} for a fixed piece of the server's work on one core\n`);
    console.log(
      `${"round".padEnd(22)} ${"reqs".padStart(6)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"errors".padStart(6)}`,
    );
    const ids = (await (await fetch(`${boards.with.url}/api/jobs?limit=100`)).json()) as { _id: string }[];
    const corpus = searchCorpus(Math.ceil((2 * ROUNDS + 2) * SECONDS * 300), 11);
    let cursor = 0;
    const load = async (side: "with" | "without", seconds: number) => {
      const { url } = boards[side];
      return closedLoop(CONNECTIONS, seconds, () => {
        const n = cursor++;
        return n % 4 === 3
          ? `${url}/jobs/${ids[(n >> 2) % ids.length]?._id ?? ""}`
          : `${url}${corpus[n % corpus.length]}`;
      });
    };
    if (WARMUP_SECONDS > 0) {
      await load("with", WARMUP_SECONDS);
      await load("without", WARMUP_SECONDS);
    }

    const all: Record<"with" | "without", Sample[]> = { with: [], without: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order: ("with" | "without")[] = round % 2 === 0 ? ["with", "without"] : ["without", "with"];
      for (const side of order) {
        const samples = await load(side, SECONDS);
        all[side].push(...samples);
        line(`${round + 1} ${side}`, summarise(samples, SECONDS));
      }
    }
    const withSummary = summarise(all.with, ROUNDS * SECONDS);
    const withoutSummary = summarise(all.without, ROUNDS * SECONDS);
    console.log("");
    line("all with", withSummary);
    line("all without", withoutSummary);
    console.log(
      `\nRatio with ÷ without: req/s ${(withSummary.perSecond / withoutSummary.perSecond).toFixed(3)}, p95 ${(withSummary.p95 / withoutSummary.p95).toFixed(3)}, p99 ${(withSummary.p99 / withoutSummary.p99).toFixed(3)}`,
    );
  } finally {
    await Promise.all([boards.with.stop(), boards.without.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
