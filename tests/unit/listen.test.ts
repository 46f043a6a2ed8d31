import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { listen } from "#server/http/listen.ts";
import { freePort } from "#tests/support/spawn-app.ts";

const servers: (Server | net.Server)[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function occupy(port: number): Promise<net.Server> {
  const blocker = net.createServer();
  servers.push(blocker);
  await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
  return blocker;
}

function board(): Server {
  const server = createServer((_req, res) => res.end("ok"));
  servers.push(server);
  return server;
}

test("a busy port is waited for, then refused with a message naming PORT", async () => {
  const port = await freePort();
  await occupy(port);
  const waits: number[] = [];
  await expect(
    listen(board(), { port, host: "127.0.0.1", waitMs: 300, onWait: (ms) => waits.push(ms) }),
  ).rejects.toThrow(
    `Port ${port} on 127.0.0.1 is already in use by another program. Stop that program, or set PORT to a free port (for example PORT=3000 npm start).`,
  );
  expect(waits).toEqual([300]);
});

test("a port freed while the server waits is taken, and the server answers on it", async () => {
  const port = await freePort();
  const blocker = await occupy(port);
  let waiting!: () => void;
  const waited = new Promise<void>((resolve) => (waiting = resolve));
  const server = board();
  const listening = listen(server, { port, host: "127.0.0.1", waitMs: 30_000, onWait: () => waiting() });
  await waited;
  await new Promise((resolve) => blocker.close(resolve));
  await listening;
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
});

test("a HOST that is not an address of this machine is refused at once with a message naming HOST", async () => {
  // 192.0.2.0/24 is TEST-NET-1: never assigned to a machine.
  await expect(listen(board(), { port: 0, host: "192.0.2.1", waitMs: 30_000 })).rejects.toThrow(
    "HOST=192.0.2.1 is not an address of this machine. Set HOST to 0.0.0.0 (every interface), 127.0.0.1 (this machine only) or one of its own addresses.",
  );
});
