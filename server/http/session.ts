import type { Context } from "hono";
import { getSessionUser, type SessionUser } from "../auth";
import { unauthenticated } from "../errors";
import type { AppBindings } from "./types";

/** The signed-in user (cookie session or `Authorization: Bearer`), or a 401. */
export async function requireUser(c: Context<AppBindings>): Promise<SessionUser> {
  const user = await getSessionUser(c.get("services").auth, c.req.raw.headers);
  if (!user) throw unauthenticated("Sign in to do that");
  return user;
}
