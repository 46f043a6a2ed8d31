/**
 * `npm run sources:fake`: an offline demo of the external sources. Runs fake RemoteOK, Adzuna, Jooble,
 * Himalayas and JobWiz APIs (the same ones the tests use, speaking each real shape) with sample listings,
 * and prints the env that points the app at them. Stop with Ctrl+C.
 */
import { adzunaJob } from "#tests/fakes/sources/adzuna.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { jobWizJob } from "#tests/fakes/sources/jobwiz.ts";
import { joobleJob } from "#tests/fakes/sources/jooble.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { startFakeSources } from "#tests/fakes/sources/server.ts";

const port = Number(process.env.FAKE_SOURCES_PORT ?? 4010);
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const fakes = await startFakeSources({ port });
fakes.set("remoteok", { jobs: range(40).map((i) => remoteOkJob(i)) });
fakes.set("adzuna", { jobs: range(120).map((i) => adzunaJob(i)) });
fakes.set("jooble", { jobs: range(45).map((i) => joobleJob(i)) });
fakes.set("himalayas", { jobs: range(60).map((i) => himalayasJob(i)) });
fakes.set("jobwiz", { jobs: range(20).map((i) => jobWizJob(i)) });

console.log(`Fake job sources listening on ${fakes.url}. Start the app with:\n`);
const lines = Object.entries(fakes.env).map(([name, value]) => `${name}=${value}`);
console.log(`${lines.join(" \\\n")} \\\nnpm start\n`);
console.log("or run `npm run sources:sync` with the same variables to ingest once. Ctrl+C stops the fakes.");

const stop = () => void fakes.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
