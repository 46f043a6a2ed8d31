-- Taken first, so no contact message can be written between the copy below and the drop: a server process of the
-- previous version waits here, and its message is copied.
LOCK TABLE "contact_messages" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "to_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to_address" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_client_ip_idx" ON "mail_outbox" USING btree ("client_ip","created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_mail_addressed" CHECK ("mail_outbox"."kind" <> 'mail' OR ("mail_outbox"."to_address" IS NOT NULL AND "mail_outbox"."subject" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_contact_replies_to_visitor" CHECK ("mail_outbox"."kind" <> 'contact' OR ("mail_outbox"."reply_to_name" IS NOT NULL AND "mail_outbox"."reply_to_address" IS NOT NULL));--> statement-breakpoint
-- Every contact message moves with its id (so a retried mail keeps its Message-ID) and its delivery state: pending
-- ones stay due when they were, with their attempts and last error; sent ones stay sent, for the admins' history.
INSERT INTO "mail_outbox" ("id", "kind", "dedupe_key", "to_address", "subject", "text_body", "reply_to_name", "reply_to_address", "phone_number", "client_ip", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at")
SELECT "id", 'contact', 'contact:' || "id", NULL, "subject", "message", "name", "email", "phone_number", "client_ip", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at"
FROM "contact_messages";--> statement-breakpoint
DROP TABLE "contact_messages";
