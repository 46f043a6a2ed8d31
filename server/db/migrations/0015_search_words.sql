-- ADR 38. A search matches each word of the query anywhere in a listing (title, company, skills, location, then the
-- description), as a word, a word's form or a prefix, ranked by where it matched. One weighted text-search vector per
-- listing holds those words, stemmed by the English dictionary; the weights are the ranking's fields (A title, B company
-- and skills, C location, industry, employment type and experience level, D description). Adding the column rewrites the table once (about two minutes at
-- 1M listings), and its index takes about as long.
-- The text a listing's words are read from: lower-cased, with the names the English parser would cut to a bare "c"
-- or fold into one token ("c++" cpp, "c#" csharp, ".net" dotnet; slashes and dots are spaces, so "UI/UX" is ui ux
-- and "Node.js" node js, found by "node" like every other word, not as a file name). The query side
-- rewrites typed words the same way (server/jobs/relevance.ts).
-- Plain replace(), not regexp_replace(): the vector is computed for every listing written, and a seeded listing's
-- vector was most of its insert's cost.
CREATE OR REPLACE FUNCTION job_search_text(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(replace(replace(replace(lower($1), 'c++', 'cpp'), 'c#', 'csharp'), '.net', ' dotnet'), '/.', '  ')
$$;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, job_search_text("title")), 'A')
  || setweight(to_tsvector('english'::regconfig, job_search_text("company_name" || ' ' || ("skills"::text))), 'B')
  || setweight(to_tsvector('english'::regconfig,
    job_search_text("location" || ' ' || "industry" || ' ' || "employment_type" || ' ' || "experience_level")), 'C')
  || setweight(to_tsvector('english'::regconfig, job_search_text("description")), 'D')
) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_search_vector_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
-- Every word listings' titles, companies, skills, locations and industries have had, lower-cased: what a misspelt
-- word is corrected to, and how a word is told from a typo (a known word, or the start of one, is never corrected).
-- In the C collation, so "starts with" is a range of the primary key; the trigram index finds the nearest words.
CREATE TABLE "search_terms" (
	"term" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_terms_of(title text, company text, skills jsonb, place text, industry text)
  RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(
    lower(title || ' ' || company || ' ' || skills::text || ' ' || place || ' ' || industry), '[^[:alnum:]+#]+'
  ) AS word WHERE length(word) BETWEEN 2 AND 40
$$;--> statement-breakpoint
INSERT INTO "search_terms"
  SELECT DISTINCT term FROM "jobs", search_terms_of("title", "company_name", "skills", "location", "industry") AS term
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Kept by the database like job_locations (migration 0011): added, never removed; a statement trigger, so a bulk
-- insert adds each word once.
CREATE OR REPLACE FUNCTION search_terms_remember() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT term FROM new_rows, search_terms_of(title, company_name, skills, location, industry) AS term
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_remember_inserted_terms AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_remember();--> statement-breakpoint
CREATE TRIGGER jobs_remember_updated_terms AFTER UPDATE ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_remember();
