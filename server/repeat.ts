import type { Logger } from "#server/logger.ts";

/**
 * Runs `pass` now and then `intervalMs` after each pass ends (never two at once in this process) until stopped;
 * `stop` waits for a pass in flight. A failed pass is logged and the next one runs on time.
 */
export function repeat(pass: () => Promise<unknown>, intervalMs: number, logger: Logger, what: string) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => logger.error({ err: error }, `${what} failed; will try again`))
        .finally(() => {
          if (!stopped) schedule(intervalMs);
        });
    }, delay);
  };
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
