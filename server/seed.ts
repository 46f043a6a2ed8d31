/**
 * The seed's door: the quick start's demo content (and its removal), and the deterministic synthetic listings that
 * `npm run seed` and the benchmarks load in bulk.
 */
export { DEMO_CONTENT_PRESENT, isDatabaseEmpty, removeDemo, seedDemo } from "#server/seed/demo.ts";
export { insertJobsBulk } from "#server/seed/insert-jobs.ts";
export { mulberry32, syntheticJob } from "#server/seed/synthetic-jobs.ts";
