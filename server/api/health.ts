import { Hono } from "hono";
import { jsonError } from "#server/http/errors.ts";
import type { AppBindings } from "#server/http/types.ts";

export const healthApi = new Hono<AppBindings>().get("/health", async (c) => {
  const ok = await c.get("services").database.ping();
  return ok ? c.json({ status: "ok" }) : jsonError(c, "SERVICE_UNAVAILABLE", "The database is not answering");
});
