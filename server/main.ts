import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { openConfiguredDatabase } from "./boot";
import { DataDirLockedError } from "./db/client";
import { EnvError, loadDotEnvFile, loadEnv } from "./env";
import { createLogger } from "./logger";
import { startOutboxSender } from "./mail/sender";
import { CLIENT_DIR, developmentPages, ensureBuild, productionPages } from "./pages";
import { resolveAuthSecret } from "./secret";
import { isDatabaseEmpty, seedDemo } from "./seed/demo";
import { createServices } from "./services";
import { startSourceScheduler } from "./sources/scheduler";

async function main() {
  loadDotEnvFile();
  const env = loadEnv();
  const logger = createLogger(env);
  const dev = env.NODE_ENV === "development" && process.env.npm_lifecycle_event === "dev";

  if (!dev) ensureBuild((message) => logger.info(message));

  const { database, release } = await openConfiguredDatabase(env, logger);
  const started = Date.now();
  await database.migrate();
  logger.info({ engine: database.engine, ms: Date.now() - started }, "database migrated");

  const services = createServices({ env, database, logger, secret: resolveAuthSecret(env) });

  if (database.engine === "pglite" && env.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, services.auth, logger);
  }

  const shutdownTasks: (() => Promise<void>)[] = [];
  // Delivers contact messages stored in the outbox; stopped before the database is released.
  shutdownTasks.push(startOutboxSender(services).stop);
  if (env.SOURCES_SCHEDULER) shutdownTasks.push(startSourceScheduler({ database, env, logger }).stop);
  let handle: (req: IncomingMessage, res: ServerResponse) => void;
  if (dev) {
    const vite = await developmentPages(services);
    const listener = getRequestListener(createApp(services, { pages: vite.pages }).fetch);
    handle = (req, res) => vite.middlewares(req, res, () => listener(req, res));
    shutdownTasks.push(vite.close);
  } else {
    const pages = await productionPages(services);
    handle = getRequestListener(createApp(services, { pages, staticDir: path.relative(process.cwd(), CLIENT_DIR) }).fetch);
  }

  const server = createServer(handle);
  server.listen(env.PORT, env.HOST, () => {
    logger.info(`Job board listening on ${env.PUBLIC_URL} (${database.engine})`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    for (const task of shutdownTasks) await task();
    await release();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
