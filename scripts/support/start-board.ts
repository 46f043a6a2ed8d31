import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { cpuSecondsOf } from "#scripts/bench/cpu.ts";

export type StartedBoard = {
  url: string;
  stop: () => Promise<void>;
  /** CPU seconds the server's process has used so far (user and system), from /proc. */
  cpuSeconds: () => number;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * `server/main.ts` as `npm start` runs it, for a script that measures a board: production, on a free loopback port,
 * with a quiet log and no source scheduler calling the real job APIs, and `env` for the rest (the database above all).
 * Resolves once /api/health answers; `stop` sends SIGTERM and waits for the exit. `cwd`: another checkout's server (its
 * own code, built on start when its build is missing or stale), this one's when not given.
 */
export async function startBoard(
  env: NodeJS.ProcessEnv,
  { waitMs, cwd }: { waitMs: number; cwd?: string },
): Promise<StartedBoard> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      SOURCES_SCHEDULER: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
    ...(cwd ? { cwd } : {}),
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop, cpuSeconds: () => cpuSecondsOf(child.pid ?? 0) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`server did not become healthy within ${waitMs / 1000} s`);
}
