import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPglite } from "#server/db/client.ts";
import { user } from "#server/db/schema.ts";
import { api, signUp } from "#tests/support/http.ts";
import { runScript, runTempDir, spawnApp, type SpawnedApp } from "#tests/support/spawn-app.ts";

// `npm run admin -- grant|revoke EMAIL` against the embedded database a real install uses.
describe("npm run admin", () => {
  const dataDir = runTempDir("jobboard-admin-");
  const env = { DATA_DIR: dataDir };

  const isAdmin = async (email: string) => {
    const database = await openPglite(path.join(dataDir, "pglite"));
    try {
      return (await database.db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.email, email)))[0]?.isAdmin;
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    const database = await openPglite(path.join(dataDir, "pglite"));
    try {
      await database.migrate();
      await database.db.insert(user).values({ id: "u-admin-script", name: "Dana", email: "dana@example.com" });
    } finally {
      await database.close();
    }
  });
  test("grant makes an existing account an admin, whatever the address's case, and revoke undoes it", async () => {
    const granted = await runScript("admin", ["grant", "Dana@Example.com"], env);
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output).toContain("Dana@Example.com is now an admin");
    expect(await isAdmin("dana@example.com")).toBe(true);
    const revoked = await runScript("admin", ["revoke", "dana@example.com"], env);
    expect(revoked.code, revoked.output).toBe(0);
    expect(await isAdmin("dana@example.com")).toBe(false);
  });

  test("granting an account without a second factor says /admin stays closed until they turn it on and follow the mailed link", async () => {
    const { code, output } = await runScript("admin", ["grant", "dana@example.com"], env);
    expect(code, output).toBe(0);
    expect(output).toContain(
      "dana@example.com is now an admin, but /admin stays closed to them until they turn on two-step sign-in and then follow the link the board mails to dana@example.com: a password alone does not open it.",
    );
    await runScript("admin", ["revoke", "dana@example.com"], env);
  });

  test("granting an account that has two-step sign-in on already says /admin opens now", async () => {
    const database = await openPglite(path.join(dataDir, "pglite"));
    try {
      await database.db
        .insert(user)
        .values({ id: "u-admin-2fa", name: "Ravi", email: "ravi@example.com", twoFactorEnabled: true });
    } finally {
      await database.close();
    }
    const { code, output } = await runScript("admin", ["grant", "ravi@example.com"], env);
    expect(code, output).toBe(0);
    expect(output).toContain(
      "ravi@example.com is now an admin. They have two-step sign-in on already: /admin opens for them now.",
    );
  });

  test("an address with no account is refused with a hint, and nothing changes", async () => {
    const { code, output } = await runScript("admin", ["grant", "nobody@example.com"], env);
    expect(code).toBe(1);
    expect(output).toContain("No account with the address nobody@example.com: sign up with it first.");
  });

  test("a wrong command prints the usage", async () => {
    const { code, output } = await runScript("admin", ["promote", "dana@example.com"], env);
    expect(code).toBe(2);
    expect(output).toContain("Usage: npm run admin -- grant EMAIL | revoke EMAIL");
  });
});

describe("npm run admin while the board runs on the embedded database", () => {
  let board: SpawnedApp;
  beforeAll(async () => {
    board = await spawnApp();
  }, 240_000);
  afterAll(() => board?.stop());

  test("grant and revoke go through the running board, which holds the database, and take effect at once", async () => {
    const member = await signUp(board.url, { name: "Live Grant" });
    const granted = await runScript("admin", ["grant", member.email], { DATA_DIR: board.dataDir });
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output).toContain(`${member.email} is now an admin, but /admin stays closed to them`);
    expect(granted.output).not.toContain("in use by another job board process");
    // The admin API now knows them: it asks for their second factor instead of hiding itself.
    const queue = await api(board.url, "/api/admin/queue", { session: member });
    expect(queue.status).toBe(403);
    expect(queue.json.error.code).toBe("SECOND_FACTOR_REQUIRED");
    const revoked = await runScript("admin", ["revoke", member.email], { DATA_DIR: board.dataDir });
    expect(revoked.code, revoked.output).toBe(0);
    expect((await api(board.url, "/api/admin/queue", { session: member })).status).toBe(404);
  });

  test("an address with no account is refused by the running board too, with the same hint", async () => {
    const { code, output } = await runScript("admin", ["grant", "nobody@example.com"], { DATA_DIR: board.dataDir });
    expect(code).toBe(1);
    expect(output).toContain("No account with the address nobody@example.com: sign up with it first.");
  });
});
