-- Each listing's salary has a currency (issue 14). The listings before it were all priced in rupees, so the column
-- defaults to INR: a constant default, so adding it rewrites no rows.
ALTER TABLE "jobs" ADD COLUMN "salary_currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
-- Salary bounds now compare within a currency, so the list index carries the currency with the other filtered
-- columns (migration 0006): a salary search stays an index-only walk and never reads the table to check it.
DROP INDEX IF EXISTS "jobs_posting_date_idx";--> statement-breakpoint
CREATE INDEX "jobs_posting_date_idx" ON "jobs" USING btree ("posting_date" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  INCLUDE ("title", "location", "experience_level", "employment_type", "gender", "english_level", "min_salary", "max_salary", "salary_currency", "status");
--> statement-breakpoint
-- Most listings are in INR, so a salary search in a currency few use walked the whole list index to find nothing
-- (600 ms at 1M for USD with no USD listing). The others get their own small index: the planner proves
-- `salary_currency = 'USD'` implies the predicate and seeks straight to them (0.04 ms).
CREATE INDEX "jobs_other_currency_idx" ON "jobs" USING btree ("salary_currency", "posting_date" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE "jobs"."salary_currency" <> 'INR';
