-- ADR 58. A listing's words (search_vector) stay in its row, compressed when they must be, instead of being stored apart
-- with its long texts. A ranking's walk reads the words of every listing it walks (ADR 38); a real description of a few
-- thousand characters makes them several kilobytes, which PostgreSQL moved out of the row first, as the largest value,
-- so each listing walked cost a second index lookup and several more pages. The descriptions still leave the row when
-- it is too large: a walk never reads them. Rows written before this keep their layout until they are next written;
-- listings are rewritten as they are edited or renewed, and the walks read the live ones.
ALTER TABLE "jobs" ALTER COLUMN "search_vector" SET STORAGE MAIN;
