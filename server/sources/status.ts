import {
  OFFERED_STATES,
  SOURCE_NAMES,
  SOURCES,
  sourceState,
  type SourceId,
  type SourceStatus,
} from "#shared/sources.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { countJobsBySource, readStatuses } from "#server/sources/repository.ts";

type Configuration = { configured: boolean; missing: string[] };

/** Which sources this install configured only changes with its env; every page's menu asks, so it is worked out once. */
const configurations = new WeakMap<Env, Map<SourceId, Configuration>>();

function configurationOf(env: Env): Map<SourceId, Configuration> {
  let known = configurations.get(env);
  if (!known) {
    known = new Map(createConnectors(env).map(({ source, configured, missing }) => [source, { configured, missing }]));
    configurations.set(env, known);
  }
  return known;
}

/**
 * Per source: configured or not (and what is missing), last attempt, success and error, since when it is failing,
 * the listings we hold now (counted, so the hub and the source's page agree), and the state that follows.
 */
export async function sourceStatuses(db: Db, env: Env): Promise<SourceStatus[]> {
  const [rows, counts] = await Promise.all([readStatuses(db), countJobsBySource(db)]);
  const configuration = configurationOf(env);
  return SOURCES.map((source) => {
    const row = rows.get(source);
    const { configured, missing } = configuration.get(source)!;
    const status = {
      source,
      name: SOURCE_NAMES[source],
      configured,
      missing,
      lastAttemptAt: row?.lastAttemptAt?.toISOString() ?? null,
      lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
      failingSince: row?.failingSince?.toISOString() ?? null,
      count: counts.get(source) ?? 0,
    };
    const state = sourceState(status);
    return { ...status, state, offered: OFFERED_STATES.includes(state) };
  });
}

export async function sourceStatus(db: Db, env: Env, source: SourceId): Promise<SourceStatus> {
  return (await sourceStatuses(db, env)).find((status) => status.source === source)!;
}

/** Whether any source leads a seeker somewhere: without one, the menus leave out Job Sites. */
export async function anySourceOffered(db: Db, env: Env): Promise<boolean> {
  return (await sourceStatuses(db, env)).some((status) => status.offered);
}
