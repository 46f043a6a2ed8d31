-- Issue 32 (the listing's life): what each listing earned, one row per listing and day, added to by every server
-- process's batched flush (an upsert that adds, so several processes' counts sum). A deleted listing's rows go with it.
CREATE TABLE "job_stats_daily" (
	"job_id" uuid NOT NULL REFERENCES "jobs"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"apply_clicks" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_stats_daily_pk" PRIMARY KEY ("job_id", "day")
);--> statement-breakpoint
-- The posting date the expiry reminder was mailed for: once per posting period, so a renewed listing is reminded again.
ALTER TABLE "jobs" ADD COLUMN "expiry_reminded_for" timestamp with time zone;--> statement-breakpoint
-- An expired listing's page lists the company's other live openings: by company name, newest first, without a walk
-- through every live listing.
CREATE INDEX "jobs_company_live_idx" ON "jobs" USING btree (lower("company_name"), "posting_date" DESC) WHERE "status" = 'published';
