CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"search" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"client_ip" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"watermark_at" timestamp with time zone DEFAULT now() NOT NULL,
	"watermark_id" uuid,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_alerts_email_idx" ON "job_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "job_alerts_ip_idx" ON "job_alerts" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("next_run_at");--> statement-breakpoint