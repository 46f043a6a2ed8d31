import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { connectPostgres } from "#server/db/client.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp } from "#tests/support/http.ts";
import { spawnApp } from "#tests/support/spawn-app.ts";

const ENV = { SEED_DEMO: "false", BETTER_AUTH_SECRET: "badge-test-secret-badge-test-secret-0000" };

// The real `npm start`, twice, on one PostgreSQL database: what the process does at start, not a function on its own.
test.runIf(engines.includes("postgres"))(
  "a company whose badge the domain rule gives, but which was left without it (as the companies migration leaves every company), has it once the board starts again",
  async () => {
    const { url: databaseUrl, drop } = await createEmptyPostgresDatabase();
    const env = { ...ENV, DATABASE_URL: databaseUrl };
    const domain = `hooli-${randomUUID().slice(0, 6)}.com`;
    let app = await spawnApp(env);
    try {
      const employer = await signUp(app.url, { email: `jobs@${domain}` });
      const posted = await api(app.url, "/api/post-job", {
        method: "POST",
        session: employer,
        body: validJob({ companyName: "Hooli", companySite: `https://${domain}` }),
      });
      expect(posted.status).toBe(201);
      const { companySlug } = (await api(app.url, `/api/all-jobs/${posted.json.insertedId}`)).json;
      expect((await api(app.url, `/api/companies/${companySlug}`)).json.verified).toBe(false);
      expect(await app.stop()).toBe(0);

      // The address verified behind the board's back: nothing that decides badges ran.
      const database = connectPostgres(databaseUrl, { max: 1, onIdleError: () => undefined });
      await database.db.execute(sql`UPDATE "user" SET email_verified = true WHERE email = ${employer.email}`);
      await database.close();

      app = await spawnApp(env);
      const deadline = Date.now() + 20_000;
      let verified = false;
      while (!verified && Date.now() < deadline) {
        verified = (await api(app.url, `/api/companies/${companySlug}`)).json.verified;
        if (!verified) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(verified, app.output()).toBe(true);
      expect((await api(app.url, `/api/all-jobs/${posted.json.insertedId}`)).json.companyVerified).toBe(true);
      expect(app.output()).toContain("company badges decided");
    } finally {
      await app.stop();
      await drop();
    }
  },
  120_000,
);
