-- ADR 47. The spec's rule, "the title contains the text", read the title's trigram index for every text search: for
-- two common words that no title holds together ("analyst devops", "lead engineer") 50-130 ms at 1M for nothing, as
-- each of their trigrams is in tens of thousands of titles. Titles repeat ("Software Engineer" thousands of times), so
-- a table of every title listings have had answers "does any title contain it" from far fewer rows; when none does,
-- the search leaves the rule out.
CREATE TABLE "job_titles" (
	"title_lower" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_titles_trgm_idx" ON "job_titles" USING gin ("title_lower" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "job_titles" SELECT DISTINCT "title_lower" FROM "jobs";--> statement-breakpoint
-- Kept by the database, as job_locations (migration 0011): no write path can forget a title, and the title arrives
-- in the same transaction as its listing. Added, never removed: a title no listing has any more only sends a search
-- to the rule, which then finds nothing. A statement trigger over the new rows, so a bulk insert adds each title once.
CREATE OR REPLACE FUNCTION job_titles_remember() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_titles (title_lower) SELECT DISTINCT title_lower FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_remember_inserted_titles AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_titles_remember();--> statement-breakpoint
CREATE TRIGGER jobs_remember_updated_titles AFTER UPDATE ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_titles_remember();
