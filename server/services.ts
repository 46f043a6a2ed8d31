import { createAuth, type Auth } from "./auth";
import type { Database } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";

/** Everything a request handler may need, built once per process (or per test server). */
export type AppServices = {
  env: Env;
  database: Database;
  auth: Auth;
  logger: Logger;
};

export function createServices({ env, database, logger, secret }: { env: Env; database: Database; logger: Logger; secret: string }): AppServices {
  return { env, database, logger, auth: createAuth({ db: database.db, env, secret }) };
}
