import { SOURCE_NAMES, SOURCES, type SourceId, type SourceStatus } from "#shared/sources.ts";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { createConnectors } from "#server/sources/registry.ts";
import { readStatuses } from "#server/sources/repository.ts";

/** Per source: configured or not (and what is missing), last attempt, success and error, stored count. */
export async function sourceStatuses(db: Db, env: Env): Promise<SourceStatus[]> {
  const rows = await readStatuses(db);
  const connectors = new Map(createConnectors(env).map((connector) => [connector.source, connector]));
  return SOURCES.map((source) => {
    const row = rows.get(source);
    const connector = connectors.get(source)!;
    return {
      source,
      name: SOURCE_NAMES[source],
      configured: connector.configured,
      missing: connector.missing,
      lastAttemptAt: row?.lastAttemptAt?.toISOString() ?? null,
      lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
      count: row?.jobCount ?? 0,
    };
  });
}

export async function sourceStatus(db: Db, env: Env, source: SourceId): Promise<SourceStatus> {
  return (await sourceStatuses(db, env)).find((status) => status.source === source)!;
}
