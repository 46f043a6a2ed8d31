-- Issue 32: a person's view or Apply click is counted once a day per board, not once per server process. Each UTC
-- day has one random salt, made by whichever process asks first; a visit is kept only as a truncated SHA-256 of
-- (that salt, what, listing, client address, user agent). Both tables hold the current day only: the stats flush
-- deletes every older row, so once the day is over nothing here can be traced back to a person (ADR 43).
CREATE TABLE "stats_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" bytea NOT NULL
);--> statement-breakpoint
CREATE TABLE "stats_visits" (
	"day" date NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "stats_visits_pk" PRIMARY KEY ("day", "key")
);
