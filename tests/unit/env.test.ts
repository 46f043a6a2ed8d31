import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { EnvError, loadEnv } from "../../server/env";
import { resolveAuthSecret } from "../../server/secret";

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
  expect(() => loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/jobs", BETTER_AUTH_SECRET: "  " })).toThrow(
    /BETTER_AUTH_SECRET/,
  );
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
  expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n[\\s\\S]*${name}:`));
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
