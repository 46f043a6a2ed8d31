import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { defaultPoolSize } from "#server/db/client.ts";
import { EnvError, loadEnv } from "#server/env.ts";
import { resolveAuthSecret } from "#server/secret.ts";

const SECRET = "s".repeat(32);
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobboard-env-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test("with nothing configured the server runs on port 3000 with the embedded database in ./data", () => {
  const env = loadEnv({});
  expect(env).toMatchObject({
    NODE_ENV: "development",
    PORT: 3000,
    DATA_DIR: "./data",
    SEED_DEMO: true,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_RATE_LIMIT_MAX: 10,
  });
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.TRUSTED_PROXY_HEADER).toBeUndefined();
});

test("PUBLIC_URL defaults to localhost on the configured port, and loses a trailing slash when given", () => {
  expect(loadEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
  expect(loadEnv({ PUBLIC_URL: "https://jobs.example.com/" }).PUBLIC_URL).toBe("https://jobs.example.com");
});

test("BETTER_AUTH_SECRET is required in production with DATABASE_URL, and the error names it", () => {
  expect(() => loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/jobs" })).toThrow(EnvError);
  expect(() => loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/jobs" })).toThrow(/BETTER_AUTH_SECRET/);
  expect(() =>
    loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/jobs", BETTER_AUTH_SECRET: "  " }),
  ).toThrow(/BETTER_AUTH_SECRET/);
});

test("production with DATABASE_URL starts when BETTER_AUTH_SECRET is set", () => {
  const env = loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/jobs", BETTER_AUTH_SECRET: SECRET });
  expect(env.BETTER_AUTH_SECRET).toBe(SECRET);
});

test("production on the embedded database does not need BETTER_AUTH_SECRET", () => {
  expect(loadEnv({ NODE_ENV: "production" }).BETTER_AUTH_SECRET).toBeUndefined();
});

test("a BETTER_AUTH_SECRET shorter than 32 characters is refused", () => {
  expect(() => loadEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET: Must be at least 32 characters/);
});

test.each([
  ["PORT", "http"],
  ["PORT", "70000"],
  ["NODE_ENV", "staging"],
  ["SEED_DEMO", "maybe"],
  ["LOG_LEVEL", "loud"],
  ["AUTH_RATE_LIMIT_MAX", "0"],
  ["PUBLIC_URL", "not a url"],
  ["OIDC_ISSUER", "issuer"],
])("a bad %s (%s) stops the server with a message naming it", (name, value) => {
  expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: [^\\n]+$`));
});

test.each(["yes", "YES", "true", "True", "1"])("SEED_DEMO=%s is read as true", (value) => {
  expect(loadEnv({ SEED_DEMO: value }).SEED_DEMO).toBe(true);
});

test.each(["no", "No", "false", "FALSE", "0"])("SOURCES_SCHEDULER=%s is read as false", (value) => {
  expect(loadEnv({ SOURCES_SCHEDULER: value }).SOURCES_SCHEDULER).toBe(false);
});

test.each(["maybe", "on", "off", "2", "ja"])("a boolean setting given %s is refused, not read as false", (value) => {
  expect(() => loadEnv({ SEED_DEMO: value })).toThrow(
    `Invalid configuration: SEED_DEMO: Must be true or false (yes/no and 1/0 work too), not "${value}"`,
  );
});

test.each(["jobs.example.com", "localhost:3000", "ftp://jobs.example.com"])(
  "PUBLIC_URL=%s without an http(s) scheme is refused",
  (value) => {
    expect(() => loadEnv({ PUBLIC_URL: value })).toThrow(
      "Invalid configuration: PUBLIC_URL: Must be a URL starting with http:// or https://, for example https://jobs.example.com",
    );
  },
);

test.each(["smtp.example.com:587", "smtp//user:pass@smtp.example.com", "http://smtp.example.com"])(
  "a malformed SMTP_URL (%s) is refused with an example",
  (value) => {
    expect(() => loadEnv({ SMTP_URL: value })).toThrow(
      "Invalid configuration: SMTP_URL: Must be a URL starting with smtp:// or smtps://, for example smtp://user:password@smtp.example.com:587",
    );
  },
);

test("a well-formed SMTP_URL is kept as given", () => {
  expect(loadEnv({ SMTP_URL: "smtps://user:p%40ss@smtp.example.com:465" }).SMTP_URL).toBe(
    "smtps://user:p%40ss@smtp.example.com:465",
  );
});

test("DATABASE_URL may name PostgreSQL's Unix socket directory instead of a host", () => {
  expect(loadEnv({ DATABASE_URL: "postgres:///jobs?host=/var/run/postgresql" }).DATABASE_URL).toBe(
    "postgres:///jobs?host=/var/run/postgresql",
  );
  expect(loadEnv({ DATABASE_URL: "postgresql://app@localhost/jobs?host=/var/run/postgresql" }).DATABASE_URL).toBe(
    "postgresql://app@localhost/jobs?host=/var/run/postgresql",
  );
});

test.each(["localhost/jobs", "mysql://db/jobs", "postgres//db/jobs", "postgres:///jobs", "postgres:///jobs?host=db"])(
  "a malformed DATABASE_URL (%s) is refused before any connection",
  (value) => {
    expect(() => loadEnv({ DATABASE_URL: value })).toThrow(
      "Invalid configuration: DATABASE_URL: Must be a URL starting with postgres:// or postgresql://",
    );
  },
);

test("SOURCES_DISABLED takes known source names in any case, and names an unknown one with the list", () => {
  expect(loadEnv({ SOURCES_DISABLED: "RemoteOK, himalayas" }).SOURCES_DISABLED).toEqual(["remoteok", "himalayas"]);
  expect(() => loadEnv({ SOURCES_DISABLED: "remoteok,indeed" })).toThrow(
    'Invalid configuration: SOURCES_DISABLED: Unknown source "indeed"; the sources are remoteok, adzuna, himalayas, jooble, jobwiz',
  );
});

test("several bad settings give one line each", () => {
  expect(() => loadEnv({ SEED_DEMO: "maybe", PUBLIC_URL: "example.com" })).toThrow(
    /^Invalid configuration: PUBLIC_URL: [^\n]+\nInvalid configuration: SEED_DEMO: [^\n]+$/,
  );
});

test("SEED_DEMO=false turns the demo seed off", () => {
  expect(loadEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  expect(loadEnv({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
  expect(loadEnv({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
});

test("TRUSTED_PROXY_HEADER is unset by default and matched case-insensitively when set", () => {
  expect(loadEnv({}).TRUSTED_PROXY_HEADER).toBeUndefined();
  expect(loadEnv({ TRUSTED_PROXY_HEADER: "X-Forwarded-For" }).TRUSTED_PROXY_HEADER).toBe("x-forwarded-for");
});

test("without BETTER_AUTH_SECRET a secret is generated once, kept in DATA_DIR and reused on the next start", () => {
  const dataDir = path.join(tempDir(), "nested", "data");
  const first = resolveAuthSecret(loadEnv({ DATA_DIR: dataDir }));
  expect(first.length).toBeGreaterThanOrEqual(32);
  const file = path.join(dataDir, "auth-secret");
  expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
  expect(fs.statSync(file).mode & 0o077).toBe(0);
  expect(resolveAuthSecret(loadEnv({ DATA_DIR: dataDir }))).toBe(first);
});

test("each new data directory gets its own generated secret", () => {
  const a = resolveAuthSecret(loadEnv({ DATA_DIR: tempDir() }));
  const b = resolveAuthSecret(loadEnv({ DATA_DIR: tempDir() }));
  expect(a).not.toBe(b);
});

test("a configured BETTER_AUTH_SECRET is used as is and nothing is written to DATA_DIR", () => {
  const dataDir = tempDir();
  expect(resolveAuthSecret(loadEnv({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET }))).toBe(SECRET);
  expect(fs.existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
});

test("a damaged secret file is replaced by a new secret", () => {
  const dataDir = tempDir();
  fs.writeFileSync(path.join(dataDir, "auth-secret"), "short\n");
  const secret = resolveAuthSecret(loadEnv({ DATA_DIR: dataDir }));
  expect(secret.length).toBeGreaterThanOrEqual(32);
  expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(secret);
});

test("the board's name defaults to the spec's, its counters to its own figures, and how to reach the operator to nothing", () => {
  const env = loadEnv({});
  expect(env).toMatchObject({
    SITE_NAME: "Job Board",
    HERO_JOBS_POSTED: "auto",
    HERO_MONTHLY_USERS: "auto",
    HERO_JOBSEEKERS: "auto",
  });
  expect([env.SITE_EMAIL, env.SITE_PHONE, env.SITE_ADDRESS, env.SITE_HOURS, env.SITE_SOCIAL_LINKS]).toEqual([
    undefined,
    undefined,
    [],
    undefined,
    [],
  ]);
});

test("an operator can switch the phone, address, hours and social links off with none", () => {
  const env = loadEnv({ SITE_PHONE: "none", SITE_ADDRESS: "none", SITE_HOURS: "", SITE_SOCIAL_LINKS: "none" });
  expect([env.SITE_PHONE, env.SITE_ADDRESS, env.SITE_HOURS, env.SITE_SOCIAL_LINKS]).toEqual([
    undefined,
    [],
    undefined,
    [],
  ]);
});

test.each([
  ["SITE_EMAIL", "support"],
  ["SITE_SOCIAL_LINKS", "linkedin.com/company/acme"],
  ["SITE_NAME", " "],
])("a bad %s (%s) is refused with a line naming it", (name, value) => {
  expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}(\\.\\d+)?: [^\\n]+$`));
});

test("TOKEN_SYNC_URL is off when unset and kept as a same-origin path when given as a path or a URL on PUBLIC_URL", () => {
  expect(loadEnv({}).TOKEN_SYNC_URL).toBeUndefined();
  expect(loadEnv({ PUBLIC_URL: "https://jobs.example.com", TOKEN_SYNC_URL: "/session-sync" }).TOKEN_SYNC_URL).toBe(
    "/session-sync",
  );
  expect(
    loadEnv({ PUBLIC_URL: "https://jobs.example.com", TOKEN_SYNC_URL: "https://jobs.example.com/auth/sync?v=1" })
      .TOKEN_SYNC_URL,
  ).toBe("/auth/sync?v=1");
  expect(loadEnv({}).TOKEN_SYNC_MAX_AGE_SECONDS).toBe(300);
});

test.each([
  "https://evil.example/collect",
  "//evil.example/collect",
  "http://jobs.example.com/sync",
  "javascript:alert(1)",
])("TOKEN_SYNC_URL=%s, off this board's origin, stops the server with a line naming it", (value) => {
  expect(() => loadEnv({ PUBLIC_URL: "https://jobs.example.com", TOKEN_SYNC_URL: value })).toThrow(
    "Invalid configuration: TOKEN_SYNC_URL: Must be on this board's own origin (https://jobs.example.com); give a path such as /session-sync or a URL starting with https://jobs.example.com/",
  );
});

test("WEB_CONCURRENCY above 1 without DATABASE_URL is refused, naming the setting", () => {
  expect(() => loadEnv({ WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY: Above 1 needs DATABASE_URL/);
  expect(() => loadEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  expect(() => loadEnv({ WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
  expect(loadEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db/jobs" }).WEB_CONCURRENCY).toBe(2);
  expect(loadEnv({}).WEB_CONCURRENCY).toBe(1);
});

test("DATABASE_POOL_SIZE takes a whole number of connections, and anything else is refused naming it", () => {
  expect(loadEnv({ DATABASE_POOL_SIZE: "6" }).DATABASE_POOL_SIZE).toBe(6);
  expect(loadEnv({}).DATABASE_POOL_SIZE).toBeUndefined();
  for (const bad of ["0", "2.5", "many", "101"]) {
    expect(() => loadEnv({ DATABASE_POOL_SIZE: bad })).toThrow(
      "Invalid configuration: DATABASE_POOL_SIZE: Must be a whole number of connections, 1 to 100",
    );
  }
});

test("without DATABASE_POOL_SIZE a process keeps two connections per core, at least 4 and at most 10", () => {
  expect([1, 2, 3, 4, 5, 16].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 6, 8, 10, 10]);
});
