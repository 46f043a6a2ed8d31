import type { Logger } from "#server/logger.ts";

/**
 * Runs `pass` now and then `intervalMs` after each pass ends (never two at once in this process) until stopped;
 * `stop` aborts the pass's signal, so a long pass can hand back work it has not begun, and waits for it to end.
 * A failed pass is logged and the next one runs on time.
 */
export function repeat(
  pass: (signal: AbortSignal) => Promise<unknown>,
  intervalMs: number,
  logger: Logger,
  what: string,
) {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = pass(stopping.signal)
        .catch((error: unknown) => logger.error({ err: error }, `${what} failed; will try again`))
        .finally(() => {
          if (!stopping.signal.aborted) schedule(intervalMs);
        });
    }, delay);
  };
  schedule(0);
  return {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
