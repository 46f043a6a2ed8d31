import type { JobStatus, ModerationMode } from "#shared/moderation.ts";
import type { Account } from "#server/accounts.ts";

/** An account whose listings skip review: an admin, or an employer one of whose listings an admin approved. */
const isTrusted = (account: Account, isAdmin: boolean) => isAdmin || account.trustedAt !== null;

/** MODERATION (ADR 0011): `off` publishes at once; `first` reviews until one listing is approved; `all` reviews every new one. */
export function statusOfNewListing(mode: ModerationMode, account: Account, isAdmin: boolean): JobStatus {
  if (mode === "off" || isAdmin) return "published";
  if (mode === "all") return "pending";
  return isTrusted(account, isAdmin) ? "published" : "pending";
}

/** What an employer's address must be before their listing can go anywhere: verified, when REQUIRE_EMAIL_VERIFICATION. */
export function mustVerifyFirst(requireVerification: boolean, account: Account, isAdmin: boolean): boolean {
  return requireVerification && !account.emailVerified && !isAdmin;
}

/**
 * After the owner changes a listing: an edit would otherwise let an untrusted employer publish anything once a harmless
 * first version passed review, so it goes back to review; a rejected listing edited is submitted again. A hidden
 * listing stays hidden: an admin decides.
 */
export function statusAfterEdit(
  mode: ModerationMode,
  account: Account,
  isAdmin: boolean,
  current: JobStatus,
): JobStatus {
  if (current === "rejected") return "pending";
  if (current === "published" && mode !== "off" && !isTrusted(account, isAdmin)) return "pending";
  return current;
}
