import { expect, test } from "vitest";
import { spawnApp } from "#tests/support/spawn-app.ts";

/**
 * Each bad setting stops the real server (`npm start`'s entry, its own process) with exit code 1 and one line
 * naming the variable: no stack trace, no driver error dump.
 */
const SECRET = "s".repeat(32);

async function startupFailure(env: Record<string, string>): Promise<string> {
  const error: unknown = await spawnApp({ SEED_DEMO: "false", ...env }).then(
    async (app) => {
      await app.stop();
      throw new Error("the server started");
    },
    (reason: unknown) => reason,
  );
  const message = error instanceof Error ? error.message : String(error);
  expect(message).toMatch(/^app exited early \(1\):\n/);
  const output = message.replace(/^app exited early \(1\):\n/, "");
  expect(output).not.toMatch(/\n\s+at |Error:|node:internal/);
  return output.trim();
}

test.each([
  [
    { DATABASE_URL: "localhost/jobs" },
    "Invalid configuration: DATABASE_URL: Must be a URL starting with postgres:// or postgresql://, for example postgres://user:password@localhost:5432/jobboard",
  ],
  [
    { PUBLIC_URL: "jobs.example.com" },
    "Invalid configuration: PUBLIC_URL: Must be a URL starting with http:// or https://, for example https://jobs.example.com",
  ],
  [
    { SMTP_URL: "smtp.example.com:587" },
    "Invalid configuration: SMTP_URL: Must be a URL starting with smtp:// or smtps://, for example smtp://user:password@smtp.example.com:587",
  ],
  [
    { SOURCES_DISABLED: "remoteok,indeed" },
    'Invalid configuration: SOURCES_DISABLED: Unknown source "indeed"; the sources are remoteok, adzuna, himalayas, jooble, jobwiz',
  ],
  [
    { SEED_DEMO: "maybe" },
    'Invalid configuration: SEED_DEMO: Must be true or false (yes/no and 1/0 work too), not "maybe"',
  ],
])(
  "the server refuses %o with exit code 1 and one line naming the setting",
  async (env, line) => {
    expect(await startupFailure(env)).toBe(line);
  },
  60_000,
);

test("a DATABASE_URL nobody answers on is retried briefly, then refused with one line saying it is unreachable", async () => {
  const output = await startupFailure({
    DATABASE_URL: "postgres://jobs@127.0.0.1:1/jobs",
    DATABASE_WAIT_SECONDS: "1",
    BETTER_AUTH_SECRET: SECRET,
  });
  const lines = output.split("\n");
  expect(lines.at(-1)).toBe(
    "DATABASE_URL: PostgreSQL at 127.0.0.1:1 is unreachable (connection refused; tried for 1 s). Start PostgreSQL or fix the host and port in DATABASE_URL; unset DATABASE_URL to use the embedded database.",
  );
  expect(output).toMatch(/PostgreSQL at DATABASE_URL is not answering; trying again for up to 1 s/);
}, 60_000);

const postgres = process.env.TEST_DATABASE_URL;
test.skipIf(!postgres)(
  "a DATABASE_URL naming a database that does not exist is refused at once, saying which",
  async () => {
    const url = new URL(postgres ?? "postgres://localhost/x");
    url.pathname = "/jobboard_no_such_database";
    const output = await startupFailure({
      DATABASE_URL: url.href,
      DATABASE_WAIT_SECONDS: "60",
      BETTER_AUTH_SECRET: SECRET,
    });
    expect(output.split("\n").at(-1)).toBe(
      `DATABASE_URL: the database "jobboard_no_such_database" does not exist on ${url.hostname}:${url.port || "5432"}. Create it (createdb jobboard_no_such_database) or fix the database name in DATABASE_URL.`,
    );
    expect(output).not.toMatch(/trying again/);
  },
  60_000,
);
