DROP INDEX "jobs_posting_date_idx";--> statement-breakpoint
CREATE INDEX "jobs_posting_date_idx" ON "jobs" USING btree ("posting_date" DESC NULLS LAST,"id" DESC NULLS LAST);