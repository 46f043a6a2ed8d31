import { describe, expect, test } from "vitest";
import type { Account } from "#server/accounts.ts";
import { isAdminAccount } from "#server/accounts.ts";
import { statusAfterEdit, statusOfNewListing } from "#server/jobs/review-policy.ts";

const newcomer: Account = {
  id: "u1",
  email: "new@example.com",
  emailVerified: true,
  isAdmin: false,
  trustedAt: null,
  suspendedAt: null,
  twoFactorEnabled: false,
  secondFactorUnconfirmedSince: null,
};
const trusted: Account = { ...newcomer, trustedAt: new Date("2026-01-01") };

describe("MODERATION decides where a new listing starts", () => {
  test("off publishes everyone's listing at once", () => {
    expect(statusOfNewListing("off", newcomer, false)).toBe("published");
  });
  test("first holds a newcomer's listing and publishes a trusted employer's", () => {
    expect(statusOfNewListing("first", newcomer, false)).toBe("pending");
    expect(statusOfNewListing("first", trusted, false)).toBe("published");
  });
  test("all holds every employer's listing, trusted or not, but not an admin's", () => {
    expect(statusOfNewListing("all", trusted, false)).toBe("pending");
    expect(statusOfNewListing("all", newcomer, true)).toBe("published");
  });
});

describe("an edit's effect on review", () => {
  test("an untrusted employer's edit to a published listing goes back to review unless moderation is off", () => {
    expect(statusAfterEdit("first", newcomer, false, "published")).toBe("pending");
    expect(statusAfterEdit("all", newcomer, false, "published")).toBe("pending");
    expect(statusAfterEdit("off", newcomer, false, "published")).toBe("published");
  });
  test("a trusted employer's edit keeps the listing published", () => {
    expect(statusAfterEdit("first", trusted, false, "published")).toBe("published");
  });
  test("an edited rejected listing is submitted again; a hidden one stays hidden", () => {
    expect(statusAfterEdit("off", trusted, false, "rejected")).toBe("pending");
    expect(statusAfterEdit("first", trusted, false, "hidden")).toBe("hidden");
  });
});

describe("who is an admin", () => {
  const env = { ADMIN_EMAILS: ["boss@example.com"] };
  test("an ADMIN_EMAILS address counts only once verified, whatever its case", () => {
    expect(isAdminAccount({ ...newcomer, email: "Boss@Example.com" }, env)).toBe(true);
    expect(isAdminAccount({ ...newcomer, email: "boss@example.com", emailVerified: false }, env)).toBe(false);
  });
  test("a granted admin is an admin; a suspended one is not", () => {
    expect(isAdminAccount({ ...newcomer, isAdmin: true, emailVerified: false }, env)).toBe(true);
    expect(isAdminAccount({ ...newcomer, isAdmin: true, suspendedAt: new Date() }, env)).toBe(false);
  });
});
