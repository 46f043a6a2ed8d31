import type { Context } from "hono";
import type { SessionUser } from "#shared/session.ts";
import { unauthenticated } from "#server/errors.ts";
import type { AppBindings } from "#server/http/types.ts";

/** The signed-in user (cookie session or `Authorization: Bearer`), or a 401. */
export async function requireUser(c: Context<AppBindings>): Promise<SessionUser> {
  const user = await c.get("services").sessions.getUser({ headers: c.req.raw.headers });
  if (!user) throw unauthenticated("Sign in to do that");
  return user;
}
