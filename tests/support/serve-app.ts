import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import type { Replicas } from "#server/db/replicas.ts";
import { loadEnv, type Env } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { CLIENT_DIR, productionPages } from "#server/pages.ts";
import { createServices, type AppServices } from "#server/services.ts";

export type ServedApp = {
  url: string;
  env: Env;
  services: AppServices;
  /** Closes the HTTP server; the database stays with its owner. */
  close: () => Promise<void>;
};

const served = new Map<string, AppServices>();

/** The services of the app this process serves at `url`, for helpers that act as a user's mailbox would. */
export const servicesAt = (url: string): AppServices | undefined => served.get(url);

/**
 * The real app over `database`, in this process, on a random loopback port, with `env` over the test basics: what the
 * API and browser tests run against (through startTestServer), and what `npm run fuzz` sends its requests to.
 * `pages` serves the production build too; API only otherwise.
 */
export async function serveApp(
  database: Database,
  {
    env: values = {},
    pages = false,
    replicas,
  }: { env?: Record<string, string>; pages?: boolean; replicas?: Replicas } = {},
): Promise<ServedApp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: new URL(url).port,
    PUBLIC_URL: url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...values,
  });
  const services = createServices({
    env,
    database,
    replicas,
    logger: createLogger(env),
    secret: "test-secret-test-secret-test-secret-1234",
  });
  const app = createApp(services, pages ? { pages: await productionPages(services), staticDir: CLIENT_DIR } : {});
  server.on("request", getRequestListener(app.fetch));
  served.set(url, services);
  return {
    url,
    env,
    services,
    close: async () => {
      served.delete(url);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
