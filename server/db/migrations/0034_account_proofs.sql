-- Issue 71. An admin's second factor enrolled with the password alone waits for the link mailed to the address before
-- it opens admin powers: the time it was enrolled so, cleared when the link is followed or the factor is turned off.
-- And the last TOTP time step accepted for an account, so one code is not accepted twice within its window.
-- Nullable without a default: adding them rewrites nothing, at any size.
ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "second_factor_unconfirmed_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN IF NOT EXISTS "last_totp_step" bigint;
