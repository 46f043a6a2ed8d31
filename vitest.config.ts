import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
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
