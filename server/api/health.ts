import { Hono } from "hono";
import type { AppBindings } from "../http/types";

export const healthApi = new Hono<AppBindings>().get("/health", async (c) => {
  const ok = await c.get("services").database.ping();
  return ok
    ? c.json({ status: "ok" })
    : c.json({ error: { code: "SERVICE_UNAVAILABLE", message: "The database is not answering" } }, 503);
});
