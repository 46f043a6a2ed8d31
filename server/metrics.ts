/**
 * What an operator watches (ADR 37), in Prometheus' text format: HTTP requests by route and status with their
 * latency, the mail outbox's depth and age, source ingests by result, alert digests queued, the database pool, and
 * Node's own figures (event-loop lag among them). Counting is always on and costs a few microseconds a request;
 * answering `/metrics` is off unless METRICS_TOKEN or METRICS_PORT is set.
 */
import crypto from "node:crypto";
import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "#server/db/client.ts";
import type { Replicas } from "#server/db/replicas.ts";
import { rowsOf } from "#server/db/rows.ts";

/** Seconds; a search answers in milliseconds, a page in tens of them, a feed or sitemap in up to a few seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(database: Database, replicas?: Replicas) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to the answer's headers, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const ingests = new Counter({
    name: "source_ingests_total",
    help: "External source refreshes, by source and result (synced, skipped, failed)",
    labelNames: ["source", "result"] as const,
    registers: [registry],
  });
  const digests = new Counter({
    name: "alert_digests_total",
    help: "Job alert digests queued for mailing",
    registers: [registry],
  });
  const outboxWaiting = new Gauge({
    name: "mail_outbox_waiting",
    help: "Mails waiting in the outbox to be delivered",
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: "mail_outbox_oldest_age_seconds",
    help: "Age of the oldest mail still waiting in the outbox (0 when none waits)",
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (in_use, idle, waiting requests); absent on the embedded database",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  if (replicas) {
    // As the last background check left them (ADR 39): a scrape asks no replica anything.
    new Gauge({
      name: "db_replica_fit",
      help: "1 while a read replica takes reads, 0 while it is left out (lagging, down or not checked yet)",
      labelNames: ["replica"] as const,
      registers: [registry],
      collect() {
        for (const { name, state } of replicas.states()) this.set({ replica: name }, state === "fit" ? 1 : 0);
      },
    });
    new Gauge({
      name: "db_replica_lag_seconds",
      help: "A read replica's replay lag at the last check (absent while it does not answer)",
      labelNames: ["replica"] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { name, lagSeconds } of replicas.states()) {
          if (lagSeconds !== null) this.set({ replica: name }, lagSeconds);
        }
      },
    });
  }

  /** The outbox read once per scrape, not per request. */
  async function readOutbox() {
    const [row] = await rowsOf(
      database.db,
      sql`SELECT count(*)::int AS waiting, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
        FROM mail_outbox WHERE status = 'pending'`,
    );
    outboxWaiting.set(Number(row?.waiting ?? 0));
    outboxOldest.set(Number(row?.oldest ?? 0));
  }

  return {
    /** One answered request; `route` is the matched pattern (`/api/jobs/:id`), never the raw path. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    countIngest(source: string, result: string) {
      ingests.inc({ source, result });
    },
    countDigests(n: number) {
      digests.inc(n);
    },
    contentType: registry.contentType,
    async render(): Promise<string> {
      // A database that is away must not hide every other figure: the outbox gauges keep their last values.
      await readOutbox().catch(() => undefined);
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** METRICS_TOKEN, when set, is required as a Bearer token; compared in constant time. */
export function metricsAuthorised(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** METRICS_PORT: the figures on a port of their own (for a network only the monitoring reaches), no token needed. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: the figures are at /metrics\n");
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { "content-type": metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
