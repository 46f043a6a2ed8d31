import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A browser or process test that waits on a real signal can still lose a race to a starved core; one retry keeps
    // such a loss from sinking a run, and the reporter names every test that needed it (ADR 0019).
    retry: 1,
    // The default 1 s is shorter than a render on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: two files at a time keeps browser tests from starving each other.
    maxWorkers: 2,
    pool: "forks",
    // Each worker keeps its modules from one file to the next: importing the server anew per file cost 181 s of a
    // 15-minute run. Files share no state through modules (each builds its own services and database), ADR 46.
    isolate: false,
    reporters: ["default", "./tests/support/engine-reporter.ts"],
  },
});
