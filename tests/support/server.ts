import type { Env } from "#server/env.ts";
import type { AppServices } from "#server/services.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { serveApp } from "#tests/support/serve-app.ts";

export type TestServer = {
  url: string;
  services: AppServices;
  env: Env;
  close: () => Promise<void>;
};

export type TestServerOptions = {
  engine?: "pglite" | "postgres";
  /** Serve pages from the production build too (browser tests); API-only otherwise. */
  pages?: boolean;
  env?: Record<string, string>;
};

/** The real app (Hono + React Router build + a real database) on a random loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { database, drop } = await createTestDatabase(options.engine ?? "pglite");
  const app = await serveApp(database, {
    pages: options.pages,
    env: {
      AUTH_RATE_LIMIT_MAX: "1000",
      CONTACT_RATE_LIMIT_MAX: "1000",
      // Most tests post listings (many from one account) and expect them in search at once; the moderation and
      // limit tests turn review and the daily limit on themselves.
      MODERATION: "off",
      POSTS_PER_DAY: "100000",
      REQUIRE_EMAIL_VERIFICATION: "false",
      // Tests solve every challenge (tests/support/pow.ts), at a low difficulty so they stay quick.
      POW_MAX_NUMBER: "1000",
      ...options.env,
    },
  });
  return {
    ...app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
