-- Issue 32, ADR 42: a listing belongs to a company, and a company's details (name, industry, description, logo, site,
-- links) are written once, on the company. Each listing keeps a copy of them in its own columns, so the job's JSON, the
-- search vector and the search's one-table reads stay as they were; the database keeps the copies (triggers below).
-- A company's name as two spellings of the same one compare: case and spacing aside.
CREATE OR REPLACE FUNCTION company_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(btrim(name), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- The start of a company's address: its name's letters and digits joined by hyphens ("Acme Widgets" acme-widgets).
CREATE OR REPLACE FUNCTION company_slug_base(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(btrim(left(btrim(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), '-'), 60), '-'), ''), 'company')
$$;--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"industry" text NOT NULL,
	"description" text NOT NULL,
	"logo" text,
	"site" text,
	"linkedin" text,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"owner_id" text REFERENCES "user"("id") ON DELETE SET NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_by_admin" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- One company per employer and name. Listings without an owner (imported ones) are grouped by name alone; an owner's
-- account deleted leaves its companies ownerless, so names may repeat there and the index does not cover them.
CREATE UNIQUE INDEX "companies_slug_idx" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_owner_name_idx" ON "companies" USING btree ("owner_id", "name_key") WHERE "owner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_ownerless_name_idx" ON "companies" USING btree ("name_key") WHERE "owner_id" IS NULL;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name_key", "id");--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "company_slug" text DEFAULT '';--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "company_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing listings, grouped in one pass: one company per (owner, name key), its details from the group's newest
-- listing. The first company of a slug keeps it bare (owned ones first); the others get a piece of their id after it.
INSERT INTO "companies" ("id", "slug", "name", "name_key", "industry", "description", "logo", "site", "linkedin",
  "facebook", "instagram", "twitter", "owner_id", "created_at")
SELECT "id",
  CASE WHEN row_number() OVER (PARTITION BY "base" ORDER BY "owner_id" IS NULL, "created_at", "id") = 1 THEN "base"
    ELSE "base" || '-' || left(replace("id"::text, '-', ''), 8) END,
  "company_name", "name_key", "industry", "company_description", "company_logo", "company_site", "company_linkedin",
  "company_facebook", "company_instagram", "company_twitter", "owner_id", "created_at"
FROM (
  SELECT DISTINCT ON (coalesce("owner_id", ''), company_name_key("company_name"))
    gen_random_uuid() AS "id", company_slug_base("company_name") AS "base", company_name_key("company_name") AS "name_key",
    "company_name", "industry", "company_description", "company_logo", "company_site", "company_linkedin",
    "company_facebook", "company_instagram", "company_twitter", "owner_id", "created_at"
  FROM "jobs"
  ORDER BY coalesce("owner_id", ''), company_name_key("company_name"), "posting_date" DESC, "id" DESC
) AS "newest";--> statement-breakpoint
-- Every listing joins its group's company. Its own words stay as they were (nothing is lost): the company's details
-- replace them on the first edit of the company. The statement triggers that remember locations and search words are
-- off for this one update: it changes neither.
ALTER TABLE "jobs" DISABLE TRIGGER "jobs_remember_updated_locations";--> statement-breakpoint
ALTER TABLE "jobs" DISABLE TRIGGER "jobs_remember_updated_terms";--> statement-breakpoint
UPDATE "jobs" SET "company_id" = "companies"."id", "company_slug" = "companies"."slug"
FROM "companies"
WHERE coalesce("companies"."owner_id", '') = coalesce("jobs"."owner_id", '')
  AND "companies"."name_key" = company_name_key("jobs"."company_name");--> statement-breakpoint
ALTER TABLE "jobs" ENABLE TRIGGER "jobs_remember_updated_locations";--> statement-breakpoint
ALTER TABLE "jobs" ENABLE TRIGGER "jobs_remember_updated_terms";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "company_slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id");--> statement-breakpoint
-- A company's page lists its live listings in the home page's order; a merge finds a company's listings by it too.
CREATE INDEX "jobs_company_date_idx" ON "jobs" USING btree ("company_id", "posting_date" DESC NULLS FIRST, "id" DESC NULLS FIRST);--> statement-breakpoint
-- A listing written without a company (an insert that picked none, a rename) joins its owner's company of that name,
-- made from the listing's own details when there is none. A listing with an owner then takes its company's details,
-- whatever it was sent; one without (imported, seeded) keeps its own words, grouped by its company's name. Every way in
-- (the API, the seed, the demo, imports) gets the same rule.
CREATE OR REPLACE FUNCTION jobs_join_company() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c companies%ROWTYPE;
  key text := company_name_key(NEW.company_name);
  base text;
BEGIN
  IF NEW.company_id IS NULL THEN
    IF NEW.owner_id IS NULL THEN
      SELECT * INTO c FROM companies WHERE owner_id IS NULL AND name_key = key ORDER BY created_at, id LIMIT 1;
    ELSE
      SELECT * INTO c FROM companies WHERE owner_id = NEW.owner_id AND name_key = key;
    END IF;
    IF NOT FOUND THEN
      base := company_slug_base(NEW.company_name);
      IF EXISTS (SELECT 1 FROM companies WHERE slug = base) THEN
        base := base || '-' || left(replace(gen_random_uuid()::text, '-', ''), 8);
      END IF;
      INSERT INTO companies (slug, name, name_key, industry, description, logo, site, linkedin, facebook, instagram,
        twitter, owner_id)
      VALUES (base, btrim(NEW.company_name), key, NEW.industry, NEW.company_description, NEW.company_logo,
        NEW.company_site, NEW.company_linkedin, NEW.company_facebook, NEW.company_instagram, NEW.company_twitter,
        NEW.owner_id)
      ON CONFLICT DO NOTHING RETURNING * INTO c;
      -- Another listing of the same employer and name made it a moment ago.
      IF NOT FOUND THEN
        SELECT * INTO STRICT c FROM companies WHERE owner_id = NEW.owner_id AND name_key = key;
      END IF;
    END IF;
  ELSE
    SELECT * INTO STRICT c FROM companies WHERE id = NEW.company_id;
  END IF;
  NEW.company_id := c.id;
  NEW.company_slug := c.slug;
  NEW.company_verified := c.verified;
  IF NEW.owner_id IS NOT NULL THEN
    NEW.company_name := c.name;
    NEW.industry := c.industry;
    NEW.company_description := c.description;
    NEW.company_logo := c.logo;
    NEW.company_site := c.site;
    NEW.company_linkedin := c.linkedin;
    NEW.company_facebook := c.facebook;
    NEW.company_instagram := c.instagram;
    NEW.company_twitter := c.twitter;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_join_company" BEFORE INSERT ON "jobs" FOR EACH ROW EXECUTE FUNCTION jobs_join_company();--> statement-breakpoint
-- An update that names the company (an owner's edit, a pick on the form, a merge; null when a rename leaves the old one)
-- takes its details again, so what the edit sent for the company's fields never outlives the statement.
CREATE TRIGGER "jobs_rejoin_company" BEFORE UPDATE OF "company_id" ON "jobs" FOR EACH ROW
  EXECUTE FUNCTION jobs_join_company();--> statement-breakpoint
-- A company edited, verified or renamed: every listing of it shows the change, in the same transaction (its badge and
-- address on every one; its details on those with an owner, as above).
CREATE OR REPLACE FUNCTION companies_copy_to_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET company_slug = NEW.slug, company_verified = NEW.verified, company_name = NEW.name,
    industry = NEW.industry, company_description = NEW.description, company_logo = NEW.logo, company_site = NEW.site,
    company_linkedin = NEW.linkedin, company_facebook = NEW.facebook, company_instagram = NEW.instagram,
    company_twitter = NEW.twitter, updated_at = now()
  WHERE company_id = NEW.id AND owner_id IS NOT NULL;
  UPDATE jobs SET company_slug = NEW.slug, company_verified = NEW.verified, updated_at = now()
  WHERE company_id = NEW.id AND owner_id IS NULL
    AND (company_slug, company_verified) IS DISTINCT FROM (NEW.slug, NEW.verified);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_copy_to_listings" AFTER UPDATE ON "companies" FOR EACH ROW
  WHEN ((OLD.slug, OLD.verified, OLD.name, OLD.industry, OLD.description, OLD.logo, OLD.site, OLD.linkedin, OLD.facebook,
    OLD.instagram, OLD.twitter) IS DISTINCT FROM (NEW.slug, NEW.verified, NEW.name, NEW.industry, NEW.description,
    NEW.logo, NEW.site, NEW.linkedin, NEW.facebook, NEW.instagram, NEW.twitter))
  EXECUTE FUNCTION companies_copy_to_listings();
