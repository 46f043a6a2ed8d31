-- Issue 32: an expired listing's page lists its company's other live openings by the company's id, through
-- jobs_company_date_idx (migration 0018) as the company page does, so the index on the company name has no reader left.
DROP INDEX IF EXISTS "jobs_company_live_idx";
