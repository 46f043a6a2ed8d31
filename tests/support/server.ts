import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "#server/app.ts";
import { loadEnv, type Env } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { CLIENT_DIR, productionPages } from "#server/pages.ts";
import { createServices, type AppServices } from "#server/services.ts";
import { createTestDatabase } from "#tests/support/database.ts";

export type TestServer = {
  url: string;
  services: AppServices;
  env: Env;
  close: () => Promise<void>;
};

export type TestServerOptions = {
  engine?: "pglite" | "postgres";
  /** Serve pages from the production build too (browser tests); API-only otherwise. */
  pages?: boolean;
  env?: Record<string, string>;
};

/** The real app (Hono + React Router build + a real database) on a random loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { database, drop } = await createTestDatabase(options.engine ?? "pglite");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    AUTH_RATE_LIMIT_MAX: "1000",
    CONTACT_RATE_LIMIT_MAX: "1000",
    // Most tests post listings (many from one account) and expect them in search at once; the moderation and
    // limit tests turn review and the daily limit on themselves.
    MODERATION: "off",
    POSTS_PER_DAY: "100000",
    REQUIRE_EMAIL_VERIFICATION: "false",
    ...options.env,
  });
  const services = createServices({
    env,
    database,
    logger: createLogger(env),
    secret: "test-secret-test-secret-test-secret-1234",
  });
  const pages = options.pages ? await productionPages(services) : undefined;
  const app = createApp(services, { pages, ...(options.pages ? { staticDir: CLIENT_DIR } : {}) });
  server.on("request", getRequestListener(app.fetch));
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    env,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await drop();
    },
  };
}
