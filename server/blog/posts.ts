import { desc } from "drizzle-orm";
import type { BlogPost } from "~/lib/blog";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";

/** Every post, newest first (by its date, then by when it was written for posts sharing a date). */
export async function listBlogPosts(db: Db): Promise<BlogPost[]> {
  return db
    .select({ title: blogPosts.title, date: blogPosts.date, content: blogPosts.content })
    .from(blogPosts)
    .orderBy(desc(blogPosts.date), desc(blogPosts.createdAt));
}
