import net from "node:net";

export type TcpProxy = {
  port: number;
  /** Play an outage: refuse new connections and cut every open one, as a stopped database server does. */
  down(): Promise<void>;
  /** Accept connections again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A loopback TCP relay in front of a shared server (PostgreSQL), so a test can take "the database" away from
 * one app without restarting the server other runs share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise((resolve) => current.close(resolve));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    down: stop,
    up: listen,
    close: stop,
  };
}
