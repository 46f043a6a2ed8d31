import { Hono, type Context } from "hono";
import { readJsonObject } from "#server/http/body.ts";
import { jsonError } from "#server/http/errors.ts";
import type { AppBindings } from "#server/http/types.ts";

const viewerOf = (c: Context<AppBindings>) => c.get("services").sessions.getUser({ headers: c.req.raw.headers });

/** The admins' JSON API (ADR 0011). The moderation door answers 404 to anyone who is not an admin. */
export const adminApi = new Hono<AppBindings>()
  .get("/admin/contact-messages", async (c) =>
    c.json(await c.get("services").moderation.listContactMessages({ viewer: await viewerOf(c) })),
  )
  .get("/admin/queue", async (c) => c.json(await c.get("services").moderation.listQueue({ viewer: await viewerOf(c) })))
  .get("/admin/jobs/:id", async (c) =>
    c.json(await c.get("services").moderation.getReview({ viewer: await viewerOf(c), id: c.req.param("id") })),
  )
  .post("/admin/users/:id/suspend", async (c) => {
    const viewer = await viewerOf(c);
    if (!(await c.get("services").moderation.isAdmin(viewer))) return jsonError(c, "NOT_FOUND", "Not found");
    const fields = await readJsonObject(c);
    return c.json(await c.get("services").moderation.suspendAccount({ viewer, userId: c.req.param("id"), fields }));
  })
  .post("/admin/users/:id/lift-suspension", async (c) => {
    const viewer = await viewerOf(c);
    return c.json(await c.get("services").moderation.liftSuspension({ viewer, userId: c.req.param("id") }));
  })
  .post("/admin/jobs/:id/:action", async (c) => {
    const viewer = await viewerOf(c);
    // Refuse before reading the body, so a stranger learns nothing from how the body is judged.
    if (!(await c.get("services").moderation.isAdmin(viewer))) return jsonError(c, "NOT_FOUND", "Not found");
    const fields = await readJsonObject(c);
    return c.json(
      await c
        .get("services")
        .moderation.decide({ viewer, id: c.req.param("id"), action: c.req.param("action"), fields }),
    );
  });
