-- Issue 76: when a source's current outage began, so its pages say since when and the scheduler logs it once, not on
-- every pass. A source failing now is taken as failing since its last error: the earlier failures were not kept.
ALTER TABLE "source_status" ADD COLUMN IF NOT EXISTS "failing_since" timestamp with time zone;--> statement-breakpoint
UPDATE "source_status" SET "failing_since" = "last_error_at"
WHERE "failing_since" IS NULL AND "last_error_at" IS NOT NULL
  AND ("last_success_at" IS NULL OR "last_error_at" > "last_success_at");
