import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "#server/app.ts";
import { openConfiguredDatabase } from "#server/database.ts";
import { startReplicaChecks } from "#server/db/replicas.ts";
import { loadDotEnvFile, loadEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { startMailSender } from "#server/mail.ts";
import { startAlertScheduler } from "#server/alerts.ts";
import { startApplicationRetention } from "#server/applications.ts";
import { startReminderLoop } from "#server/renewals.ts";
import { startStatsFlush } from "#server/stats.ts";
import { CLIENT_DIR, developmentPages, ensureBuild, productionPages } from "#server/pages.ts";
import { resolveAuthSecret } from "#server/secret.ts";
import { isDatabaseEmpty, seedDemo } from "#server/seed.ts";
import { createServices } from "#server/services.ts";
import { handleShutdownSignals } from "#server/shutdown.ts";
import { LOOPS_WORKER, superviseWorkers } from "#server/cluster.ts";
import { listen } from "#server/http/listen.ts";
import { startBackupSchedule } from "#server/backup.ts";
import { serveLocalRequests } from "#server/local-requests.ts";
import { metricsWanted, serveClusterMetrics, serveMetrics } from "#server/metrics.ts";
import { keepCreatedFilesPrivate } from "#server/private-files.ts";
import { StartupError } from "#server/startup-error.ts";
import { startSourceScheduler } from "#server/sources.ts";

async function main() {
  loadDotEnvFile();
  const env = loadEnv();
  const logger = createLogger(env);
  const dev = env.NODE_ENV === "development" && process.env.npm_lifecycle_event === "dev";

  if (!dev) {
    await ensureBuild(async (message) => {
      logger.info(message);
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
    });
  }

  if (!dev && env.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    // Written once here: workers generating it at the same moment would each sign sessions with a different one.
    resolveAuthSecret(env);
    logger.info({ workers: env.WEB_CONCURRENCY }, "starting server processes");
    superviseWorkers({ workers: env.WEB_CONCURRENCY, logger, stopMs: (env.SHUTDOWN_GRACE_SECONDS + 20) * 1000 });
    if (metricsWanted(env)) {
      // One scrape answers for every worker: this process sums their figures (ADR 37), and serves METRICS_PORT itself.
      const clusterMetrics = serveClusterMetrics();
      if (env.METRICS_PORT) {
        await serveMetrics(clusterMetrics, env.METRICS_PORT, env.HOST);
        logger.info(`Metrics of every worker on http://${env.HOST}:${env.METRICS_PORT}/metrics`);
      }
    }
    return;
  }
  // Backups, the embedded database and the secret are for this user alone, whatever the shell's umask (ADR 64).
  keepCreatedFilesPrivate();
  // The background loops are safe to run in every instance (ADR 14), but one set per machine is enough.
  const runsLoops = !cluster.isWorker || process.env.JOB_BOARD_WORKER === LOOPS_WORKER;

  const { database, replicas, release } = await openConfiguredDatabase(env, logger);
  const started = Date.now();
  await database.migrate();
  logger.info({ engine: database.engine, ms: Date.now() - started }, "database migrated");

  const services = createServices({ env, database, replicas, logger, secret: resolveAuthSecret(env) });

  if (database.engine === "pglite" && env.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, services.auth, logger);
  }

  const shutdownTasks: (() => Promise<void>)[] = [];
  // Every process that serves reads keeps its own view of which replicas are fit (ADR 39).
  if (replicas) shutdownTasks.push(startReplicaChecks(replicas, logger).stop);
  // Every process counts its own requests, so every process flushes them; the last flush runs as it stops.
  shutdownTasks.push(startStatsFlush({ stats: services.stats, intervalSeconds: env.STATS_FLUSH_SECONDS, logger }).stop);
  // Stopped in this order once the server has stopped, before the database is closed and its lock released.
  if (runsLoops) {
    // Once a start, beside serving: badges the companies migration could not decide (its rule lives in TypeScript,
    // ADR 42). The database stays open until it is done.
    const badges = services.companies.decideEveryBadge().then(
      (changed) => logger.info({ changed }, "company badges decided"),
      (error: unknown) => logger.error({ err: error }, "company badges not decided"),
    );
    shutdownTasks.push(() => badges);
    shutdownTasks.push(startMailSender({ db: database.db, env, logger }).stop);
    if (env.ALERTS_SCHEDULER) {
      shutdownTasks.push(
        startAlertScheduler({
          alerts: services.alerts,
          intervalSeconds: env.ALERTS_INTERVAL_SECONDS,
          logger,
          onDigests: (queued) => services.metrics.countDigests(queued),
        }).stop,
      );
    }
    shutdownTasks.push(
      startApplicationRetention({
        database,
        days: env.APPLICATION_RETENTION_DAYS,
        limitWindowSeconds: env.APPLICATION_RATE_LIMIT_WINDOW_SECONDS,
        logger,
      }).stop,
    );
    shutdownTasks.push(startReminderLoop({ renewals: services.renewals, logger }).stop);
    if (env.SOURCES_SCHEDULER) {
      const onOutcome = (source: string, result: string) => services.metrics.countIngest(source, result);
      shutdownTasks.push(startSourceScheduler({ database, env, logger, onOutcome }).stop);
    }
  }

  // The embedded database is copied, and its admins changed, by the process that holds it (ADR 36): on request from
  // the scripts, and on BACKUP_DIR's schedule.
  if (database.engine === "pglite") {
    shutdownTasks.push(await serveLocalRequests({ dataDir: env.DATA_DIR, database, env, logger }));
    if (env.BACKUP_DIR) {
      const schedule = { dir: env.BACKUP_DIR, intervalHours: env.BACKUP_INTERVAL_HOURS, keep: env.BACKUP_KEEP };
      shutdownTasks.push(startBackupSchedule({ database, logger, ...schedule }).stop);
    }
  } else if (env.BACKUP_DIR) {
    logger.warn(
      "BACKUP_DIR schedules backups of the embedded database only: back PostgreSQL up with `npm run backup -- FILE` (pg_dump) from cron, or with your provider's backups",
    );
  }
  let handle: (req: IncomingMessage, res: ServerResponse) => void;
  if (dev) {
    const vite = await developmentPages(services);
    const listener = getRequestListener(createApp(services, { pages: vite.pages, viteDevServer: true }).fetch);
    handle = (req, res) => vite.middlewares(req, res, () => listener(req, res));
    shutdownTasks.push(vite.close);
  } else {
    const pages = await productionPages(services);
    handle = getRequestListener(
      createApp(services, { pages, staticDir: path.relative(process.cwd(), CLIENT_DIR) }).fetch,
    );
  }

  if (env.METRICS_PORT && !cluster.isWorker) {
    const metricsServer = await serveMetrics(services.metrics, env.METRICS_PORT, env.HOST);
    shutdownTasks.push(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
    logger.info(`Metrics on http://${env.HOST}:${env.METRICS_PORT}/metrics`);
  }

  const server = createServer();
  // Registered before the app's handler, so it sees each request before any answer is written.
  handleShutdownSignals({
    server,
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    tasks: [...shutdownTasks, release],
    logger,
  });
  server.on("request", handle);
  await listen(server, {
    port: env.PORT,
    host: env.HOST,
    waitMs: env.PORT_WAIT_SECONDS * 1000,
    onWait: (waitMs) =>
      logger.warn(
        `Port ${env.PORT} is busy; waiting up to ${waitMs / 1000} s for it (a process that was just stopped may still hold it)`,
      ),
  });
  // Which pages and script policy this process serves, so an operator can tell a dev server from a real one in the log.
  const mode = dev ? "development server (Vite, relaxed script policy)" : "production build (strict script policy)";
  logger.info(
    { mode, engine: database.engine },
    `Job board listening on ${env.PUBLIC_URL} (${database.engine}, ${mode})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
