-- Issue 31: how a listing takes applications, and the applications themselves. A listing with no apply method
-- behaves as before (Apply opens its link).
ALTER TABLE "jobs" ADD COLUMN "apply_method" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_apply_method_known" CHECK ("jobs"."apply_method" IS NULL OR "jobs"."apply_method" IN ('board', 'link', 'email'));--> statement-breakpoint
-- The CV is stored in the row (bytea) so the application and its file commit together and every server process sharing
-- the database can serve it. Erasing an application empties every personal column and keeps the row, so the listing's
-- count stays right; a deleted listing's applications lose their job_id, stay for the retention period, then go.
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid REFERENCES "jobs"("id") ON DELETE SET NULL,
	"listing_deleted_at" timestamp with time zone,
	"name" text,
	"email" text,
	"phone" text,
	"cover_note" text,
	"cv" bytea,
	"cv_file_name" text,
	"cv_content_type" text,
	"cv_bytes" integer,
	"stage" text DEFAULT 'new' NOT NULL,
	"note" text,
	"client_ip" text,
	"withdrawn_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_stage_known" CHECK ("stage" IN ('new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'))
);--> statement-breakpoint
-- One application per listing and address, whatever its case; an erased one no longer holds the address.
CREATE UNIQUE INDEX "applications_job_email_idx" ON "applications" USING btree ("job_id", lower("email"));--> statement-breakpoint
CREATE INDEX "applications_job_created_idx" ON "applications" USING btree ("job_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "applications_client_ip_idx" ON "applications" USING btree ("client_ip", "created_at");--> statement-breakpoint
CREATE INDEX "applications_listing_deleted_idx" ON "applications" USING btree ("listing_deleted_at") WHERE "listing_deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_stamp_applications_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "applications" SET "listing_deleted_at" = now() WHERE "job_id" = OLD.id;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_stamp_applications_deleted BEFORE DELETE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION jobs_stamp_applications_deleted();
