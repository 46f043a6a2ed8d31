import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";

/** Rows read from the source and written to the target at a time: one JSON parameter each way, memory for one batch. */
const BATCH = 2_000;

/**
 * The board's tables in an order that inserts every row after the rows it refers to: parents before children, by the
 * foreign keys the source declares.
 */
async function tablesInInsertOrder(db: Db): Promise<string[]> {
  const tables = (
    await rowsOf(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((row) => String(row.name));
  const references = await rowsOf(
    db,
    sql`SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint
      WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  );
  const unquote = (name: unknown) => String(name).replace(/^"|"$/g, "");
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const ref of references)
      if (unquote(ref.child) === table && unquote(ref.parent) !== table) visit(unquote(ref.parent), [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered.filter((table) => tables.includes(table));
}

/** The columns a row is written with: every one but those PostgreSQL computes itself (the lower-cased copies). */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  return rows.map((row) => String(row.name));
}

/** The table's identity columns, whose sequences must move past the copied numbers (the outbox's queue order). */
async function identityColumns(db: Db, table: string): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ${table} AND is_identity = 'YES'`,
  );
  return rows.map((row) => String(row.name));
}

/**
 * Copies every row of the board's tables from one migrated database into another, migrated and empty, of the same
 * schema: the move from the embedded database to PostgreSQL (ADR 36). The target's own triggers are off while its
 * rows arrive, so what they stamp (a listing's publication time) keeps the source's value and what they derive (the
 * table of locations) is copied, not made twice. Calls `onTable` with each table's count.
 */
export async function copyDatabase(from: Db, to: Db, onTable: (table: string, rows: number) => void = () => undefined) {
  for (const table of await tablesInInsertOrder(from)) {
    const columns = (await writableColumns(from, table)).map((column) => sql.identifier(column));
    const list = sql.join(columns, sql`, `);
    let copied = 0;
    await to.transaction(async (target) => {
      await target.execute(sql`ALTER TABLE ${sql.identifier(table)} DISABLE TRIGGER USER`);
      await from.transaction(async (source) => {
        await source.execute(
          sql`DECLARE board_copy NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM (SELECT ${list} FROM ${sql.identifier(table)}) t`,
        );
        for (;;) {
          const rows = await rowsOf(source, sql.raw(`FETCH ${BATCH} FROM board_copy`));
          if (rows.length === 0) break;
          const payload = `[${rows.map((row) => String(row.row)).join(",")}]`;
          await target.execute(
            sql`INSERT INTO ${sql.identifier(table)} (${list}) OVERRIDING SYSTEM VALUE
              SELECT ${list} FROM json_populate_recordset(null::${sql.identifier(table)}, ${payload}::json)`,
          );
          copied += rows.length;
        }
        await source.execute(sql`CLOSE board_copy`);
      });
      await target.execute(sql`ALTER TABLE ${sql.identifier(table)} ENABLE TRIGGER USER`);
      for (const column of await identityColumns(target, table))
        await target.execute(
          sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.identifier(column)}), 0) + 1, false)
            FROM ${sql.identifier(table)}`,
        );
    });
    onTable(table, copied);
  }
  await to.execute(sql`ANALYZE`);
}
