/**
 * `npm run bench:pair -- --with NAME=VALUE [--without NAME=VALUE] [--base DIR] [--rounds 4 --seconds 10 --connections 8
 * --searches-only]`: the cost of one setting, or of a change to the code, as a ratio from one run. Starts two boards on
 * the configured PostgreSQL (DATABASE_URL), one with the setting and one without (with `--base`, the side "without"
 * runs the checkout in DIR: `git worktree add ../before HEAD~1`, then `npm install` there or link this node_modules
 * into it), and loads both at once, half the connections each, with the same mix (three searches, then a job page): the
 * queries and listings of one shuffled corpus, dealt to the two sides in turn, so no answer is reused and neither side
 * reads what the other has just warmed (`--searches-only`: no job pages, for a change to the searches alone, whose cost
 * a page's rendering would otherwise dilute). Loaded side by side, both meet the same machine at every moment: what a
 * run after the other would see (a busier minute) cancels out. Prints each round, each server's CPU per answer (from
 * /proc: steadier than req/s) and the ratios of the sums: req/s with ÷ without, p95, p99. Compare with a run whose
 * setting changes nothing (`--with UNUSED=1`) for the noise of the machine that day.
 *
 * What it measures: `--with METRICS_TOKEN=…` the cost of counting for /metrics (ADR 37), `--with STATS_COUNTING=true
 * --without STATS_COUNTING=false` the cost of the listings' stats (ADR 43), `--base ../before` what the commits since
 * that checkout changed (a change in PostgreSQL's work shows in req/s and p95, not in the server's CPU per answer).
 * PostgreSQL only: the embedded database opens in one process at a time, so two boards cannot share it. Seed it with
 * listings as long as real ones (`npm run seed -- --jobs N --realistic`); the run prints which kind of seed it found.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { searchCorpus } from "#scripts/bench/corpus.ts";
import { closedLoop, failuresOf, summarise, type Sample, type Summary } from "#scripts/bench/load.ts";
import { machineSpeed } from "#scripts/bench/machine.ts";
import { seedKind } from "#scripts/bench/seed-kind.ts";
import { startBoard, type StartedBoard } from "#scripts/support/start-board.ts";

const { values } = parseArgs({
  options: {
    with: { type: "string", multiple: true, default: [] },
    without: { type: "string", multiple: true, default: [] },
    rounds: { type: "string", default: "4" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    warmup: { type: "string", default: "5" },
    base: { type: "string" },
    "searches-only": { type: "boolean", default: false },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const WARMUP_SECONDS = Number(values.warmup);
const CORES = os.availableParallelism();
const PAGES = !values["searches-only"];

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
  if (Object.keys(withEnv).length === 0 && !values.base) {
    throw new Error("Name the setting to measure (--with NAME=VALUE) or the checkout to compare with (--base DIR)");
  }
  // The side without a setting does not inherit it from this shell.
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_DEMO: "false",
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0000",
  };
  for (const name of Object.keys(withEnv)) if (!(name in withoutEnv)) delete base[name];

  const boards: Record<"with" | "without", StartedBoard> = {
    with: await startBoard({ ...base, ...withEnv }, { waitMs: 120_000 }),
    without: await startBoard({ ...base, ...withoutEnv }, { waitMs: 120_000, cwd: values.base }),
  };
  try {
    const settingsOf = (pairs: string[]) => pairs.join(" ") || "(no setting)";
    console.log(
      values.base
        ? `with: this checkout, ${settingsOf(values.with)}; without: ${values.base}, ${settingsOf(values.without)}`
        : `with: ${settingsOf(values.with)}; without: ${values.without.join(" ") || "(unset)"}`,
    );
    console.log(`Machine speed: ${ms(machineSpeed())} for a fixed piece of the server's work on one core`);
    const ids = (await (await fetch(`${boards.with.url}/api/jobs?limit=100`)).json()) as {
      _id: string;
      description?: string;
    }[];
    console.log(`Seed: ${seedKind(ids.map((job) => job.description ?? ""))}\n`);
    console.log(
      `${"round".padEnd(22)} ${"reqs".padStart(6)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"errors".padStart(6)}`,
    );
    const corpus = searchCorpus(Math.ceil((ROUNDS + 1) * SECONDS * 300), 11);
    let start = 0;
    /**
     * Both boards at once, each from half the connections. A side's k-th request takes the corpus's entry
     * start + 2k (with) or start + 2k + 1 (without), and every fourth is a job page (unless --searches-only), dealt the
     * same way.
     */
    const loadBoth = async (seconds: number) => {
      const sent = { with: 0, without: 0 };
      const next = (side: "with" | "without") => () => {
        const k = sent[side]++;
        const dealt = start + 2 * k + (side === "with" ? 0 : 1);
        return PAGES && k % 4 === 3
          ? `${boards[side].url}/jobs/${ids[(2 * (k >> 2) + (side === "with" ? 0 : 1)) % ids.length]?._id ?? ""}`
          : `${boards[side].url}${corpus[dealt % corpus.length]}`;
      };
      const half = Math.max(1, Math.floor(CONNECTIONS / 2));
      const cpuBefore = { with: boards.with.cpuSeconds(), without: boards.without.cpuSeconds() };
      const [withSamples, withoutSamples] = await Promise.all([
        closedLoop(half, seconds, next("with")),
        closedLoop(half, seconds, next("without")),
      ]);
      cpu.with += boards.with.cpuSeconds() - cpuBefore.with;
      cpu.without += boards.without.cpuSeconds() - cpuBefore.without;
      start += 2 * Math.max(sent.with, sent.without) + 2;
      return { with: withSamples, without: withoutSamples };
    };
    const cpu = { with: 0, without: 0 };
    if (WARMUP_SECONDS > 0) await loadBoth(WARMUP_SECONDS);

    cpu.with = 0;
    cpu.without = 0;
    const all: Record<"with" | "without", Sample[]> = { with: [], without: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const samples = await loadBoth(SECONDS);
      for (const side of ["with", "without"] as const) {
        all[side].push(...samples[side]);
        line(`${round + 1} ${side}`, summarise(samples[side], SECONDS));
        for (const failure of failuresOf(samples[side])) console.log(`    failed: ${failure}`);
      }
    }
    const withSummary = summarise(all.with, ROUNDS * SECONDS);
    const withoutSummary = summarise(all.without, ROUNDS * SECONDS);
    console.log("");
    line("all with", withSummary);
    line("all without", withoutSummary);
    // The server's own CPU per answer is what a setting in the server changes, and far steadier than req/s: the
    // difference, as a share of the whole machine's CPU per answer, is what the setting costs in throughput.
    const cpuMs = { with: (cpu.with * 1000) / all.with.length, without: (cpu.without * 1000) / all.without.length };
    const machineMs = (CORES * ROUNDS * SECONDS * 1000) / (all.with.length + all.without.length);
    console.log(
      `\nServer CPU per answer: with ${cpuMs.with.toFixed(2)} ms, without ${cpuMs.without.toFixed(2)} ms; the difference is ${(((cpuMs.with - cpuMs.without) / machineMs) * 100).toFixed(1)}% of the machine's ${machineMs.toFixed(2)} ms per answer (${CORES} cores)`,
    );
    console.log(
      `Ratio with ÷ without: req/s ${(withSummary.perSecond / withoutSummary.perSecond).toFixed(3)}, p95 ${(withSummary.p95 / withoutSummary.p95).toFixed(3)}, p99 ${(withSummary.p99 / withoutSummary.p99).toFixed(3)}`,
    );
  } finally {
    await Promise.all([boards.with.stop(), boards.without.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
