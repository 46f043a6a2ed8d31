import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../server/db/client";
import { ensureBuild } from "../../server/pages";

/**
 * Once per run: migrate a PGlite instance and dump it, so each test file loads a ready database in ~0.5 s
 * instead of running initdb + migrations; and make sure the production build the browser tests serve exists.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-tests-"));
  const database = await openPglite(undefined);
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const dumpPath = path.join(dir, "migrated.tar.gz");
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDump", dumpPath);

  ensureBuild((message) => console.log(message));

  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}
