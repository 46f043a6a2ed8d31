import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints how many tests ran on each database engine (CI must show the PostgreSQL suite really ran),
 * then the plain closing line "N passed, N failed".
 */
export default class EngineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts = { pglite: 0, postgres: 0 };
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
        if (state !== "passed") continue;
        if (/\bon pglite\b/.test(test.fullName)) counts.pglite++;
        if (/\bon postgres\b/.test(test.fullName)) counts.postgres++;
      }
    }
    console.log(`\nDatabase engines: ${counts.pglite} tests passed on PGlite, ${counts.postgres} on PostgreSQL`);
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
