-- drizzle-kit does not emit extensions; the trigram indexes in 0001 need pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
