-- ADR 54. A listing's experience level and employment type leave its words: they were in the search vector at weight
-- C, so every listing held "time" and most held "year", and every Fresher listing held "fresher" (200,000 postings at
-- 1M). A text naming a level or a type among listings of another level read both posting lists to find nothing:
-- "fresher" among 3-5 Year listings, 150-190 ms at 1M, and "part time writer" walked "time", in every listing. A word
-- that names a level or a type now matches the column (server/jobs/relevance.ts), which the walk indexes hold as keys.
-- Adding the column back rewrites the table once (about two minutes at 1M listings), and its index takes about as long.
ALTER TABLE "jobs" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, job_search_text("title")), 'A')
  || setweight(to_tsvector('english'::regconfig, job_search_text("company_name" || ' ' || ("skills"::text))), 'B')
  || setweight(to_tsvector('english'::regconfig, job_search_text("location" || ' ' || "industry")), 'C')
  || setweight(to_tsvector('english'::regconfig, job_search_text("description")), 'D')
) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_search_vector_idx" ON "jobs" USING gin ("search_vector");
