-- When a listing became published (issue 13 after issue 12): alert digests mail what was published since the last
-- one, and a listing approved days after it was created must still be mailed once. A trigger stamps it on every path
-- that publishes (insert, approve, restore, verification, lifted suspension), so no caller can forget it.
ALTER TABLE "jobs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "jobs" SET "published_at" = "created_at" WHERE "status" = 'published';--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_stamp_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'published') THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_stamp_published_at BEFORE INSERT OR UPDATE OF status ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION jobs_stamp_published_at();--> statement-breakpoint
CREATE INDEX "jobs_published_at_idx" ON "jobs" USING btree ("published_at" DESC, "id" DESC) WHERE "status" = 'published';
