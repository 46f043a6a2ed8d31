import {
  companyEditSchema,
  companyMergeSchema,
  companyPageQuerySchema,
  companySlugSchema,
  companyVerificationSchema,
  emailVerifiesSite,
  type AdminCompany,
  type Company,
} from "#shared/companies.ts";
import type { SessionUser } from "#shared/session.ts";
import type { Db } from "#server/db/client.ts";
import { primaryReads, type Reads } from "#server/db/replicas.ts";
import { DomainError, forbidden, invalid, notFound, parseOrThrow } from "#server/errors.ts";
import { moveListingsToCompany } from "#server/jobs.ts";
import {
  countCompanies,
  countListingsOf,
  deleteCompanyRow,
  deleteEmptyCompanyRow,
  findCompanyBySlug,
  findVerificationInput,
  listCompaniesForAdmin,
  listCompaniesOwnedBy,
  listBadgeCandidates,
  listCompanySlugs,
  listVerificationInputs,
  nameTakenByVerified,
  setAdminDecision,
  setVerified,
  toCompany,
  updateCompanyRow,
  type CompanyRow,
} from "#server/companies/repository.ts";

/** How many companies the start-up pass decides a badge for at a time. */
const BADGE_BATCH = 500;

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
export const COMPANY_SITEMAP_FILE_MAX = 50_000;

type VerificationInput = {
  id: string;
  site: string | null;
  verified: boolean;
  verifiedByAdmin: boolean | null;
  email: string | null;
  emailVerified: boolean | null;
  namesakeVerified: boolean;
};

/**
 * The badge: an admin's decision when there is one, else the domain rule (shared/companies.ts). The rule does not give
 * it to a company whose name another employer's company already has with the badge; one that has it keeps it.
 */
const verifiedOf = (input: VerificationInput) =>
  input.verifiedByAdmin ??
  (emailVerifiesSite(input.email ?? "", input.emailVerified ?? false, input.site) &&
    (input.verified || !input.namesakeVerified));

/** The refusal of a rename to a name another employer's verified company has. */
const nameOfVerifiedCompany = (name: string) => {
  const message = `A verified company is already called ${name}. Pick your company's own name.`;
  return new DomainError("CONFLICT", message, { name: message });
};

/**
 * The companies domain (issue 32, ADR 42): a company's page, its owner's edit, its badge, and the admins' list,
 * verification and merge. Its listings are the jobs domain's; a company's details reach them by the database's
 * triggers, so every listing shows an edit in the same transaction.
 */
export function createCompanies({
  db,
  reads = primaryReads(db),
  requireAdmin,
}: {
  db: Db;
  reads?: Reads;
  /** Moderation's gate: only an admin passes (404 to anyone else), with a second factor where one is required. */
  requireAdmin: (viewer: SessionUser | null | undefined) => Promise<SessionUser>;
}) {
  async function findBySlug(database: Db, slug: string): Promise<CompanyRow> {
    const parsed = companySlugSchema.safeParse(slug);
    const row = parsed.success ? await findCompanyBySlug(database, parsed.data) : undefined;
    if (!row) throw notFound("Company not found");
    return row;
  }

  /** Whether the badge changed. */
  async function refresh(input: VerificationInput | undefined): Promise<boolean> {
    if (!input || verifiedOf(input) === input.verified) return false;
    await setVerified(db, input.id, verifiedOf(input));
    return true;
  }

  return {
    /** A company as anyone sees it; the page's listings come from the jobs domain (jobs.listCompanyJobs). */
    async getCompany({ slug }: { slug: string }): Promise<Company> {
      return toCompany(await reads.run((readDb) => findBySlug(readDb, slug)));
    },

    /** The company page's paging, as the home page's (page ≥ 1). */
    parsePageQuery(query: Record<string, string | undefined>): number {
      return parseOrThrow(companyPageQuerySchema, query).page;
    },

    /** The post form's select: the employer's own companies, by name. */
    async listMyCompanies({ user }: { user: SessionUser }): Promise<Company[]> {
      return (await listCompaniesOwnedBy(db, user.id)).map(toCompany);
    },

    /** The company as its owner edits it; anyone else is refused, as the edit itself refuses them. */
    async getCompanyToEdit({ user, slug }: { user: SessionUser; slug: string }): Promise<Company> {
      const row = await findBySlug(db, slug);
      if (row.ownerId !== user.id) throw forbidden("Only the employer who owns this company can change it");
      return toCompany(row);
    },

    /**
     * The owner's edit, validated whole over the company as it is (a PATCH may carry some fields): it shows on every
     * listing of the company at once. A name another of the owner's companies has is refused, and so is one another
     * employer's verified company has (409): its badge would seem to be this company's.
     */
    async updateCompany({
      user,
      slug,
      changes,
    }: {
      user: SessionUser;
      slug: string;
      changes: Record<string, unknown>;
    }) {
      const row = await findBySlug(db, slug);
      if (row.ownerId !== user.id) throw forbidden("Only the employer who owns this company can change it");
      const edit = parseOrThrow(companyEditSchema, { ...toCompany(row), ...changes });
      const taken = await nameTakenByVerified(db, { id: row.id, ownerId: user.id, name: edit.name });
      if (taken) throw nameOfVerifiedCompany(taken);
      if (!(await updateCompanyRow(db, row.id, edit)))
        throw invalid("You already have a company of that name", { name: "You already have a company of that name" });
      await refresh(await findVerificationInput(db, row.id));
      return toCompany(await findBySlug(db, slug));
    },

    /**
     * The owner deletes a company no listing is in any more (its page goes with it). One with listings, whatever their
     * status, is refused: each listing must be in a company, and deleting them with it would lose their stats and
     * applications; the owner deletes them or moves them to another company first.
     */
    async deleteCompany({ user, slug }: { user: SessionUser; slug: string }): Promise<{ ok: true }> {
      const row = await findBySlug(db, slug);
      if (row.ownerId !== user.id) throw forbidden("Only the employer who owns this company can delete it");
      if (await deleteEmptyCompanyRow(db, row.id)) return { ok: true };
      const listings = await countListingsOf(db, row.id);
      throw new DomainError(
        "CONFLICT",
        `${row.name} still has ${listings === 1 ? "1 listing" : `${listings} listings`}: delete ${listings === 1 ? "it" : "them"}, or move ${listings === 1 ? "it" : "them"} to another of your companies, first.`,
      );
    },

    /** An owner's address was verified, or a listing of theirs made a company: their companies' badges are decided again. */
    async refreshVerificationOf({ userId }: { userId: string }): Promise<void> {
      for (const input of await listVerificationInputs(db, userId)) await refresh(input);
    },

    /**
     * Every company's badge decided by the same rule, once at start-up: companies grouped by a migration (0018) were
     * made without it, since the rule (and its free-mail list) lives here and not in SQL. Only companies whose badge
     * changes are written. How many changed.
     */
    async decideEveryBadge(): Promise<number> {
      let changed = 0;
      let after: string | null = null;
      for (;;) {
        const batch = await listBadgeCandidates(db, { after, limit: BADGE_BATCH });
        for (const input of batch) if (await refresh(input)) changed += 1;
        if (batch.length < BADGE_BATCH) return changed;
        after = batch.at(-1)?.id ?? null;
      }
    },

    async listCompaniesForAdmin({
      viewer,
      page,
    }: {
      viewer: SessionUser | null;
      page: number;
    }): Promise<AdminCompany[]> {
      await requireAdmin(viewer);
      return listCompaniesForAdmin(db, page);
    },

    /**
     * An admin's decision on the badge: true or false wins over the domain rule either way; null hands it back to the
     * rule.
     */
    async setVerification({ viewer, slug, fields }: { viewer: SessionUser | null; slug: string; fields: unknown }) {
      await requireAdmin(viewer);
      const { verified } = parseOrThrow(companyVerificationSchema, fields);
      const row = await findBySlug(db, slug);
      await setAdminDecision(db, row.id, verified);
      await refresh(await findVerificationInput(db, row.id));
      return toCompany(await findBySlug(db, slug));
    },

    /**
     * Two companies that are the same become one: every listing of `from` moves to `into` and shows its details, and
     * `from` is gone (its address with it). One transaction.
     */
    async mergeCompanies({ viewer, fields }: { viewer: SessionUser | null; fields: unknown }) {
      await requireAdmin(viewer);
      const { from, into } = parseOrThrow(companyMergeSchema, fields);
      if (from === into) throw invalid("Pick two different companies", { into: "Must differ from the company merged" });
      const source = await findBySlug(db, from);
      const target = await findBySlug(db, into);
      const moved = await db.transaction(async (tx) => {
        const count = await moveListingsToCompany(tx, source.id, target.id);
        await deleteCompanyRow(tx, source.id);
        return count;
      });
      return { company: toCompany(target), movedListings: moved };
    },

    /** How many company sitemap files there are (each holds up to COMPANY_SITEMAP_FILE_MAX companies). */
    async countSitemapFiles(): Promise<number> {
      return Math.ceil((await reads.run((readDb) => countCompanies(readDb))) / COMPANY_SITEMAP_FILE_MAX);
    },

    /** File `file` (1-based) of the companies' sitemap: their slugs and last change. */
    async sitemapEntries({ file }: { file: number }) {
      if (file < 1) return [];
      const offset = (file - 1) * COMPANY_SITEMAP_FILE_MAX;
      return reads.run((readDb) => listCompanySlugs(readDb, { offset, limit: COMPANY_SITEMAP_FILE_MAX }));
    },
  };
}

export type Companies = ReturnType<typeof createCompanies>;
