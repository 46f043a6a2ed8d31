import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";
import { trackSpawned } from "#tests/support/spawned.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The `--import tsx` of `npm start`, by absolute path: the child runs outside the project directory. */
const TSX_LOADER = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;

export type SpawnedApp = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL, as a supervisor or the OOM killer does it (the app is one process: no npm wrapper, no children); resolves once it is gone. */
  crash: () => Promise<void>;
  exited: Promise<number | null>;
};

/**
 * A port the app can bind a few seconds from now. Ports the kernel hands out with `listen(0)` come from the
 * ephemeral range, which outgoing connections (browsers, fetch, PostgreSQL clients of parallel tests) also
 * draw from, so one of them could take the port while the app boots. Picking below that range avoids it.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canBind(port)) return port;
  }
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * The whole environment a spawned app or script sees: what the test sets, over a few harmless basics.
 * Nothing else is inherited, so a developer's DATABASE_URL or SMTP_URL never reaches a test process.
 */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const basics: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    LANG: "C.UTF-8",
  };
  return Object.fromEntries(Object.entries({ ...basics, ...env }).filter(([, value]) => value !== undefined));
}

/**
 * Directories for spawned apps live in this run's own temp dir (made by global-setup), which the run
 * removes when it ends; a later spawn in the same file may still reuse a data dir.
 */
export function runTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(path.dirname(inject("pgliteDump")), prefix));
}

/** Noted as running for the run's teardown to kill if it outlives its test file (spawned.ts). */
const tracked = <Child extends ChildProcess>(child: Child): Child =>
  trackSpawned(path.dirname(inject("pgliteDump")), child);

/** A working directory with no `.env` in it, unlike the project root a developer may keep one in. */
function emptyWorkDir(): string {
  return runTempDir("jobboard-cwd-");
}

/**
 * A data directory of its own for a board: a copy of the run's migrated one (global-setup.ts), as a board that has
 * started before; empty when the test is about the first start itself (`fresh`: initdb and every migration), or the
 * board runs on PostgreSQL.
 */
function newDataDir(fresh: boolean): string {
  const dir = runTempDir("jobboard-app-");
  if (!fresh) fs.cpSync(inject("pgliteTemplateDataDir"), dir, { recursive: true });
  return dir;
}

/**
 * Runs the app as `npm start` does (same entry, same env contract) in a temp DATA_DIR (newDataDir), with only the
 * environment given here: not the test runner's, and no `.env` file. A variable given as undefined is left unset.
 */
export async function spawnApp(
  env: Record<string, string | undefined> = {},
  { dataDir, fresh = false }: { dataDir?: string; fresh?: boolean } = {},
): Promise<SpawnedApp> {
  const port = await freePort();
  const dir = dataDir ?? newDataDir(fresh || env.DATABASE_URL !== undefined);
  let output = "";
  const child = tracked(
    spawn(process.execPath, ["--import", TSX_LOADER, path.join(ROOT, "server/main.ts")], {
      cwd: emptyWorkDir(),
      env: childEnv({
        TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"),
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dir,
        LOG_LEVEL: "info",
        // Tests never reach the real job APIs; a test that wants ingest points the sources at tests/fakes.
        SOURCES_SCHEDULER: "false",
        // Listings posted by a test are published at once, with no daily limit, unless the test turns them on
        // (the product defaults are MODERATION=first and POSTS_PER_DAY=10).
        MODERATION: "off",
        POSTS_PER_DAY: "100000",
        REQUIRE_EMAIL_VERIFICATION: "false",
        ...env,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app did not become healthy in 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir: dir,
    process: child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    crash: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Runs `npm run <script>` as a user would (scripts/<name>.ts, same env contract) from a directory with no
 * `.env`, with only the environment given here.
 */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = tracked(
    spawn(process.execPath, ["--import", TSX_LOADER, path.join(ROOT, "scripts", `${name}.ts`), ...args], {
      cwd: emptyWorkDir(),
      env: childEnv({ TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"), ...env }),
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}
