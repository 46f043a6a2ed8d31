import { Hono } from "hono";
import { jsonError } from "#server/http/errors.ts";
import type { AppBindings } from "#server/http/types.ts";

/**
 * Up while the primary answers: a replica that is away or behind only sends its reads elsewhere (ADR 39), so it is
 * reported, as the last background check found it, but never makes the board unhealthy.
 */
export const healthApi = new Hono<AppBindings>().get("/health", async (c) => {
  const { database, replicas } = c.get("services");
  const ok = await database.ping();
  if (!ok) return jsonError(c, "SERVICE_UNAVAILABLE", "The database is not answering");
  return c.json(replicas ? { status: "ok", replicas: replicas.states() } : { status: "ok" });
});
