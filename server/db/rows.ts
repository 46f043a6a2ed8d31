import { Column, Param, SQL, StringChunk, Table } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "#server/db/client.ts";
import { OneTripClient } from "#server/db/one-trip.ts";

/** A row as the driver returns it: column names as the statement gives them, values as `pg` and PGlite decode them. */
export type RawRow = Record<string, unknown>;

/**
 * The rows of a hand-written statement, on either engine: both drivers answer `execute` with `{ rows }`. On PostgreSQL
 * the statement is rendered by renderStatement and sent to the pool (or the transaction's connection) directly, with
 * the value parsers drizzle's `execute` gives `pg`. drizzle's own path (a prepared-query object, its SQL walk and its
 * spans, built afresh for each call) was a tenth of the server's busy time in a profile of the search benchmark at 1M;
 * around it, the server spent 6% less CPU per search.
 */
export async function rowsOf(db: Pick<Db, "execute">, query: SQL): Promise<RawRow[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client || client instanceof OneTripClient)) {
    return ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows;
  }
  const { sql: text, params } = renderStatement(query);
  try {
    // The three answer a statement and its values alike; TypeScript cannot call a union of pg's overloads.
    const reader = client as Pick<OneTripClient, "query">;
    return (await reader.query<RawRow>({ text, types: DRIZZLE_VALUE_PARSERS }, params)).rows;
  } catch (error) {
    // As drizzle's execute reports it, so callers read the driver's error (its SQLSTATE) from `cause` either way.
    throw new DrizzleQueryError(text, params, error as Error);
  }
}

const { builtins, getTypeParser } = pg.types;

/**
 * The value parsers drizzle's `execute` passes `pg`: dates, times and intervals (and arrays of them) as PostgreSQL's
 * text, the rest as `pg` parses them. Every hand-written statement's callers read values in these shapes.
 */
const RAW_TEXT_TYPES = new Set<number>([
  builtins.TIMESTAMPTZ,
  builtins.TIMESTAMP,
  builtins.DATE,
  builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
const DRIZZLE_VALUE_PARSERS = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    RAW_TEXT_TYPES.has(oid) ? asText : getTypeParser(oid, format as "text"),
} as pg.CustomTypesConfig;

const dialect = new PgDialect();
const IS_ALIAS = Symbol.for("drizzle:IsAlias");
const TABLE_NAME = Symbol.for("drizzle:Name");
const TABLE_SCHEMA = Symbol.for("drizzle:Schema");

/** A chunk the short walk below does not render; the statement is then rendered by drizzle. */
const UNSUPPORTED = Symbol("unsupported chunk");

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

function tableName(table: Table): string {
  const fields = table as unknown as Record<symbol, string | undefined>;
  const schema = fields[TABLE_SCHEMA];
  const name = quoteName(fields[TABLE_NAME] as string);
  return schema === undefined ? name : `${quoteName(schema)}.${name}`;
}

/**
 * A statement's text and parameters, exactly as drizzle's PgDialect.sqlToQuery renders them, for the kinds of chunk the
 * hand-written statements hold: text, nested SQL, lists, plain tables and columns, and values. Any other kind (an
 * alias, a subquery, inlined parameters, a column named by its key) is left to drizzle. drizzle's walk tests each
 * chunk against a dozen kinds through its entity registry and copies its settings for each nested SQL: 0.1–0.3 ms of
 * the server's one thread for a search's ranking statement.
 */
export function renderStatement(query: SQL): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  try {
    return { sql: render(query, params), params };
  } catch (error) {
    if (error !== UNSUPPORTED) throw error;
    const { sql, params: drizzleParams } = dialect.sqlToQuery(query);
    return { sql, params: drizzleParams };
  }
}

function render(chunk: unknown, params: unknown[]): string {
  if (chunk instanceof StringChunk) return chunk.value.join("");
  if (chunk instanceof SQL) {
    if ((chunk as unknown as { shouldInlineParams?: boolean }).shouldInlineParams) throw UNSUPPORTED;
    let text = "";
    for (const part of chunk.queryChunks) text += render(part, params);
    return text;
  }
  if (chunk === undefined) return "";
  if (Array.isArray(chunk)) return `(${chunk.map((item) => render(item, params)).join(", ")})`;
  if (chunk instanceof Table) {
    if ((chunk as unknown as Record<symbol, boolean>)[IS_ALIAS]) throw UNSUPPORTED;
    return tableName(chunk);
  }
  if (chunk instanceof Column) {
    const table = chunk.table as unknown as Table;
    if (chunk.keyAsName || (table as unknown as Record<symbol, boolean>)[IS_ALIAS]) throw UNSUPPORTED;
    return `${tableName(table)}.${quoteName(chunk.name)}`;
  }
  if (chunk instanceof Param) {
    const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) return render(value, params);
    params.push(value);
    return `$${params.length}`;
  }
  if (chunk !== null && typeof chunk === "object" && !(chunk instanceof Date)) throw UNSUPPORTED;
  params.push(chunk);
  return `$${params.length}`;
}
