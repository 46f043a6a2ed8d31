import { and, asc, count, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { ADMIN_COMPANIES_PAGE_SIZE, type AdminCompany, type Company, type CompanyEdit } from "#shared/companies.ts";
import type { Db } from "#server/db/client.ts";
import { companies, jobs, user } from "#server/db/schema.ts";
import { hasSqlState } from "#server/db/sql-state.ts";

/** Reads and writes of the `companies` table. Its listings' copies of its details follow by trigger (migration 0018). */

export type CompanyRow = typeof companies.$inferSelect;

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    industry: row.industry,
    description: row.description,
    logo: row.logo,
    site: row.site,
    linkedin: row.linkedin,
    facebook: row.facebook,
    instagram: row.instagram,
    twitter: row.twitter,
    verified: row.verified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findCompanyBySlug(db: Db, slug: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.slug, slug)).limit(1);
  return row;
}

export async function listCompaniesOwnedBy(db: Db, ownerId: string): Promise<CompanyRow[]> {
  return db.select().from(companies).where(eq(companies.ownerId, ownerId)).orderBy(asc(companies.nameKey));
}

/** The name as two spellings of one name compare (the database's company_name_key, migration 0018). */
const nameKeyOf = (name: string) => sql<string>`company_name_key(${name})`;

/** Writes the owner's edit; false when another company of the same owner already has that name. */
export async function updateCompanyRow(db: Db, id: string, edit: CompanyEdit): Promise<boolean> {
  const [updated] = await db
    .update(companies)
    .set({
      name: edit.name,
      nameKey: nameKeyOf(edit.name),
      industry: edit.industry,
      description: edit.description,
      logo: edit.logo ?? null,
      site: edit.site ?? null,
      linkedin: edit.linkedin ?? null,
      facebook: edit.facebook ?? null,
      instagram: edit.instagram ?? null,
      twitter: edit.twitter ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, id))
    .returning({ id: companies.id })
    .catch((error: unknown) => {
      if (hasSqlState(error, "23505")) return [];
      throw error;
    });
  return Boolean(updated);
}

/**
 * Whether another employer's company of the same name (case and spacing aside) has the badge: the badge is shown
 * beside the name, so the domain rule does not give a second company that name's badge (issue 71).
 */
const NAMESAKE_VERIFIED = sql<boolean>`EXISTS (SELECT 1 FROM companies AS namesake
  WHERE namesake.name_key = ${companies.nameKey} AND namesake.verified AND namesake.id <> ${companies.id}
    AND namesake.owner_id IS DISTINCT FROM ${companies.ownerId})`;

/**
 * What decides a company's badge: its site, an admin's decision, its owner's address and whether it is verified, and
 * whether another employer's company of its name has the badge.
 */
const VERIFICATION_INPUT = {
  id: companies.id,
  site: companies.site,
  verified: companies.verified,
  verifiedByAdmin: companies.verifiedByAdmin,
  email: user.email,
  emailVerified: user.emailVerified,
  namesakeVerified: NAMESAKE_VERIFIED,
};

/**
 * The name of another employer's verified company that renaming company `id` of `ownerId` to `name` would take, if
 * any. A name the company already has (its key unchanged) is never taken: an edit of its other details goes through.
 */
export async function nameTakenByVerified(
  db: Db,
  { id, ownerId, name }: { id: string; ownerId: string; name: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.nameKey, nameKeyOf(name)),
        eq(companies.verified, true),
        sql`${companies.ownerId} IS DISTINCT FROM ${ownerId}`,
        sql`NOT EXISTS (SELECT 1 FROM companies AS renamed WHERE renamed.id = ${id} AND renamed.name_key = ${nameKeyOf(name)})`,
      ),
    )
    .limit(1);
  return row?.name;
}

/** The companies of an owner with what decides their badge: the owner's address, and whether it is verified. */
export async function listVerificationInputs(db: Db, ownerId: string) {
  return db
    .select(VERIFICATION_INPUT)
    .from(companies)
    .innerJoin(user, eq(user.id, companies.ownerId))
    .where(eq(companies.ownerId, ownerId));
}

/**
 * A page of the companies whose badge the domain rule decides and could give or take away: no admin decision, and
 * either the badge now (an owner's account deleted since leaves it ownerless, and the rule takes it away) or an owner
 * with a verified address and a site (the rule's own conditions). Ownerless companies without the badge (imported
 * listings) never pass the rule, so they are skipped, however many listings the board has.
 */
export async function listBadgeCandidates(db: Db, { after, limit }: { after: string | null; limit: number }) {
  return db
    .select(VERIFICATION_INPUT)
    .from(companies)
    .leftJoin(user, eq(user.id, companies.ownerId))
    .where(
      and(
        isNull(companies.verifiedByAdmin),
        or(eq(companies.verified, true), and(isNotNull(companies.site), eq(user.emailVerified, true))),
        after ? gt(companies.id, after) : undefined,
      ),
    )
    .orderBy(asc(companies.id))
    .limit(limit);
}

export async function findVerificationInput(db: Db, id: string) {
  const [row] = await db
    .select(VERIFICATION_INPUT)
    .from(companies)
    .leftJoin(user, eq(user.id, companies.ownerId))
    .where(eq(companies.id, id));
  return row;
}

export async function setVerified(db: Db, id: string, verified: boolean): Promise<void> {
  await db
    .update(companies)
    .set({ verified })
    .where(and(eq(companies.id, id), sql`${companies.verified} <> ${verified}`));
}

export async function setAdminDecision(db: Db, id: string, verifiedByAdmin: boolean | null): Promise<void> {
  await db
    .update(companies)
    .set({ verifiedByAdmin, updatedAt: sql`now()` })
    .where(eq(companies.id, id));
}

/**
 * The admins' list, by name, a page at a time, with each company's owner and how many listings it has (counted for
 * the page's companies alone, each through the company index).
 */
export async function listCompaniesForAdmin(db: Db, page: number): Promise<AdminCompany[]> {
  const listings = sql<number>`(SELECT count(*) FROM ${jobs} WHERE ${jobs.companyId} = ${companies.id})::int`;
  const rows = await db
    .select({ company: companies, ownerEmail: user.email, listings })
    .from(companies)
    .leftJoin(user, eq(user.id, companies.ownerId))
    .orderBy(asc(companies.nameKey), asc(companies.id))
    .limit(ADMIN_COMPANIES_PAGE_SIZE)
    .offset((page - 1) * ADMIN_COMPANIES_PAGE_SIZE);
  return rows.map(({ company, ownerEmail, listings: total }) => ({
    ...toCompany(company),
    ownerEmail,
    verifiedByAdmin: company.verifiedByAdmin,
    listings: Number(total),
  }));
}

/**
 * Deletes a company that no listing is in (an owner's delete); false when a listing still is, or joined it meanwhile
 * (the listings' foreign key refuses the delete then).
 */
export async function deleteEmptyCompanyRow(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(companies)
    .where(and(eq(companies.id, id), sql`NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.companyId} = ${id})`))
    .returning({ id: companies.id })
    .catch((error: unknown) => {
      if (hasSqlState(error, "23503")) return [];
      throw error;
    });
  return deleted.length > 0;
}

/** How many listings a company has, whatever their status (through the listings' company index). */
export async function countListingsOf(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(jobs).where(eq(jobs.companyId, id));
  return row?.total ?? 0;
}

export async function deleteCompanyRow(db: Db, id: string): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}

/** Companies for the sitemap: those with a live listing would need a join per row; every company has a page. */
export async function listCompanySlugs(db: Db, { offset, limit }: { offset: number; limit: number }) {
  return db
    .select({ slug: companies.slug, updatedAt: companies.updatedAt })
    .from(companies)
    .orderBy(asc(companies.slug))
    .limit(limit)
    .offset(offset);
}

export async function countCompanies(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(companies);
  return row?.total ?? 0;
}
