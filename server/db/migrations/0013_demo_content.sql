ALTER TABLE "blog_posts" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;