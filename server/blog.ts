import { desc } from "drizzle-orm";
import type { BlogPost } from "#shared/blog.ts";
import type { Db } from "#server/db/client.ts";
import { blogPosts } from "#server/db/schema.ts";

/** The blog: posts written by the operator (seeded with the demo), read by the Blog page and `GET /api/blog-posts`. */
export function createBlog(db: Db) {
  return {
    /** Every post, newest first (by its date, then by when it was written for posts sharing a date). */
    listPosts: (): Promise<BlogPost[]> =>
      db
        .select({ title: blogPosts.title, date: blogPosts.date, content: blogPosts.content })
        .from(blogPosts)
        .orderBy(desc(blogPosts.date), desc(blogPosts.createdAt)),
  };
}

export type Blog = ReturnType<typeof createBlog>;
