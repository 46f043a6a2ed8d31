import pino, { type Logger } from "pino";
import type { Env } from "#server/env.ts";

export type { Logger };

export function createLogger(env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">): Logger {
  const pretty = env.NODE_ENV !== "production" && process.stdout.isTTY;
  return pino({
    level: env.LOG_LEVEL,
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } } : {}),
  });
}
