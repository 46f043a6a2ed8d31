import { SOURCES, type SourceId } from "#shared/sources.ts";
import type { Env } from "#server/env.ts";
import { createAdzunaConnector } from "#server/sources/adzuna.ts";
import type { Connector, ConnectorDeps } from "#server/sources/connector.ts";
import { createHimalayasConnector } from "#server/sources/himalayas.ts";
import { RateLimiter, type RateWindow } from "#server/sources/upstream.ts";
import { createJobWizConnector } from "#server/sources/jobwiz.ts";
import { createJoobleConnector } from "#server/sources/jooble.ts";
import { createRemoteOkConnector } from "#server/sources/remoteok.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Each source's request budget (reference §6). Jooble's free key has 500 requests for its whole life and
 * JobWiz's free plan a few dozen a month, so their daily caps are small on purpose.
 */
const QUOTAS: Record<SourceId, RateWindow[]> = {
  remoteok: [{ limit: 30, windowMs: MINUTE }],
  adzuna: [
    { limit: 25, windowMs: MINUTE },
    { limit: 250, windowMs: DAY },
  ],
  himalayas: [{ limit: 60, windowMs: MINUTE }],
  jooble: [{ limit: 10, windowMs: DAY }],
  jobwiz: [{ limit: 10, windowMs: DAY }],
};

const FACTORIES: Record<SourceId, (env: Env, deps: ConnectorDeps) => Connector> = {
  remoteok: createRemoteOkConnector,
  adzuna: createAdzunaConnector,
  himalayas: createHimalayasConnector,
  jooble: createJoobleConnector,
  jobwiz: createJobWizConnector,
};

/** One connector per source, each with its own quota; build once per process so the quotas hold. */
export function createConnectors(env: Env): Connector[] {
  const policy = {
    timeoutMs: env.SOURCES_TIMEOUT_SECONDS * 1000,
    retries: 2,
    maxBytes: env.SOURCES_MAX_RESPONSE_BYTES,
    maxRetryAfterMs: env.SOURCES_MAX_RETRY_AFTER_SECONDS * 1000,
    baseDelayMs: 500,
  };
  return SOURCES.map((source) => {
    const connector = FACTORIES[source](env, { policy, limiter: new RateLimiter(QUOTAS[source]) });
    if (!env.SOURCES_DISABLED.includes(source)) return connector;
    return { ...connector, configured: false, missing: [`${source} is listed in SOURCES_DISABLED`] };
  });
}
