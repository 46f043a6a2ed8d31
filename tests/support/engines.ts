/** Every DB-backed suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
