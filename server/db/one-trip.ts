import { createRequire } from "node:module";
import pg from "pg";

/** pg's own conversion of a value to the text it sends as a parameter (`@types/pg` does not declare it). */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

/**
 * `text` with each `$n` outside quotes, quoted identifiers, dollar-quoted strings and comments replaced by `params[n - 1]`
 * as a literal, in the text pg would have sent as that parameter. A literal is typed from its context as an untyped
 * parameter is, so the statement means the same. Undefined when a value has no text form (a Buffer).
 */
export function inlineParams(text: string, params: readonly unknown[]): string | undefined {
  const literals: string[] = [];
  for (const param of params) {
    const value = prepareValue(param);
    if (value === null) literals.push("NULL");
    else if (typeof value === "string") literals.push(pg.escapeLiteral(value));
    else return undefined;
  }
  return text.replace(SKIPPED_OR_PLACEHOLDER, (match, _tag, n: string | undefined) => {
    if (n === undefined) return match;
    const literal = literals[Number(n) - 1];
    if (literal === undefined) throw new Error(`No value for ${match}`);
    return literal;
  });
}

/** What a placeholder cannot be inside (a string, a quoted name, a comment, a dollar-quoted string), or a placeholder. */
const SKIPPED_OR_PLACEHOLDER =
  /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|(\$[A-Za-z_]\w*\$|\$\$)[\s\S]*?\1|\$(\d+)/g;

/**
 * A reader whose every statement goes to PostgreSQL in one round trip, in a transaction with `SET LOCAL` settings: one
 * simple query of `BEGIN; SET LOCAL …; <statement>; COMMIT`, the statement's values inlined as literals (a simple query
 * takes no parameters). BEGIN and the settings, the statement, and COMMIT took three round trips, each a wake-up of
 * PostgreSQL and of the server's thread under load. Not without BEGIN and COMMIT, as the implicit transaction of a
 * simple query would be: there PostgreSQL 15 let a statement_timeout that had just run out cancel the connection's next
 * statement (12 of 300 tries, none in an explicit transaction). No such read sends a value with no text form (a
 * Buffer); one that did would be refused.
 */
export class OneTripClient {
  readonly #pool: pg.Pool;
  readonly #settings: string;

  constructor(pool: pg.Pool, settings: Record<string, string | number>) {
    this.#pool = pool;
    this.#settings = Object.entries(settings)
      .map(([name, value]) => {
        if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a setting's name: ${name}`);
        return `SET LOCAL ${name} = ${pg.escapeLiteral(String(value))}; `;
      })
      .join("");
  }

  async query<R extends pg.QueryResultRow>(
    config: { text: string; types?: pg.CustomTypesConfig },
    params: unknown[],
  ): Promise<{ rows: R[] }> {
    const inlined = inlineParams(config.text, params);
    if (inlined === undefined) throw new Error("A read with settings cannot send a value with no text form (a Buffer)");
    // Not pool.query: it closes a connection whose statement failed, while one ended by its time budget is good once
    // its transaction is rolled back, and a new connection costs its first plans again.
    return onPoolConnection(this.#pool, async (client) => {
      const results = (await client.query<R>({
        ...config,
        text: `BEGIN; ${this.#settings}${inlined}; COMMIT`,
      })) as unknown as pg.QueryResult<R>[];
      return { rows: results.at(-2)?.rows ?? [] };
    });
  }
}

/**
 * Runs `work` on one of the pool's connections, which holds a transaction `work` begins. If `work` fails, the
 * transaction is rolled back (the statements after a failed one in a message were skipped, COMMIT among them) and the
 * connection goes back to the pool: a statement ended by its budget leaves it good. One that cannot even roll back is
 * dropped.
 */
export async function onPoolConnection<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    return await work(client);
  } catch (error) {
    broken = await client.query("ROLLBACK").then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    client.release(broken);
  }
}
