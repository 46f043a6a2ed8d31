import { Hono } from "hono";
import { listBlogPosts } from "../blog/posts";
import type { AppBindings } from "../http/types";

export const blogApi = new Hono<AppBindings>().get("/blog-posts", async (c) =>
  c.json(await listBlogPosts(c.get("services").database.db)),
);
