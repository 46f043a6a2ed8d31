DROP INDEX "jobs_posting_date_idx";--> statement-breakpoint
DROP INDEX "jobs_experience_date_idx";--> statement-breakpoint
DROP INDEX "jobs_employment_date_idx";--> statement-breakpoint
DROP INDEX "jobs_owner_idx";--> statement-breakpoint
CREATE INDEX "jobs_posting_date_idx" ON "jobs" USING btree ("posting_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_experience_date_idx" ON "jobs" USING btree ("experience_level","posting_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_employment_date_idx" ON "jobs" USING btree ("employment_type","posting_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner_id","posting_date" DESC NULLS FIRST);