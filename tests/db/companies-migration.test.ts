import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createCompanies } from "#server/companies.ts";
import { connectPostgres, MIGRATIONS_FOLDER, openPglite, type Database, type Schema } from "#server/db/client.ts";
import { createEmptyPostgresDatabase } from "#tests/support/database.ts";
import { engines } from "#tests/support/engines.ts";
import { runTempDir } from "#tests/support/spawn-app.ts";

const MIGRATION = "0018_companies";

/** The migrations as they were before this one: a copy of the folder whose journal ends just before it. */
function migrationsBefore(tag: string): string {
  const folder = runTempDir("jobboard-migrations-");
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function emptyDatabase(
  engine: "pglite" | "postgres",
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const database = await openPglite(undefined);
    return { database, drop: () => database.close() };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  const database = connectPostgres(url, { max: 3, onIdleError: () => undefined });
  return {
    database,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** The listings as the previous version stored them: [title, company name as typed, owner, logo, days old]. */
const LISTINGS: [string, string, string | null, string, number][] = [
  ["Frontend Developer", "Acme Widgets", "employer-a", "https://acme.example/old.png", 5],
  ["Backend Developer", "  acme   WIDGETS ", "employer-a", "https://acme.example/new.png", 1],
  ["Designer", "Acme Widgets", "employer-b", "https://b.example/logo.png", 2],
  ["Data Analyst", "Globex", "employer-a", "https://globex.example/logo.png", 3],
  ["Imported Tester", "Initech", null, "https://initech.example/a.png", 4],
  ["Imported Writer", "INITECH", null, "https://initech.example/b.png", 2],
  ["Sales Lead", "Hooli", "employer-c", "https://hooli-widgets.com/logo.png", 1],
];

describe.each(engines)("the companies migration on %s", (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  const before: Row[] = [];

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase(engine));
    const folder = migrationsBefore(MIGRATION);
    if (engine === "pglite") {
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    } else {
      await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
    }
    fs.rmSync(folder, { recursive: true, force: true });
    for (const id of ["employer-a", "employer-b"]) {
      await database.db.execute(
        sql`INSERT INTO "user" (id, name, email) VALUES (${id}, ${id}, ${`${id}@example.com`})`,
      );
    }
    // An employer whose verified address is on their company's site: the domain rule's badge, once it is applied.
    await database.db.execute(
      sql`INSERT INTO "user" (id, name, email, email_verified) VALUES ('employer-c', 'C', 'jobs@hooli-widgets.com', true)`,
    );
    for (const [title, company, owner, logo, daysOld] of LISTINGS) {
      await database.db.execute(sql`
        INSERT INTO jobs (title, company_name, industry, company_logo, description, company_description, openings,
          posting_date, min_salary, max_salary, salary_type, location, english_level, gender, experience_level,
          employment_type, apply_link, owner_id)
        VALUES (${title}, ${company}, 'Software', ${logo}, 'Build things.', ${`About ${company}`}, 1,
          now() - make_interval(days => ${daysOld}), 1000, 2000, 'Monthly', 'Pune', 'Basic English', 'Any',
          'Fresher', 'Full-time', 'https://apply.example', ${owner})`);
    }
    await database.db.execute(
      sql`UPDATE jobs SET company_site = 'https://www.hooli-widgets.com/' WHERE company_name = 'Hooli'`,
    );
    before.push(
      ...rowsOf(await database.db.execute(sql`SELECT id, title, company_name, company_logo FROM jobs ORDER BY title`)),
    );
    await database.migrate();
  });

  afterAll(async () => {
    await drop();
  });

  const companyOf = async (title: string) =>
    rowsOf(
      await database.db.execute(sql`
        SELECT c.* FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.title = ${title}`),
    )[0];

  test("one employer's listings under one name, case and spacing aside, share one company", async () => {
    const first = await companyOf("Frontend Developer");
    const second = await companyOf("Backend Developer");
    expect(first?.id).toBe(second?.id);
    expect(first?.owner_id).toBe("employer-a");
    // The newest listing's details make the company.
    expect(first?.logo).toBe("https://acme.example/new.png");
  });

  test("the same name under another employer is another company, with another address", async () => {
    const a = await companyOf("Frontend Developer");
    const b = await companyOf("Designer");
    expect(b?.id).not.toBe(a?.id);
    expect(b?.owner_id).toBe("employer-b");
    expect(new Set([a?.slug, b?.slug]).size).toBe(2);
    expect([a?.slug, b?.slug]).toContain("acme-widgets");
  });

  test("listings without an owner are grouped by name alone, with no owner", async () => {
    const tester = await companyOf("Imported Tester");
    const writer = await companyOf("Imported Writer");
    expect(tester?.id).toBe(writer?.id);
    expect(tester?.owner_id).toBeNull();
    expect(tester?.slug).toBe("initech");
  });

  test("every listing is kept, in a company, with its own words as they were", async () => {
    const after = rowsOf(
      await database.db.execute(sql`
        SELECT id, title, company_name, company_logo, company_id, company_slug FROM jobs ORDER BY title`),
    );
    expect(
      after.map(({ id, title, company_name, company_logo }) => ({ id, title, company_name, company_logo })),
    ).toEqual(before);
    expect(after.every((row) => row.company_id && row.company_slug)).toBe(true);
    const companies = rowsOf(await database.db.execute(sql`SELECT count(*)::int AS n FROM companies`))[0];
    expect(companies?.n).toBe(5);
  });

  test("a company the migration made gets its badge from the domain rule at the next start, not at its owner's next post", async () => {
    expect((await companyOf("Sales Lead"))?.verified).toBe(false);
    const companies = createCompanies({
      db: database.db,
      requireAdmin: () => Promise.reject(new Error("no admin here")),
    });
    expect(await companies.decideEveryBadge()).toBe(1);
    expect((await companyOf("Sales Lead"))?.verified).toBe(true);
    const [listing] = rowsOf(
      await database.db.execute(sql`SELECT company_verified FROM jobs WHERE title = 'Sales Lead'`),
    );
    expect(listing?.company_verified).toBe(true);
    expect((await companyOf("Frontend Developer"))?.verified).toBe(false);
    // The next start finds nothing to change.
    expect(await companies.decideEveryBadge()).toBe(0);
  });

  test("a company left with a badge the rule no longer gives (its owner's account deleted) loses it at the next start", async () => {
    await database.db.execute(sql`UPDATE companies SET verified = true WHERE slug = 'initech'`);
    const companies = createCompanies({
      db: database.db,
      requireAdmin: () => Promise.reject(new Error("no admin here")),
    });
    expect(await companies.decideEveryBadge()).toBe(1);
    expect((await companyOf("Imported Tester"))?.verified).toBe(false);
  });

  test("a listing posted after the migration joins its owner's company of that name and shows its details", async () => {
    await database.db.execute(sql`
      INSERT INTO jobs (title, company_name, industry, company_logo, description, company_description, openings,
        posting_date, min_salary, max_salary, salary_type, location, english_level, gender, experience_level,
        employment_type, apply_link, owner_id, company_id)
      VALUES ('QA Engineer', 'ACME widgets', 'Other', 'https://elsewhere.example/x.png', 'Test things.', 'Other words', 1,
        now(), 1000, 2000, 'Monthly', 'Pune', 'Basic English', 'Any', 'Fresher', 'Full-time', 'https://apply.example',
        'employer-a', NULL)`);
    const company = await companyOf("QA Engineer");
    expect(company?.id).toBe((await companyOf("Backend Developer"))?.id);
    const [job] = rowsOf(
      await database.db.execute(sql`SELECT company_name, company_logo, industry FROM jobs WHERE title = 'QA Engineer'`),
    );
    expect(job).toEqual({ company_name: company?.name, company_logo: company?.logo, industry: company?.industry });
  });
});
