import type { Server } from "node:http";
import { StartupError } from "#server/startup-error.ts";

export class ListenError extends StartupError {}

const RETRY_MS = 100;

type ListenOptions = {
  port: number;
  host: string;
  /** How long to keep trying a port that is busy: a process killed a moment ago holds its socket until it is gone. */
  waitMs: number;
  onWait?: (waitMs: number) => void;
};

/**
 * A supervisor that restarts the board right after killing it finds the port still bound for a second or
 * two while the kernel tears the old process down, so EADDRINUSE is retried for a short time before the
 * operator is told which setting to change. Other refusals name their setting at once.
 */
export async function listen(server: Server, { port, host, waitMs, onWait }: ListenOptions): Promise<void> {
  const deadline = Date.now() + waitMs;
  let waiting = false;
  for (;;) {
    const code = await tryListen(server, port, host);
    if (code === undefined) return;
    if (code === "EADDRINUSE" && Date.now() < deadline) {
      if (!waiting) {
        waiting = true;
        onWait?.(waitMs);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      continue;
    }
    throw new ListenError(explain(code, port, host));
  }
}

function tryListen(server: Server, port: number, host: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      resolve(error.code ?? "UNKNOWN");
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(undefined);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

function explain(code: string, port: number, host: string): string {
  switch (code) {
    case "EADDRINUSE":
      return `Port ${port} on ${host} is already in use by another program. Stop that program, or set PORT to a free port (for example PORT=${port === 3000 ? 3001 : 3000} npm start).`;
    case "EACCES":
      return `Port ${port} needs administrator rights on this machine. Set PORT to a port above 1023 (for example PORT=3000), or run behind a reverse proxy.`;
    case "EADDRNOTAVAIL":
      return `HOST=${host} is not an address of this machine. Set HOST to 0.0.0.0 (every interface), 127.0.0.1 (this machine only) or one of its own addresses.`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `HOST=${host} is not an address or a name this machine can resolve. Set HOST to 0.0.0.0, 127.0.0.1 or one of its own addresses.`;
    default:
      return `The server could not listen on ${host}:${port} (${code}). Check PORT and HOST.`;
  }
}
