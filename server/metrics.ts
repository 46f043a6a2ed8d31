/**
 * What an operator watches (ADR 37), in Prometheus' text format: HTTP requests by route and status with their
 * latency, the mail outbox's depth and age, source ingests by result, alert digests queued, the database pool, and
 * Node's own figures (event-loop lag among them). Off unless METRICS_TOKEN or METRICS_PORT is set: then nothing is
 * counted either, so a board nobody watches pays nothing for it. With WEB_CONCURRENCY above 1 a scrape answers for
 * every server process, summed by the supervising one (`serveClusterMetrics`).
 */
import cluster from "node:cluster";
import crypto from "node:crypto";
import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "#server/db/client.ts";
import type { Replicas } from "#server/db/replicas.ts";
import { rowsOf } from "#server/db/rows.ts";

/** Seconds; a search answers in milliseconds, a page in tens of them, a feed or sitemap in up to a few seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Messages between a worker that was asked for `/metrics` and the supervising process that sums every worker's. */
type ClusterMetricsMessage =
  | { type: "job-board:metrics-request"; id: number }
  | { type: "job-board:metrics-answer"; id: number; text?: string; error?: string };

/** A supervisor that has not summed every worker's figures by then answers with an error, not a hang. */
const CLUSTER_SCRAPE_MS = 5_000;

/** True when METRICS_TOKEN or METRICS_PORT asks for the figures. */
export const metricsWanted = (env: { METRICS_TOKEN?: string | undefined; METRICS_PORT?: number | undefined }) =>
  Boolean(env.METRICS_TOKEN || env.METRICS_PORT);

export function createMetrics(database: Database, replicas?: Replicas, { counting = true } = {}) {
  const registry = new Registry();
  // Node's own figures sample the event loop's delay all the time: only for a board whose figures someone reads.
  if (counting) collectDefaultMetrics({ register: registry });
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
  // Read at scrape time, once for both gauges; every process reads the same table, so summing processes would
  // multiply it: they are aggregated by their largest value.
  let outboxRead: Promise<{ waiting: number; oldest: number } | undefined> | undefined;
  const readOutboxOnce = () => {
    // Both gauges are collected in the same tick of a scrape; the next scrape reads again.
    outboxRead ??= readOutbox().finally(() => (outboxRead = undefined));
    return outboxRead;
  };
  new Gauge({
    name: "mail_outbox_waiting",
    help: "Mails waiting in the outbox to be delivered",
    registers: [registry],
    aggregator: "max",
    async collect() {
      const outbox = await readOutboxOnce();
      if (outbox) this.set(outbox.waiting);
    },
  });
  new Gauge({
    name: "mail_outbox_oldest_age_seconds",
    help: "Age of the oldest mail still waiting in the outbox (0 when none waits)",
    registers: [registry],
    aggregator: "max",
    async collect() {
      const outbox = await readOutboxOnce();
      if (outbox) this.set(outbox.oldest);
    },
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
      // Fit only where every process finds it fit.
      aggregator: "min",
      collect() {
        for (const { name, state } of replicas.states()) this.set({ replica: name }, state === "fit" ? 1 : 0);
      },
    });
    new Gauge({
      name: "db_replica_lag_seconds",
      help: "A read replica's replay lag at the last check (absent while it does not answer)",
      labelNames: ["replica"] as const,
      registers: [registry],
      aggregator: "max",
      collect() {
        this.reset();
        for (const { name, lagSeconds } of replicas.states()) {
          if (lagSeconds !== null) this.set({ replica: name }, lagSeconds);
        }
      },
    });
  }

  /** The outbox read once per scrape, not per request. A database that is away must not hide every other figure: the gauges keep their last values. */
  async function readOutbox() {
    try {
      const [row] = await rowsOf(
        database.db,
        sql`SELECT count(*)::int AS waiting, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
          FROM mail_outbox WHERE status = 'pending'`,
      );
      return { waiting: Number(row?.waiting ?? 0), oldest: Number(row?.oldest ?? 0) };
    } catch {
      return undefined;
    }
  }

  // A worker answers the supervisor's request for its figures (prom-client's cluster aggregation).
  if (counting && cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }

  return {
    /** False when nobody reads the figures: the request counting is then left out altogether. */
    counting,
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
    /** This process's figures, or in a cluster's worker every worker's, summed by the supervising process. */
    render(): Promise<string> {
      return cluster.isWorker ? askSupervisor() : registry.metrics();
    },
  };
}

let lastRequest = 0;
function askSupervisor(): Promise<string> {
  const id = ++lastRequest;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error("the supervising process did not answer")), CLUSTER_SCRAPE_MS);
    function onMessage(message: ClusterMetricsMessage) {
      if (message?.type === "job-board:metrics-answer" && message.id === id)
        finish(message.error === undefined ? undefined : new Error(message.error), message.text);
    }
    function finish(error: Error | undefined, text?: string) {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve(text ?? "");
    }
    process.on("message", onMessage);
    const request: ClusterMetricsMessage = { type: "job-board:metrics-request", id };
    process.send?.(request);
  });
}

/**
 * In the supervising process of WEB_CONCURRENCY workers: every worker's figures summed (a gauge that reads one shared
 * table, by its largest), for a worker asked on the board's port and for METRICS_PORT, which this process then serves.
 */
export function serveClusterMetrics(): Pick<Metrics, "render" | "contentType"> {
  const aggregator = new AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE>();
  const render = () => aggregator.clusterMetrics();
  cluster.on("message", (worker, message: ClusterMetricsMessage) => {
    if (message?.type !== "job-board:metrics-request") return;
    const answer = (reply: Omit<Extract<ClusterMetricsMessage, { type: "job-board:metrics-answer" }>, "type">) => {
      if (worker.isConnected()) worker.send({ type: "job-board:metrics-answer", ...reply });
    };
    render().then(
      (text) => answer({ id: message.id, text }),
      (error: unknown) => answer({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  return { render, contentType: aggregator.contentType };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * METRICS_TOKEN, when set, is required as `Authorization: Bearer <token>` and nothing else (a bare token is refused).
 * Compared as digests, in constant time: equal lengths whatever was sent, so the time tells nothing of the token's.
 */
export function metricsAuthorised(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)$/i.exec(header ?? "")?.[1];
  if (given === undefined) return false;
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/** METRICS_PORT: the figures on a port of their own (for a network only the monitoring reaches), no token needed. */
export function serveMetrics(
  metrics: Pick<Metrics, "render" | "contentType">,
  port: number,
  host: string,
): Promise<Server> {
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
