import { Hono } from "hono";
import type { AppBindings } from "#server/http/types.ts";

export const blogApi = new Hono<AppBindings>().get("/blog-posts", async (c) =>
  c.json(await c.get("services").blog.listPosts()),
);
