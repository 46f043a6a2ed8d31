import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: two files at a time keeps browser tests from starving each other.
    maxWorkers: 2,
    pool: "forks",
    reporters: ["default", "./tests/support/engine-reporter.ts"],
  },
});
