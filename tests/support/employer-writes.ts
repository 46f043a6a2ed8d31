import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { api, type Session } from "#tests/support/http.ts";
import type { TestServer } from "#tests/support/server.ts";

/**
 * An employer's job writes through the API and the table they land in: what the job API tests share. The server and
 * the employer are getters because a suite creates them in its beforeAll.
 */
export function employerJobWrites(server: () => TestServer, employer: () => Session) {
  const db = () => server().services.database.db;
  const post = (body: unknown) => api(server().url, "/api/post-job", { method: "POST", body, session: employer() });
  return {
    db,
    post,
    patch: (id: string, body: unknown) =>
      api(server().url, `/api/update-job/${id}`, { method: "PATCH", body, session: employer() }),
    row: async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0],
    rowCount: async () => (await db().select({ n: count() }).from(jobs))[0]?.n,
    /** Posts `body`, expects a 201, and returns the new listing's id. */
    async posted(body: unknown): Promise<string> {
      const { status, json } = await post(body);
      expect(status, JSON.stringify(json)).toBe(201);
      return json.insertedId as string;
    },
  };
}
