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
 * A reader whose every statement goes to PostgreSQL in one round trip with `SET LOCAL` settings before it: one simple
 * query of several statements, which PostgreSQL runs as one transaction of its own (rolled back on an error, the
 * connection left good), the statement's values inlined as literals (a simple query takes no parameters). BEGIN, the
 * settings and COMMIT around a statement took three round trips, each a wake-up of PostgreSQL and of the server's
 * thread under load. No such read sends a value with no text form (a Buffer); one that did would be refused.
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
    // Not pool.query: it closes a connection whose statement failed, and a statement ended by its time budget leaves
    // the connection good (PostgreSQL rolls the transaction back itself), where a new one costs its first plans.
    const client = await this.#pool.connect();
    let broken = false;
    try {
      const results = (await client.query<R>({ ...config, text: this.#settings + inlined })) as unknown as
        pg.QueryResult<R> | pg.QueryResult<R>[];
      const last = Array.isArray(results) ? results.at(-1) : results;
      return { rows: last?.rows ?? [] };
    } catch (error) {
      // An error PostgreSQL answered (it has a SQLSTATE) leaves the connection ready; any other may not have.
      broken = !(error instanceof pg.DatabaseError);
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
