import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints how many tests ran on each database engine, every test that only passed on its retry, then the plain
 * closing line "N passed, N failed".
 * Under CI a run with database tests but none on PostgreSQL fails: a missing or broken TEST_DATABASE_URL
 * would otherwise turn the PostgreSQL half of the suite off without anyone noticing.
 */
export default class EngineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts = { pglite: 0, postgres: 0 };
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
        if (state !== "passed") continue;
        if (test.diagnostic()?.flaky)
          flaky.push(`${module.moduleId.replace(`${process.cwd()}/`, "")} > ${test.fullName}`);
        if (/\bon pglite\b/.test(test.fullName)) counts.pglite++;
        if (/\bon postgres\b/.test(test.fullName)) counts.postgres++;
      }
    }
    console.log(`\nDatabase engines: ${counts.pglite} tests passed on PGlite, ${counts.postgres} on PostgreSQL`);
    // A retried pass is still a test to fix: it lost a race it should not be able to lose.
    for (const name of flaky) console.log(`FLAKY (passed on retry): ${name}`);
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
    if (process.env.CI === "true" && counts.pglite > 0 && counts.postgres === 0) {
      console.error("CI: no test passed on PostgreSQL; set TEST_DATABASE_URL to a reachable server (see README)");
      // Vitest only ever raises the exit code, so this survives a run whose tests all passed.
      process.exitCode = 1;
    }
  }
}
