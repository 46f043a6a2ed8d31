import { ESLint } from "eslint";
import { expect, test } from "vitest";

const eslint = new ESLint();

/** The rule messages ESLint reports for this source, as if it were saved at `filePath`. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((m) => m.message);
}

test("a browser component importing server code is a lint error, even for a type", async () => {
  expect(
    await restrictedImports(
      "app/components/probe.tsx",
      'import { createJobs } from "#server/jobs.ts";\nexport const x = createJobs;\n',
    ),
  ).toHaveLength(1);
  expect(
    await restrictedImports(
      "app/hooks/probe.ts",
      'import type { Jobs } from "#server/jobs.ts";\nexport type X = Jobs;\n',
    ),
  ).toHaveLength(1);
});

test("a route module may import a domain door's types but not its code", async () => {
  expect(
    await restrictedImports(
      "app/routes/probe.tsx",
      'import type { Jobs } from "#server/jobs.ts";\nexport type X = Jobs;\n',
    ),
  ).toEqual([]);
  expect(
    await restrictedImports(
      "app/routes/probe.tsx",
      'import { createJobs } from "#server/jobs.ts";\nexport const x = createJobs;\n',
    ),
  ).toHaveLength(1);
});

test("a route module cannot reach past a domain's door", async () => {
  const code = 'import type { JobRow } from "#server/jobs/mapper.ts";\nexport type X = JobRow;\n';
  expect(await restrictedImports("app/routes/probe.tsx", code)).toHaveLength(1);
});

test("shared vocabulary imports neither side", async () => {
  expect(
    await restrictedImports("shared/probe.ts", 'import { x } from "#app/lib/format.ts";\nexport const y = x;\n'),
  ).toHaveLength(1);
  expect(
    await restrictedImports("shared/probe.ts", 'import { x } from "#server/env.ts";\nexport const y = x;\n'),
  ).toHaveLength(1);
  expect(await restrictedImports("shared/probe.ts", 'import { z } from "zod";\nexport const y = z;\n')).toEqual([]);
});

test("server code does not import the React app", async () => {
  expect(
    await restrictedImports("server/probe.ts", 'import { x } from "#app/lib/format.ts";\nexport const y = x;\n'),
  ).toHaveLength(1);
});

test("every import is a # package import, even within a folder; only React Router's generated ./+types are relative", async () => {
  for (const file of [
    "server/jobs/probe.ts",
    "app/components/probe.tsx",
    "shared/probe.ts",
    "scripts/probe.ts",
    "tests/unit/probe.ts",
  ]) {
    expect(await restrictedImports(file, 'import { x } from "../env";\nexport const y = x;\n'), file).toHaveLength(1);
    expect(await restrictedImports(file, 'import { x } from "./env";\nexport const y = x;\n'), file).toHaveLength(1);
  }
  expect(
    await restrictedImports(
      "app/routes/probe.tsx",
      'import type { Route } from "./+types/probe";\nexport type X = Route.ComponentProps;\n',
    ),
  ).toEqual([]);
});

test("inside the server, a domain's folder is private to its door", async () => {
  const reachIn = 'import { toWireJob } from "#server/jobs/mapper.ts";\nexport const x = toWireJob;\n';
  expect(await restrictedImports("server/moderation.ts", reachIn)).toHaveLength(1);
  expect(await restrictedImports("server/moderation/queue.ts", reachIn)).toHaveLength(1);
  expect(await restrictedImports("server/api/admin.ts", reachIn)).toHaveLength(1);
  expect(await restrictedImports("scripts/probe.ts", reachIn)).toHaveLength(1);
  const mailReachIn = 'import { enqueueMail } from "#server/mail/outbox.ts";\nexport const x = enqueueMail;\n';
  expect(await restrictedImports("server/alerts.ts", mailReachIn)).toHaveLength(1);
});

test("a domain's door and its own files import its folder, and anyone imports the door", async () => {
  const inside = 'import { toWireJob } from "#server/jobs/mapper.ts";\nexport const x = toWireJob;\n';
  expect(await restrictedImports("server/jobs.ts", inside)).toEqual([]);
  expect(await restrictedImports("server/jobs/search.ts", inside)).toEqual([]);
  const door = 'import { createJobs } from "#server/jobs.ts";\nexport const x = createJobs;\n';
  expect(await restrictedImports("server/moderation.ts", door)).toEqual([]);
  expect(await restrictedImports("scripts/probe.ts", door)).toEqual([]);
});

test("the server's infrastructure folders (db, http) are open to every domain", async () => {
  const db = 'import type { Db } from "#server/db/client.ts";\nexport type X = Db;\n';
  expect(await restrictedImports("server/moderation/queue.ts", db)).toEqual([]);
  expect(await restrictedImports("server/alerts.ts", db)).toEqual([]);
});
