-- ADR 40. A CV is a PDF or a Word file, compressed already; PostgreSQL still tried to compress each one before storing
-- it out of line (pglz over up to 5 MB, on the cores the searches share). Stored as it comes: in PGlite a 1 MB
-- application's insert took 23 ms instead of 39 ms. Rows written before keep their storage until rewritten.
ALTER TABLE "applications" ALTER COLUMN "cv" SET STORAGE EXTERNAL;
