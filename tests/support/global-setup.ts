import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite } from "#server/db/client.ts";
import { ensureBuild } from "#server/pages.ts";
import { killSpawned } from "#tests/support/spawned.ts";

/**
 * Once per run: migrate a PGlite instance and dump it, so each test file loads a ready database in ~0.5 s
 * instead of running initdb + migrations; and make sure the production build the browser tests serve exists.
 */
/** Longer than any run may take, so a database this old belongs to a run that was killed before its cleanup. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Test databases are named jobboard_test_<Date.now() in base 36>_<random> (jobboard_seed_… for the seed script's).
 * A run killed mid-way leaves its databases behind on the shared server; drop those old enough that no live run
 * can still own them.
 */
async function dropStaleTestDatabases(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'jobboard\\_test\\_%' OR datname LIKE 'jobboard\\_seed\\_%'",
    );
    for (const { datname } of rows) {
      const created = parseInt(datname.split("_")[2] ?? "", 36);
      if (Number.isFinite(created) && Date.now() - created > STALE_AFTER_MS) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
  } finally {
    await client.end();
  }
}

/** Temp dirs the tests make (jobboard-tests-, -app-, -seed-, -sync-, -env-…) that a killed run left behind. */
function removeStaleTempDirs() {
  const tmp = os.tmpdir();
  for (const entry of fs.readdirSync(tmp)) {
    if (!entry.startsWith("jobboard-")) continue;
    const dir = path.join(tmp, entry);
    const stat = fs.statSync(dir, { throwIfNoEntry: false });
    if (stat?.isDirectory() && Date.now() - stat.mtimeMs > STALE_AFTER_MS)
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) await dropStaleTestDatabases(process.env.TEST_DATABASE_URL);
  removeStaleTempDirs();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-tests-"));
  const database = await openPglite(undefined);
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const dumpPath = path.join(dir, "migrated.tar.gz");
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDump", dumpPath);
  // The same migrated database as a data directory on disk, for spawned boards to start from a copy of: a first start
  // (initdb and every migration) took 12 s where a start on a migrated directory took 6.
  fs.mkdirSync(path.join(dir, "template-data"));
  const template = await openPglite(path.join(dir, "template-data", "pglite"), { loadDataDir: dump });
  await template.close();
  project.provide("pgliteTemplateDataDir", path.join(dir, "template-data"));

  await ensureBuild((message) => console.log(message));

  return () => {
    killSpawned(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    pgliteTemplateDataDir: string;
  }
}
