-- Mails leave in the order they were queued. created_at cannot say that order: now() is the transaction's start, so
-- mails queued together (one insert, or one transaction) share it, and two requests can land in the same microsecond;
-- the tie was broken by the random id. A number the database hands out at insert is the queue's own order. Rows already
-- waiting are numbered by their created_at first, so an upgrade keeps their order too.
ALTER TABLE "mail_outbox" ADD COLUMN "queue_order" bigint;--> statement-breakpoint
UPDATE "mail_outbox" SET "queue_order" = numbered.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "mail_outbox") AS numbered
  WHERE "mail_outbox"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "queue_order" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "queue_order" ADD GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('mail_outbox', 'queue_order'), coalesce(max("queue_order"), 0) + 1, false) FROM "mail_outbox";
