-- ADR 47, addendum. A search text of several words that a few titles hold is matched as those titles,
-- `title_lower IN (…)`, through this index. The trigram index keeps no order between words: with one listing titled
-- "Lead Engineer" at 1M, "lead engineer" for freshers read the 40,000 listings titled "Lead … Engineer" from it and
-- tested each one (0.9 s) to find that one listing.
CREATE INDEX IF NOT EXISTS "jobs_title_lower_idx" ON "jobs" USING btree ("title_lower");
