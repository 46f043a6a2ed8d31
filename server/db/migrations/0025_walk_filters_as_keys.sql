-- ADR 50. The four walk indexes and the list index carried the filtered columns as INCLUDE columns, which PostgreSQL
-- reads only after it has fetched the listing from the table: a plain index scan filtered by a second condition (a city
-- and an experience level, a gender and a maximum salary) fetched every listing of the first to keep a few, so those
-- walks went through the index alone and then looked each passing listing up by its key for its words (2,028 key
-- lookups for "writer" among Chennai's internships: 15-21 ms warm at 1M). As trailing key columns they are conditions
-- the index checks itself, so a plain scan fetches only the listings that pass, words and all, in list order
-- (the same walk: 3-5 ms). The title stays included: a LIKE cannot be an index condition.
-- Built under new names first, which lets searches read on (building an index blocks writes only); the old ones are
-- dropped and the new renamed at the end, which blocks the table for a moment.
CREATE INDEX "jobs_posting_date_idx_keys" ON "jobs" USING btree ("posting_date" DESC NULLS FIRST, "id" DESC NULLS FIRST,
  "status", "location_lower", "experience_level", "employment_type", "gender", "english_level", "salary_currency",
  "max_salary", "min_salary") INCLUDE ("title_lower");--> statement-breakpoint
CREATE INDEX "jobs_experience_date_idx_keys" ON "jobs" USING btree ("experience_level", "posting_date" DESC NULLS FIRST,
  "id" DESC NULLS FIRST, "status", "location_lower", "employment_type", "gender", "english_level", "salary_currency",
  "max_salary", "min_salary") INCLUDE ("title_lower");--> statement-breakpoint
CREATE INDEX "jobs_employment_date_idx_keys" ON "jobs" USING btree ("employment_type", "posting_date" DESC NULLS FIRST,
  "id" DESC NULLS FIRST, "status", "location_lower", "experience_level", "gender", "english_level", "salary_currency",
  "max_salary", "min_salary") INCLUDE ("title_lower") WHERE "employment_type" <> 'Full-time';--> statement-breakpoint
CREATE INDEX "jobs_gender_date_idx_keys" ON "jobs" USING btree ("gender", "posting_date" DESC NULLS FIRST,
  "id" DESC NULLS FIRST, "status", "location_lower", "experience_level", "employment_type", "english_level",
  "salary_currency", "max_salary", "min_salary") INCLUDE ("title_lower") WHERE "gender" <> 'Any';--> statement-breakpoint
CREATE INDEX "jobs_location_date_idx_keys" ON "jobs" USING btree ("location_lower", "posting_date" DESC NULLS FIRST,
  "id" DESC NULLS FIRST, "status", "experience_level", "employment_type", "gender", "english_level", "salary_currency",
  "max_salary", "min_salary") INCLUDE ("title_lower");--> statement-breakpoint
DROP INDEX "jobs_posting_date_idx";--> statement-breakpoint
ALTER INDEX "jobs_posting_date_idx_keys" RENAME TO "jobs_posting_date_idx";--> statement-breakpoint
DROP INDEX "jobs_experience_date_idx";--> statement-breakpoint
ALTER INDEX "jobs_experience_date_idx_keys" RENAME TO "jobs_experience_date_idx";--> statement-breakpoint
DROP INDEX "jobs_employment_date_idx";--> statement-breakpoint
ALTER INDEX "jobs_employment_date_idx_keys" RENAME TO "jobs_employment_date_idx";--> statement-breakpoint
DROP INDEX "jobs_gender_date_idx";--> statement-breakpoint
ALTER INDEX "jobs_gender_date_idx_keys" RENAME TO "jobs_gender_date_idx";--> statement-breakpoint
DROP INDEX "jobs_location_date_idx";--> statement-breakpoint
ALTER INDEX "jobs_location_date_idx_keys" RENAME TO "jobs_location_date_idx";
