import { expect, test } from "vitest";
import { connectPostgres } from "#server/db/client.ts";
import { DatabaseUnreachableError, waitForPostgres } from "#server/db/wait-for-postgres.ts";

test("a DATABASE_URL naming a Unix socket directory where no PostgreSQL listens is refused, naming that directory", async () => {
  const url = "postgres:///jobs?host=/nonexistent/postgres-socket";
  const database = connectPostgres(url, { onIdleError: () => undefined });
  try {
    const waiting = waitForPostgres(database, url, { waitMs: 0 });
    await expect(waiting).rejects.toBeInstanceOf(DatabaseUnreachableError);
    await expect(waiting).rejects.toThrow("/nonexistent/postgres-socket:5432");
  } finally {
    await database.close();
  }
});
