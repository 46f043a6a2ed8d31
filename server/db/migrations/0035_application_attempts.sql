-- Issue 71: the per-client application limit counts attempts of its own, keyed by a keyed hash of the client's
-- address, so erasing an application (which empties its row) no longer frees a slot, and a second application from
-- an address already used counts too. No raw address is kept: the applications' copies are dropped.
CREATE TABLE IF NOT EXISTS "application_attempts" (
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_attempts_key_created_idx" ON "application_attempts" USING btree ("client_key","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_attempts_created_idx" ON "application_attempts" USING btree ("created_at");--> statement-breakpoint
UPDATE "applications" SET "client_ip" = NULL WHERE "client_ip" IS NOT NULL;--> statement-breakpoint
-- A mail to an address a visitor typed (an applicant's) goes as plain text, outside the board's HTML layout.
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "text_only" boolean DEFAULT false NOT NULL;
