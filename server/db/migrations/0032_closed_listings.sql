-- Issue 31: an owner closes a listing (filled, or no longer hiring) instead of deleting it, and keeps its applications.
-- The status text gains `closed` (no check constraint holds it); the time it closed starts its applications' retention.
-- Nullable without a default: adding it rewrites nothing, at any size.
ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "closed_at" timestamp with time zone;
